import { assert, describe, it } from "@effect/vitest"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import type { DayAssessment } from "../../../src/domain/safety/Assessment.js"
import { calm, everyPreference, input } from "./BuiltinFixtures.js"

/** The word each language adds to an estimated sea height. */
const ESTIMATED = { en: "(estimated)", fr: "(estimation)", es: "(estimación)", it: "(stima)", pt: "(estimativa)", ja: "（推定）" } as const

// A lake day: its seas are the fetch-limited estimate (no marine model has them), a GO day.
const lakeDay: DayAssessment = { ...calm, conditions: { ...calm.conditions, swell_height_ft: undefined, swell_period_s: undefined, waves_estimated: true } as DayAssessment["conditions"] }

describe("estimated seas are said to be estimated in the day's text", () => {
  for (const preferences of everyPreference) {
    it(`${preferences.language} ${preferences.distanceUnits} ${preferences.speedUnits}`, () => {
      const analysis = BuiltinAnalyst.write(input(preferences, { days: [lakeDay, calm] }))
      const [lake, sea] = analysis.daily_classifications
      assert.include(lake!.summary, ESTIMATED[preferences.language], lake!.summary)
      assert.notInclude(sea!.summary, ESTIMATED[preferences.language], sea!.summary)
      assert.strictEqual(lake!.classification, "GO")
    })
  }
})
