import { assert, describe, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { classifyDay } from "../../../src/domain/safety/ClassifyDay.js"
import type { DayConditions } from "../../../src/domain/weather/DayConditions.js"
import { rateFactors } from "../../../src/domain/safety/Factors.js"
import { icingPredictor, sprayIcingOf } from "../../../src/domain/safety/FreezingSprayRule.js"
import { profileOf } from "../../../src/domain/safety/VesselProfile.js"
import type { Vessel } from "../../../src/domain/spotcast/Vessel.js"

// Issue 21 item 7: the rules that ignored size, re-examined against their sources (docs/safety.md).
const calm: DayConditions = {
  wind_speed_kt: 10, wind_gust_kt: 14, wind_direction_deg: 250, wave_height_ft: 2, wave_period_s: 8,
  visibility_nm: 10, precipitation_probability_pct: 10, precipitation_mm_per_h: 0, air_temp_c: 22, water_temp_c: 22
}
/** The class one factor alone gives the day (every factor is rated, GO included). */
const rated = (day: DayConditions, vessel: Vessel, factor: string) =>
  rateFactors(day, profileOf(vessel)).ratings.find((r) => r.factor === factor)?.classification

describe("steep seas are a danger to vessels of about 100 ft or less (burch-steepness)", () => {
  const steep = { ...calm, wave_height_ft: 3, wave_period_s: 3.5 }
  it("3 ft at 3.5 s: AVOID under 40 ft, CAUTION to 99 ft, a note from 100 ft", () => {
    assert.strictEqual(rated(steep, { type: "powerBoat", lengthFt: 20 }, "steep_seas"), "AVOID")
    assert.strictEqual(rated(steep, { type: "yacht", lengthFt: 99 }, "steep_seas"), "CAUTION")
    assert.strictEqual(rated(steep, { type: "yacht", lengthFt: 100 }, "steep_seas"), "GO")
    assert.strictEqual(classifyDay(steep, { type: "yacht", lengthFt: 300 }).classification, "GO", "a 300 ft yacht is not CAUTION")
    assert.strictEqual(rated(steep, { type: "pwc", lengthFt: 120 }, "steep_seas"), "AVOID", "a pwc is the smallest craft at any length")
  })
})

describe("moderate visibility (2-5 nm) is CAUTION under 40 ft, a note from 40 ft (nwsi-10-301)", () => {
  it.prop("poor visibility and fog stay CAUTION or worse for every vessel", [fc.double({ min: 0, max: 1.99, noNaN: true }), fc.integer({ min: 40, max: 500 })], ([nm, length]) => {
    assert.notStrictEqual(rated({ ...calm, visibility_nm: nm }, { type: "yacht", lengthFt: length }, "visibility"), "GO")
  })
  it("3 nm: CAUTION for a 20 ft boat and a pwc, GO from 40 ft", () => {
    const day = { ...calm, visibility_nm: 3 }
    assert.strictEqual(rated(day, { type: "powerBoat", lengthFt: 20 }, "visibility"), "CAUTION")
    assert.strictEqual(rated(day, { type: "pwc", lengthFt: 11 }, "visibility"), "CAUTION")
    assert.strictEqual(rated(day, { type: "sailboat", lengthFt: 40 }, "visibility"), "GO")
    assert.strictEqual(classifyDay(day, { type: "yacht", lengthFt: 60 }).classification, "GO")
  })
})

describe("likely rain of 1 mm/h or more is CAUTION for an open boat, a note with a cabin", () => {
  const wet = { ...calm, precipitation_probability_pct: 80, precipitation_mm_per_h: 2 }
  it("open boats (pwc, under 26 ft except yachts) CAUTION; a 26 ft sailboat or any yacht a note", () => {
    assert.strictEqual(rated(wet, { type: "pwc", lengthFt: 11 }, "precipitation"), "CAUTION")
    assert.strictEqual(rated(wet, { type: "powerBoat", lengthFt: 25 }, "precipitation"), "CAUTION")
    assert.strictEqual(rated(wet, { type: "sailboat", lengthFt: 26 }, "precipitation"), "GO")
    assert.strictEqual(rated(wet, { type: "yacht", lengthFt: 24 }, "precipitation"), "GO")
  })
})

describe("freezing spray agrees with its own predictor's categories (overland-1990, opc-freezing-spray)", () => {
  it("-8 °C air, 31 kt, 8.8 °C water: the predictor rates it moderate, and the rule flags it CAUTION", () => {
    const day = { ...calm, wind_speed_kt: 31, wind_gust_kt: 36, air_temp_c: -8, water_temp_c: 8.8 }
    assert.closeTo(icingPredictor(31, -8, 8.8), 24.2, 0.1)
    assert.strictEqual(sprayIcingOf(day), "moderate")
    assert.strictEqual(rated(day, { type: "yacht", lengthFt: 300 }, "freezing_spray"), "CAUTION")
  })
  it.prop("whenever the air and wind gates are met, the rule's category is the predictor's", [
    fc.double({ min: 22, max: 60, noNaN: true }), fc.double({ min: -30, max: -2, noNaN: true }), fc.double({ min: -2, max: 30, noNaN: true })
  ], ([wind, air, water]) => {
    const ppr = icingPredictor(wind, air, water)
    const expected = ppr >= 53.3 ? "heavy" : ppr >= 22.4 ? "moderate" : ppr > 0 ? "light" : "none"
    assert.strictEqual(sprayIcingOf({ ...calm, wind_speed_kt: wind, air_temp_c: air, water_temp_c: water }), expected)
  })
})
