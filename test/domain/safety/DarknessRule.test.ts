import { assert, describe, it } from "@effect/vitest"
import type { DayConditions } from "../../../src/domain/weather/DayConditions.js"
import { classifyDay } from "../../../src/domain/safety/ClassifyDay.js"
import { candidateWindows, withDaylight } from "../../../src/domain/safety/TripWindowChoice.js"
import type { Vessel, VesselType } from "../../../src/domain/spotcast/Vessel.js"

const calm: DayConditions = {
  wind_speed_kt: 6, wind_gust_kt: 9, wind_direction_deg: 90, wave_height_ft: 1, wave_period_s: 8, swell_height_ft: 0.5,
  swell_period_s: 10, visibility_nm: 10, precipitation_probability_pct: 5, precipitation_mm_per_h: 0, air_temp_c: 24, water_temp_c: 22
}
const boat = (type: VesselType, lengthFt: number): Vessel => ({ type, lengthFt })
const judged = (change: Partial<DayConditions>, vessel: Vessel) => {
  const r = classifyDay({ ...calm, ...change }, vessel)
  return [r.classification, ...r.reasons.map((x) => `${x.factor}:${x.classification}`)].join(" ")
}

describe("darkness (issue 11)", () => {
  it("no daylight at all is AVOID for open boats under 26 ft, CAUTION for everything else", () => {
    const night = { daylight_hours: 0, dark_hours: 4 }
    assert.strictEqual(judged(night, boat("powerBoat", 20)), "AVOID darkness:AVOID")
    assert.strictEqual(judged(night, boat("sailboat", 25.9)), "AVOID darkness:AVOID")
    assert.strictEqual(judged(night, boat("catamaran", 18)), "AVOID darkness:AVOID")
    assert.strictEqual(judged(night, boat("pwc", 300)), "AVOID darkness:AVOID")
    assert.strictEqual(judged(night, boat("powerBoat", 26)), "CAUTION darkness:CAUTION")
    assert.strictEqual(judged(night, boat("yacht", 20)), "CAUTION darkness:CAUTION")
    assert.strictEqual(judged(night, boat("yacht", 300)), "CAUTION darkness:CAUTION")
    // The classify command may give the daylight alone: no daylight is no daylight, whatever the trip.
    assert.strictEqual(judged({ daylight_hours: 0 }, boat("powerBoat", 20)), "AVOID darkness:AVOID")
  })

  it("a trip that cannot fit in the day's light is CAUTION for every vessel; one that fits is not a factor", () => {
    for (const v of [boat("pwc", 10), boat("powerBoat", 20), boat("yacht", 300)]) {
      assert.strictEqual(judged({ daylight_hours: 6, dark_hours: 2 }, v), "CAUTION darkness:CAUTION")
      assert.strictEqual(judged({ daylight_hours: 10, dark_hours: 0 }, v), "GO")
      assert.strictEqual(judged({}, v), "GO")
    }
    const reason = classifyDay({ ...calm, daylight_hours: 6, dark_hours: 2 }).reasons[0]!
    assert.strictEqual(reason.detail, "the trip cannot fit in the 6 h of daylight: 2 h of it in the dark, CAUTION")
  })

  it("counts the window's hours outside daylight", () => {
    const short = { start: 10, end: 16 }
    const [window] = candidateWindows(short, 8)
    assert.deepStrictEqual(window, { startHour: 8, endHour: 16 })
    assert.include(withDaylight(calm, short, window!), { daylight_hours: 6, dark_hours: 2 })
    assert.include(withDaylight(calm, short, { startHour: 10, endHour: 14 }), { daylight_hours: 6, dark_hours: 0 })
    assert.include(withDaylight(calm, { start: 0, end: 0 }, { startHour: 1, endHour: 4 }), { daylight_hours: 0, dark_hours: 3 })
    assert.include(withDaylight(calm, { start: 0, end: 24 }, { startHour: 0, endHour: 24 }), { daylight_hours: 24, dark_hours: 0 })
  })
})
