import { assert, describe, it } from "@effect/vitest"
import { daylightHours, daylightOn } from "../../../src/domain/safety/Daylight.js"

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

  it("keeps the hours whose middle is in daylight", () => {
    assert.deepStrictEqual(daylightHours({ _tag: "SunRisesAndSets", sunrise: 6.4, sunset: 18.6 }), { start: 6, end: 19 })
    assert.deepStrictEqual(daylightHours({ _tag: "SunRisesAndSets", sunrise: 6.6, sunset: 18.4 }), { start: 7, end: 18 })
    assert.deepStrictEqual(daylightHours({ _tag: "SunRisesAndSets", sunrise: 11.6, sunset: 12.4 }), { start: 12, end: 13 })
  })

  it("knows polar day and polar night, at the poles too", () => {
    assert.strictEqual(daylightOn("2024-06-21", { latitude: 69.65, longitude: 18.96 }, 7200)._tag, "PolarDay")
    assert.strictEqual(daylightOn("2024-12-21", { latitude: 69.65, longitude: 18.96 }, 3600)._tag, "PolarNight")
    assert.strictEqual(daylightOn("2024-12-21", { latitude: -90, longitude: 0 }, 0)._tag, "PolarDay")
    assert.strictEqual(daylightOn("2024-12-21", { latitude: 90, longitude: 0 }, 0)._tag, "PolarNight")
    assert.strictEqual(daylightOn("2024-06-21", { latitude: 90, longitude: 0 }, 0)._tag, "PolarDay")
    assert.deepStrictEqual(daylightHours({ _tag: "PolarDay" }), { start: 0, end: 24 })
    assert.deepStrictEqual(daylightHours({ _tag: "PolarNight" }), { start: 0, end: 0 })
  })
})
