import { assert, describe, it } from "@effect/vitest"
import { darkHoursIn, daylightOn, sunHours, sunSpan } from "../../../src/domain/safety/Daylight.js"

const hhmm = (hours: number) => `${Math.floor(hours)}:${String(Math.round((hours % 1) * 60)).padStart(2, "0")}`

const sun = (date: string, latitude: number, longitude: number, offsetHours: number) => {
  const d = daylightOn(date, { latitude, longitude }, offsetHours * 3600)
  if (d._tag !== "SunRisesAndSets") throw new Error(`expected sunrise and sunset, got ${d._tag}`)
  return d
}

describe("Daylight", () => {
  // Reference times from NOAA's solar calculator (to the minute); the formula is good to a few minutes.
  it("finds sunrise and sunset in the series' local time", () => {
    const london = sun("2024-06-21", 51.4769, 0, 1)
    assert.approximately(london.sunrise, 4 + 43 / 60, 5 / 60, hhmm(london.sunrise))
    assert.approximately(london.sunset, 21 + 21 / 60, 5 / 60, hhmm(london.sunset))
    const honolulu = sun("2024-01-15", 21.3069, -157.8583, -10)
    assert.approximately(honolulu.sunrise, 7 + 12 / 60, 5 / 60, hhmm(honolulu.sunrise))
    assert.approximately(honolulu.sunset, 18 + 12 / 60, 5 / 60, hhmm(honolulu.sunset))
    const sydney = sun("2024-12-21", -33.8688, 151.2093, 11)
    assert.approximately(sydney.sunrise, 5 + 41 / 60, 5 / 60, hhmm(sydney.sunrise))
    assert.approximately(sydney.sunset, 20 + 5 / 60, 5 / 60, hhmm(sydney.sunset))
  })

  it("keeps sunrise to sunset to the minute, and the dark part of any hours", () => {
    const sun = sunSpan({ _tag: "SunRisesAndSets", sunrise: 6.7, sunset: 18.5167 })
    assert.deepStrictEqual(sun, { start: 6 + 42 / 60, end: 18 + 31 / 60 })
    assert.approximately(sunHours(sun), 11 + 49 / 60, 1e-9)
    assert.strictEqual(darkHoursIn(sun, 7, 18), 0)
    assert.approximately(darkHoursIn(sun, 6, 8), 42 / 60, 1e-9)
    assert.approximately(darkHoursIn(sun, 18, 19), 29 / 60, 1e-9)
    assert.strictEqual(darkHoursIn(sun, 20, 24), 4)
    // Tromsø, 28 November: the sun is up 11:29-11:36; no whole hour of it is daylight.
    const tromso = sunSpan(daylightOn("2026-11-28", { latitude: 69.6496, longitude: 18.956 }, 3600))
    assert.isBelow(sunHours(tromso), 0.5)
    assert.isAbove(darkHoursIn(tromso, 11, 12), 0.5)
  })

  it("knows polar day and polar night, at the poles too", () => {
    assert.strictEqual(daylightOn("2024-06-21", { latitude: 69.65, longitude: 18.96 }, 7200)._tag, "PolarDay")
    assert.strictEqual(daylightOn("2024-12-21", { latitude: 69.65, longitude: 18.96 }, 3600)._tag, "PolarNight")
    assert.strictEqual(daylightOn("2024-12-21", { latitude: -90, longitude: 0 }, 0)._tag, "PolarDay")
    assert.strictEqual(daylightOn("2024-12-21", { latitude: 90, longitude: 0 }, 0)._tag, "PolarNight")
    assert.strictEqual(daylightOn("2024-06-21", { latitude: 90, longitude: 0 }, 0)._tag, "PolarDay")
    assert.deepStrictEqual(sunSpan({ _tag: "PolarDay" }), { start: 0, end: 24 })
    assert.deepStrictEqual(sunSpan({ _tag: "PolarNight" }), { start: 0, end: 0 })
  })
})
