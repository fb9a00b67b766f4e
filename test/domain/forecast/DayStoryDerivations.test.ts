import { assert, describe, it } from "@effect/vitest"
import { pressureFall } from "../../../src/domain/forecast/PressureFall.js"
import { seaDirections } from "../../../src/domain/forecast/SeaDirections.js"
import { windChange } from "../../../src/domain/forecast/WindChange.js"
import { calmHour, type Reading, series } from "../safety/Hours.js"

// Issue 23: the facts the short day text adds, derived from the hours (pure).
const day = (at: (hour: number) => Partial<Reading>) => series("2027-03-10", 1, (_, h) => ({ ...calmHour, ...at(h) })).hours

describe("the wind's change after the window", () => {
  it("a shift of 45° or more, held two hours, with its new direction and range", () => {
    const hours = day((h) => h < 15 ? { wind_speed_kt: 12, wind_direction_deg: 225 } : { wind_speed_kt: h === 15 ? 18 : 22, wind_direction_deg: 315 })
    assert.deepStrictEqual(windChange(hours.slice(13), 225, 12), { after: 15, fromDeg: 315, lo: 18, hi: 22 })
  })

  it("a build of 5 kt or more in the same direction has no new direction", () => {
    const hours = day((h) => ({ wind_speed_kt: h < 16 ? 10 : 17, wind_direction_deg: 200 }))
    assert.deepStrictEqual(windChange(hours.slice(13), 200, 10), { after: 16, lo: 17, hi: 17 })
  })

  it("one odd hour, a light wind's turn or a small change is no change", () => {
    const blip = day((h) => ({ wind_speed_kt: h === 16 ? 20 : 10, wind_direction_deg: 200 }))
    assert.isUndefined(windChange(blip.slice(13), 200, 10))
    const lightTurn = day((h) => ({ wind_speed_kt: 3, wind_direction_deg: h < 16 ? 200 : 20 }))
    assert.isUndefined(windChange(lightTurn.slice(13), 200, 3))
    const small = day((h) => ({ wind_speed_kt: h < 16 ? 10 : 13, wind_direction_deg: h < 16 ? 200 : 230 }))
    assert.isUndefined(windChange(small.slice(13), 200, 10))
    assert.isUndefined(windChange(small.slice(13), 200, undefined))
  })
})

describe("where the seas and the swell come from", () => {
  it("a swell from another direction is a sea of its own; one that repeats the wind sea is not", () => {
    const apart = seaDirections(day(() => ({ wave_direction_deg: 180, swell_direction_deg: 270, wave_period_s: 5, swell_period_s: 6 })).slice(9, 13))
    assert.deepStrictEqual(apart, { seasFromDeg: 180, swellFromDeg: 270, swellDiffers: true })
    const same = seaDirections(day(() => ({ wave_direction_deg: 180, swell_direction_deg: 190, wave_period_s: 5, swell_period_s: 6 })).slice(9, 13))
    assert.isFalse(same.swellDiffers)
  })

  it("a swell of a clearly longer period differs even from the same direction", () => {
    const longer = seaDirections(day(() => ({ wave_direction_deg: 180, swell_direction_deg: 180, wave_period_s: 5, swell_period_s: 11 })).slice(9, 13))
    assert.isTrue(longer.swellDiffers)
  })

  it("no wave data, no direction", () => {
    const none = seaDirections(day(() => ({ wave_direction_deg: null, wave_height_ft: null, swell_direction_deg: null, swell_height_ft: null })))
    assert.deepStrictEqual(none, { swellDiffers: false })
  })
})

describe("a marked fall of the barometer", () => {
  it("3.6 hPa or more in three hours is 'falling quickly', more than 6 'very rapidly', with the hour it starts", () => {
    const quick = day((h) => ({ pressure_msl_hpa: h < 10 ? 1012 : 1012 - (h - 9) * 1.4 }))
    assert.deepStrictEqual(pressureFall(quick), { fallHpa: 4, from: 9, rate: "quickly" })
    const rapid = day((h) => ({ pressure_msl_hpa: 1010 - Math.max(0, h - 12) * 2.5 }))
    assert.deepStrictEqual(pressureFall(rapid), { fallHpa: 8, from: 12, rate: "veryRapidly" })
  })

  it("a slow fall, a rise, or no pressure in the data is not said", () => {
    assert.isUndefined(pressureFall(day((h) => ({ pressure_msl_hpa: 1015 - h * 0.5 }))))
    assert.isUndefined(pressureFall(day((h) => ({ pressure_msl_hpa: 1000 + h }))))
    assert.isUndefined(pressureFall(day(() => ({}))))
  })
})
