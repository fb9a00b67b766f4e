// Issue 2's check of the built-in analyst as the pipeline runs it: hours -> assessDays (the rules) ->
// BuiltinAnalyst. For every vessel type a calm day is GO and a gale is AVOID, and every language's
// text quotes the day's numbers in the requested units.
import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { write } from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { assessDays } from "../../../src/domain/safety/AssessDays.js"
import type { Language } from "../../../src/domain/spotcast/Preferences.js"
import { defaultVessel, type Vessel } from "../../../src/domain/spotcast/Vessel.js"
import { calmHour, galeHour, series } from "../../domain/safety/Hours.js"

const SPOT = { latitude: 43.3, longitude: 5.35 }
const DATE = "2026-06-15"
const vessels: ReadonlyArray<[string, Vessel | undefined]> = [
  ["no vessel (20 ft power boat)", undefined],
  ["powerBoat 24 ft", { type: "powerBoat", lengthFt: 24 }],
  ["sailboat 32 ft", { type: "sailboat", lengthFt: 32 }],
  ["pwc 11 ft", { type: "pwc", lengthFt: 11 }],
  ["yacht 65 ft", { type: "yacht", lengthFt: 65 }],
  ["catamaran 40 ft", { type: "catamaran", lengthFt: 40 }]
]

const analysisOf = (hour: typeof calmHour, vessel: Vessel | undefined, language: Language = "en") => {
  const days = Either.getOrThrow(assessDays({
    series: series(DATE, 1, () => hour),
    dates: [DATE],
    coordinates: SPOT,
    vessel: vessel ?? defaultVessel
  }))
  return write({
    coordinates: SPOT,
    days,
    vessel: vessel ?? defaultVessel,
    vesselGiven: vessel !== undefined,
    preferences: { language, distanceUnits: "km", speedUnits: "mph", heightUnits: "m", temperatureUnits: "c" },
    simulated: false
  })
}

describe("the built-in analyst on the rules, per vessel type", () => {
  for (const [name, vessel] of vessels) {
    it(`${name}: a calm day is GO, a gale is AVOID`, () => {
      assert.strictEqual(analysisOf(calmHour, vessel).daily_classifications[0]!.classification, "GO")
      assert.strictEqual(analysisOf(galeHour, vessel).daily_classifications[0]!.classification, "AVOID")
    })
  }

  // 38 kt = 43.7 mph, gusts 48 kt = 55.2 mph; 12 ft = 3.7 m; visibility 10 nm = 18.5 km (computed here from
  // 1 kt = 1.150779 mph, 1 ft = 0.3048 m, 1 nm = 1.852 km); a decimal comma in es, fr, pt and it.
  const expected = { wind: (38 * 1.150779).toFixed(1), gust: (48 * 1.150779).toFixed(1), seas: (12 * 0.3048).toFixed(1), visibility: (10 * 1.852).toFixed(1) }
  for (const language of ["en", "es", "fr", "pt", "it", "ja"] as const) {
    it(`${language}: the gale day's text quotes its numbers in mph, m and km`, () => {
      const text = analysisOf(galeHour, { type: "sailboat", lengthFt: 32 }, language).daily_classifications[0]!.summary
      const local = (n: string) => (["es", "fr", "pt", "it"].includes(language) ? n.replace(".", ",") : n)
      for (const number of Object.values(expected)) assert.include(text, local(number), `${language}: ${text}`)
    })
  }
})
