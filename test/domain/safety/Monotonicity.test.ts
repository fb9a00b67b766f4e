import { assert, describe, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { severityOf } from "../../../src/domain/forecast/Analysis.js"
import type { DayConditions } from "../../../src/domain/weather/DayConditions.js"
import { classifyDay } from "../../../src/domain/safety/ClassifyDay.js"
import { type Vessel, VesselType } from "../../../src/domain/spotcast/Vessel.js"

const opt = <A>(arb: fc.Arbitrary<A>) => fc.option(arb, { nil: undefined, freq: 6 })
const dbl = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true })

const day: fc.Arbitrary<DayConditions> = fc
  .record({
    wind_speed_kt: dbl(0, 70),
    wind_gust_kt: dbl(0, 90),
    wind_direction_deg: dbl(0, 359),
    wave_height_ft: opt(dbl(0, 35)),
    wave_period_s: opt(dbl(1, 20)),
    swell_height_ft: opt(dbl(0, 30)),
    swell_period_s: opt(dbl(1, 22)),
    visibility_nm: opt(dbl(0, 20)),
    precipitation_probability_pct: opt(dbl(0, 100)),
    precipitation_mm_per_h: opt(dbl(0, 50)),
    air_temp_c: opt(dbl(-30, 40)),
    water_temp_c: opt(dbl(-2, 32)),
    weather_code: opt(fc.constantFrom(0, 2, 45, 61, 65, 81, 95, 99)),
    daylight_hours: opt(fc.integer({ min: 0, max: 24 })),
    dark_hours: opt(fc.integer({ min: 0, max: 24 }))
  }, { requiredKeys: ["wind_speed_kt", "wind_gust_kt", "wind_direction_deg"] })
  .map((d) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as DayConditions)

const types = VesselType.literals
const vessel: fc.Arbitrary<Vessel> = fc.record({ type: fc.constantFrom(...types), lengthFt: dbl(1, 500) })
const step = dbl(0, 30)

const severity = (d: DayConditions, v: Vessel) => severityOf(classifyDay(d, v).classification)

/** `worse` makes one factor more severe; the class must not become less severe. */
const monotone = (name: string, worse: (d: DayConditions, delta: number) => DayConditions) =>
  it.prop(`more severe ${name} never gives a less severe class`, [day, vessel, step], ([d, v, delta]) => {
    const worsened = worse(d, delta)
    assert.isAtLeast(severity(worsened, v), severity(d, v), JSON.stringify({ d, worsened, v }))
  })

const raise = (x: number | undefined, delta: number) => (x === undefined ? undefined : x + delta)
const set = <K extends keyof DayConditions>(d: DayConditions, k: K, value: DayConditions[K] | undefined): DayConditions =>
  value === undefined ? d : { ...d, [k]: value }

describe("classifyDay is monotone in each factor", () => {
  monotone("sustained wind", (d, x) => ({ ...d, wind_speed_kt: d.wind_speed_kt + x }))
  monotone("gusts", (d, x) => ({ ...d, wind_gust_kt: d.wind_gust_kt + x }))
  monotone("wave height", (d, x) => set(d, "wave_height_ft", raise(d.wave_height_ft, x / 3)))
  monotone("swell height", (d, x) => set(d, "swell_height_ft", raise(d.swell_height_ft, x / 3)))
  monotone("seas (shorter period, steeper)", (d, x) =>
    set(d, "wave_period_s", d.wave_period_s === undefined ? undefined : Math.max(0.5, d.wave_period_s - x / 3)))
  monotone("visibility (lower)", (d, x) =>
    set(d, "visibility_nm", d.visibility_nm === undefined ? undefined : Math.max(0, d.visibility_nm - x / 3)))
  monotone("rain probability", (d, x) =>
    set(d, "precipitation_probability_pct", d.precipitation_probability_pct === undefined ? undefined : Math.min(100, d.precipitation_probability_pct + x * 3)))
  monotone("rain rate", (d, x) => set(d, "precipitation_mm_per_h", raise(d.precipitation_mm_per_h, x)))
  monotone("water temperature (colder)", (d, x) => set(d, "water_temp_c", raise(d.water_temp_c, -x)))
  monotone("air temperature (colder: freezing spray)", (d, x) => set(d, "air_temp_c", raise(d.air_temp_c, -x)))
  monotone("daylight (shorter)", (d, x) =>
    set(d, "daylight_hours", d.daylight_hours === undefined ? undefined : Math.max(0, d.daylight_hours - Math.round(x))))
  monotone("hours in the dark (more)", (d, x) => set(d, "dark_hours", raise(d.dark_hours, Math.round(x))))
})

describe("classifyDay and the vessel", () => {
  it.prop("a longer vessel of the same type never gets a more severe class", [day, fc.constantFrom(...types), dbl(1, 500), dbl(1, 500)], ([d, type, a, b]) => {
    const [short, long] = a <= b ? [a, b] : [b, a]
    assert.isAtMost(severity(d, { type, lengthFt: long }), severity(d, { type, lengthFt: short }), `${type} ${short} -> ${long}`)
  })

  const calm: DayConditions = {
    wind_speed_kt: 6, wind_gust_kt: 9, wind_direction_deg: 90, wave_height_ft: 1, wave_period_s: 8, swell_height_ft: 0.5,
    swell_period_s: 10, visibility_nm: 10, precipitation_probability_pct: 5, precipitation_mm_per_h: 0, air_temp_c: 24, water_temp_c: 22
  }
  const gale: DayConditions = { ...calm, wind_speed_kt: 36, wind_gust_kt: 44, wave_height_ft: 12, wave_period_s: 9, swell_height_ft: 8 }
  const storm: DayConditions = { ...gale, wind_speed_kt: 50, wind_gust_kt: 62, wave_height_ft: 26 }

  for (const type of types) {
    it.prop(`${type}: a calm day is GO at any length, a gale AVOID under 200 ft, a storm AVOID at any length`, [dbl(1, 500)], ([lengthFt]) => {
      const v = { type, lengthFt }
      assert.strictEqual(classifyDay(calm, v).classification, "GO")
      assert.deepStrictEqual(classifyDay(calm, v).reasons, [])
      if (lengthFt < 200 || type === "pwc") assert.strictEqual(classifyDay(gale, v).classification, "AVOID")
      assert.strictEqual(classifyDay(storm, v).classification, "AVOID")
    })
  }

  it("without a vessel, a day is judged for a 20 ft power boat", () => {
    const breezy = { ...calm, wind_speed_kt: 14 }
    assert.deepStrictEqual(classifyDay(breezy), classifyDay(breezy, { type: "powerBoat", lengthFt: 20 }))
    assert.strictEqual(classifyDay(breezy).classification, "CAUTION")
  })
})
