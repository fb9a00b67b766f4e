import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { writeDay } from "../../../src/adapters/analyst/BuiltinDay.js"
import { judgeDays } from "../../../src/domain/forecast/ForecastExtras.js"
import type { ForecastWeather } from "../../../src/domain/weather/ForecastWeather.js"
import { hourClass } from "../../../src/domain/forecast/Timeline.js"
import { assessDays } from "../../../src/domain/safety/AssessDays.js"
import { raisedSeas, windAgainstCurrent, withCurrentAgainstWind } from "../../../src/domain/safety/WindAgainstCurrentRule.js"
import { defaultPreferences } from "../../../src/domain/spotcast/Preferences.js"
import { defaultVessel } from "../../../src/domain/spotcast/Vessel.js"
import { calmHour, type Reading, series } from "../safety/Hours.js"

// Wind 11 kt from 200°, seas 2 ft: GO for a 20 ft power boat on their own (GO up to 12 kt, 17 kt gusts, 2 ft seas).
const breezy: Reading = { ...calmHour, wind_speed_kt: 11, wind_gust_kt: 15, wind_direction_deg: 200, wave_height_ft: 2, wave_period_s: 8 }
const at = { latitude: 41.2, longitude: -71.6 }

const withCurrent = (speedKt: number, toDeg: number, reading: Reading = breezy): ForecastWeather => {
  const base = series("2026-06-01", 1, () => reading, -4 * 3600)
  return { ...base, hours: base.hours.map((h) => ({ ...h, current_speed_kt: speedKt, current_direction_deg: toDeg, tide_height_ft: 0 })) }
}

const judged = (weather: ForecastWeather) => {
  const input = { series: weather, dates: ["2026-06-01"], coordinates: at, vessel: defaultVessel }
  const assessed = Either.getOrThrow(assessDays(input))
  return { assessed, judged: judgeDays(assessed, input) }
}

describe("wind against current raises the seas", () => {
  it("an opposing current of 1 kt or more: GO seas become CAUTION, and the text names it", () => {
    // The current flows TO 200°, the wind comes FROM 200°: head on.
    const { assessed, judged: j } = judged(withCurrent(1.5, 200))
    assert.strictEqual(assessed[0]!.classification, "GO", "precondition: GO without the current")
    assert.strictEqual(j.days[0]!.classification, "CAUTION")
    const reason = j.days[0]!.reasons.find((r) => r.detail.startsWith("wind against current"))
    assert.strictEqual(reason?.factor, "wind_against_current", "its own factor, not the seas")
    assert.strictEqual(reason?.classification, "CAUTION")
    assert.include(reason!.detail, "RNLI")
    assert.deepStrictEqual(j.notes[0]!.map((n) => n._tag), ["WindAgainstCurrent"])
    const text = writeDay({
      coordinates: at,
      days: j.days,
      notes: j.notes,
      vessel: defaultVessel,
      vesselGiven: false,
      preferences: defaultPreferences,
      simulated: false
    }, 0)
    assert.include(text, "a 1.5 kt current against the 11 kt wind makes the seas steeper")
    assert.include(text, "because of wind against current", "the verdict names the hazard, not the seas' height")
    assert.deepStrictEqual(j.days[0]!.reasons.filter((r) => r.classification === "CAUTION").map((r) => r.factor), ["wind_against_current"])
  })

  it("a current with the wind, across it, too weak, or without seas changes nothing", () => {
    for (const [speed, to, reading] of [
      [1.5, 20, breezy], // with the wind (flows to where the wind blows)
      [1.5, 290, breezy], // across (90° off)
      [0.9, 200, breezy], // under 1 kt
      [1.5, 200, { ...breezy, wind_speed_kt: 9 }], // under 10 kt of wind
      [1.5, 200, { ...breezy, wave_height_ft: 1.5, swell_height_ft: 0.5 }] // seas under 2 ft
    ] as const) {
      const { assessed, judged: j } = judged(withCurrent(speed, to, reading))
      assert.deepStrictEqual(j.days, assessed, `${speed} kt to ${to}°`)
      assert.deepStrictEqual(j.notes, [[]])
    }
  })

  it("CAUTION seas become AVOID only from 2 kt; AVOID stays AVOID", () => {
    const opposition = { time: "2026-06-01T10:00", currentKt: 1.5, currentToDeg: 200, windKt: 11, windFromDeg: 200, seasFt: 5 }
    assert.strictEqual(raisedSeas("GO", opposition), "CAUTION")
    assert.strictEqual(raisedSeas("CAUTION", opposition), "CAUTION")
    assert.strictEqual(raisedSeas("CAUTION", { ...opposition, currentKt: 2 }), "AVOID")
    assert.strictEqual(raisedSeas("AVOID", { ...opposition, currentKt: 3 }), "AVOID")
    assert.isUndefined(withCurrentAgainstWind([{ factor: "seas", classification: "CAUTION", detail: "seas 5 ft" }], []))
  })

  it("the strongest opposing hour is the one named; each hour's own class includes the rule", () => {
    const base = withCurrent(1.2, 200)
    const hours = base.hours.map((h, i) => (i === 14 ? { ...h, current_speed_kt: 2.4 } : h))
    assert.strictEqual(windAgainstCurrent(hours)?.time, "2026-06-01T14:00")
    assert.strictEqual(hourClass(hours[14]!, defaultVessel), "CAUTION")
    assert.strictEqual(hourClass({ ...hours[14]!, current_direction_deg: 20 }, defaultVessel), "GO")
  })
})
