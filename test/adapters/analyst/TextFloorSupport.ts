import { FastCheck as fc } from "effect"
import { type Classification, worstOf } from "../../../src/domain/forecast/Analysis.js"
import { type DayAssessment, Factor } from "../../../src/domain/safety/Assessment.js"
import type { Preferences } from "../../../src/domain/spotcast/Preferences.js"
import type { Vessel } from "../../../src/domain/spotcast/Vessel.js"
import type { AnalystInput } from "../../../src/ports/Analyst.js"

/** Every factor the rules know, whatever is added later. */
const factors: ReadonlyArray<Factor> = Factor.literals
const cls = fc.constantFrom<Classification>("GO", "CAUTION", "AVOID")
const opt = <A>(a: fc.Arbitrary<A>) => fc.option(a, { nil: undefined })
const reading = (min: number, max: number) => fc.double({ min, max, noNaN: true })

/** Factors the rules only ever note (class GO): they never decide a day. */
const noteOnly: ReadonlySet<Factor> = new Set(["light_air", "cold_air"])

/** A plausible day: readings in physical ranges, reasons of any factor, the class the worst of them. */
export const anyDay: fc.Arbitrary<DayAssessment> = fc.record({
  date: fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-12-31T00:00:00Z"), noInvalidDate: true }),
  start: fc.integer({ min: 0, max: 23 }),
  length: fc.integer({ min: 1, max: 24 }),
  wind: reading(0, 80),
  gustExtra: reading(0, 40),
  direction: reading(0, 359.9),
  wave: opt(reading(0, 40)),
  wavePeriod: opt(reading(1, 20)),
  swell: opt(reading(0, 30)),
  swellPeriod: opt(reading(1, 22)),
  visibility: opt(reading(0, 30)),
  pct: opt(fc.integer({ min: 0, max: 100 })),
  rate: opt(reading(0, 60)),
  air: opt(reading(-40, 48)),
  water: opt(reading(-2, 36)),
  reasons: fc.uniqueArray(fc.tuple(fc.constantFrom(...factors), cls), { selector: ([f]) => f, maxLength: 5 }),
  worse: fc.uniqueArray(fc.constantFrom(...factors), { maxLength: 3 })
}).map((r): DayAssessment => {
  const reasons = r.reasons.map(([factor, c]) => ({ factor, classification: noteOnly.has(factor) ? "GO" as const : c, detail: "test" }))
  const when = <A>(v: A | undefined, f: (v: A) => object) => (v === undefined ? {} : f(v))
  return {
    date: r.date.toISOString().slice(0, 10),
    window: { startHour: r.start, endHour: Math.min(24, r.start + r.length) },
    conditions: {
      wind_speed_kt: r.wind,
      wind_gust_kt: r.wind + r.gustExtra,
      wind_direction_deg: r.direction,
      ...when(r.wave, (v) => ({ wave_height_ft: v })),
      ...when(r.wavePeriod, (v) => ({ wave_period_s: v })),
      ...when(r.swell, (v) => ({ swell_height_ft: v })),
      ...when(r.swellPeriod, (v) => ({ swell_period_s: v })),
      ...when(r.visibility, (v) => ({ visibility_nm: v })),
      ...when(r.pct, (v) => ({ precipitation_probability_pct: v })),
      ...when(r.rate, (v) => ({ precipitation_mm_per_h: v })),
      ...when(r.air, (v) => ({ air_temp_c: v })),
      ...when(r.water, (v) => ({ water_temp_c: v }))
    },
    classification: worstOf(reasons.map((x) => x.classification)),
    reasons,
    worseOutsideWindow: r.worse
  }
})

export const anyPreferences: fc.Arbitrary<Preferences> = fc.record({
  language: fc.constantFrom("en", "es", "fr", "pt", "it", "ja"),
  distanceUnits: fc.constantFrom("nm", "mi", "km"),
  speedUnits: fc.constantFrom("kts", "mph", "ms"),
  heightUnits: fc.constantFrom("ft", "m"),
  temperatureUnits: fc.constantFrom("c", "f")
})

export const anyVessel: fc.Arbitrary<Vessel> = fc.record({
  type: fc.constantFrom("powerBoat", "sailboat", "pwc", "yacht", "catamaran"),
  lengthFt: fc.integer({ min: 8, max: 200 })
})

export const anyInput: fc.Arbitrary<AnalystInput> = fc.record({
  days: fc.array(anyDay, { minLength: 1, maxLength: 7 }),
  preferences: anyPreferences,
  vessel: anyVessel,
  vesselGiven: fc.boolean(),
  simulated: fc.boolean(),
  trip: opt(fc.integer({ min: 1, max: 24 }))
}).map(({ trip, ...a }) => ({
  coordinates: { latitude: 0, longitude: 0 },
  ...a,
  ...(trip === undefined ? {} : { tripDurationHours: trip })
}))
