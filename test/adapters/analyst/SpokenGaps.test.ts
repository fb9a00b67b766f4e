import { assert, describe, it } from "@effect/vitest"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { classifyDay } from "../../../src/domain/safety/ClassifyDay.js"
import type { DayAssessment } from "../../../src/domain/safety/Assessment.js"
import type { DayConditions } from "../../../src/domain/weather/DayConditions.js"
import type { Language } from "../../../src/domain/spotcast/Preferences.js"
import { languages } from "./BuiltinFixtures.js"

// Issue 21 item 6: a reading the forecast does not have is said, in every language.
const visibilityGap: Record<Language, string> = {
  en: "Visibility is not forecast for this place",
  es: "No hay pronóstico de visibilidad",
  fr: "La visibilité n'est pas prévue",
  pt: "Não há previsão de visibilidade",
  it: "La visibilità non è prevista",
  ja: "視程予報はありません"
}
const seaGap: Record<Language, RegExp> = {
  en: /Sea-state data unavailable/, es: /oleaje|estado del mar/i, fr: /état de la mer|mer/i, pt: /estado do mar|mar/i, it: /stato del mare|mare/i, ja: /海況データなし/
}

const judged = (conditions: DayConditions): DayAssessment => {
  const vessel = { type: "sailboat", lengthFt: 30 } as const
  const { classification, reasons } = classifyDay(conditions, vessel)
  return { date: "2026-06-03", window: { startHour: 8, endHour: 18 }, conditions, classification, reasons, worseOutsideWindow: [] }
}
const text = (day: DayAssessment, language: Language) =>
  BuiltinAnalyst.write({
    coordinates: { latitude: 43.6, longitude: -79.4 },
    days: [day],
    vessel: { type: "sailboat", lengthFt: 30 },
    vesselGiven: true,
    preferences: { language, distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" },
    simulated: false
  }).daily_classifications[0]!.summary

const base: DayConditions = { wind_speed_kt: 10, wind_gust_kt: 14, wind_direction_deg: 250, wave_height_ft: 2, wave_period_s: 8, visibility_nm: 10 }

describe("spoken gaps", () => {
  for (const language of languages) {
    it(`${language}: unavailable visibility is said, available visibility is not called unavailable`, () => {
      const { visibility_nm: _, ...noVisibility } = base
      assert.include(text(judged(noVisibility), language), visibilityGap[language])
      assert.notInclude(text(judged(base), language), visibilityGap[language])
    })
    it(`${language}: unavailable waves are said`, () => {
      const { wave_height_ft: _h, wave_period_s: _p, ...noWaves } = base
      const day = judged(noWaves)
      assert.strictEqual(day.classification, "CAUTION", "unknown seas are never calm")
      assert.match(text(day, language), seaGap[language])
    })
  }
})
