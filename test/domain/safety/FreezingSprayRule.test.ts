import { assert, describe, it } from "@effect/vitest"
import type { DayConditions } from "../../../src/domain/weather/DayConditions.js"
import { classifyDay } from "../../../src/domain/safety/ClassifyDay.js"
import { icingPredictor, sprayIcingOf } from "../../../src/domain/safety/FreezingSprayRule.js"
import type { Vessel } from "../../../src/domain/spotcast/Vessel.js"

const calm: DayConditions = {
  wind_speed_kt: 6, wind_gust_kt: 9, wind_direction_deg: 90, wave_height_ft: 1, wave_period_s: 8, swell_height_ft: 0.5,
  swell_period_s: 10, visibility_nm: 10, precipitation_probability_pct: 5, precipitation_mm_per_h: 0, air_temp_c: 24, water_temp_c: 22
}
const ship: Vessel = { type: "yacht", lengthFt: 300 }
const cold = (wind: number, air: number, water: number): DayConditions =>
  ({ ...calm, wind_speed_kt: wind, wind_gust_kt: wind, air_temp_c: air, water_temp_c: water })
const spray = (d: DayConditions, v: Vessel = ship) =>
  classifyDay(d, v).reasons.filter((r) => r.factor === "freezing_spray").map((r) => r.classification)

describe("freezing spray (issue 11)", () => {
  it("computes Overland's predictor PPR = Va (Tf - Ta) / (1 + 0.3 (Tw - Tf))", () => {
    // 30 kt = 15.43 m/s; (-1.7 + 12) = 10.3; 1 + 0.3 × 1.7 = 1.51: PPR = 105.3.
    assert.closeTo(icingPredictor(30, -12, 0), 15.4333 * 10.3 / 1.51, 0.01)
    // Water below sea water's freezing point counts as -1.7 °C.
    assert.strictEqual(icingPredictor(30, -12, -3), icingPredictor(30, -12, -1.7))
  })

  it("needs air of -2 °C or colder and force 6 (22 kt); then the predictor's own category, the water included", () => {
    assert.strictEqual(sprayIcingOf(cold(25, -3, 4)), "light") // PPR 6.2
    assert.strictEqual(sprayIcingOf(cold(24, -8, 2)), "moderate") // PPR 36.9
    assert.strictEqual(sprayIcingOf(cold(30, -12, 0)), "heavy") // PPR 105
    assert.strictEqual(sprayIcingOf(cold(30, -1.9, 0)), "none")
    // Warmer water lowers the predictor, it does not switch it off: -8 °C, 31 kt, 8.8 °C water is PPR 24.2, moderate.
    assert.strictEqual(sprayIcingOf(cold(31, -8, 8.8)), "moderate")
    assert.strictEqual(sprayIcingOf(cold(30, -12, 6.1)), "moderate") // PPR 41.8
    assert.strictEqual(sprayIcingOf(cold(22, -2, 25)), "light") // PPR 0.4: the predictor's light category
    assert.strictEqual(sprayIcingOf(cold(21.9, -20, 0)), "none")
    const { water_temp_c: _, ...noWater } = cold(30, -12, 0)
    assert.strictEqual(sprayIcingOf(noWater), "none")
  })

  it("is CAUTION (light or moderate) and AVOID when heavy, 2 cm/h or more, for every vessel", () => {
    assert.deepStrictEqual(spray(cold(25, -3, 4)), ["CAUTION"])
    assert.deepStrictEqual(spray(cold(24, -8, 2)), ["CAUTION"])
    assert.deepStrictEqual(spray(cold(30, -12, 0)), ["AVOID"])
    assert.deepStrictEqual(spray(cold(31, -8, 8.8)), ["CAUTION"], "the predictor's moderate is flagged")
    // A 300 ft ship is only CAUTION at 30 kt: the heavy spray alone makes the day AVOID.
    assert.strictEqual(classifyDay(cold(30, -12, 0), ship).classification, "AVOID")
    assert.strictEqual(classifyDay({ ...cold(30, -12, 0), air_temp_c: 5 }, ship).classification, "CAUTION")
    assert.match(classifyDay(cold(30, -12, 0), ship).reasons[0]!.detail, /^heavy freezing spray: air -12 °C, water 0 °C, wind 30 kt/)
  })

  it("names air below 0 °C as a note, never a class", () => {
    const r = classifyDay({ ...calm, air_temp_c: -8, water_temp_c: 18 }, ship)
    assert.strictEqual(r.classification, "GO")
    assert.deepStrictEqual(r.reasons.map((x) => `${x.factor}:${x.classification}`), ["cold_air:GO"])
    assert.deepStrictEqual(classifyDay({ ...calm, air_temp_c: 0 }, ship).reasons, [])
  })
})
