import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { conditionSpan } from "../../../src/domain/forecast/ConditionRanges.js"
import { angleBetween, compassOf, dominantDirection } from "../../../src/domain/weather/Directions.js"
import { converterFor, displayUnits } from "../../../src/domain/forecast/DisplayUnits.js"
import type { ForecastWeather, TimelineHour } from "../../../src/domain/weather/ForecastWeather.js"
import { localTimeOn } from "../../../src/domain/forecast/LocalTimes.js"
import { tideExtremes } from "../../../src/domain/forecast/TideExtremes.js"
import { dayTimeline, seriesTides } from "../../../src/domain/forecast/Timeline.js"
import { assessDays } from "../../../src/domain/safety/AssessDays.js"
import { defaultVessel } from "../../../src/domain/spotcast/Vessel.js"
import { calmHour, galeHour, series } from "../safety/Hours.js"

const kts = converterFor(displayUnits({ speedUnits: "kts", distanceUnits: "nm", heightUnits: "ft", temperatureUnits: "c" }))
const metric = converterFor(displayUnits({ speedUnits: "ms", distanceUnits: "km", heightUnits: "m", temperatureUnits: "c" }))

const hour = (time: string, r: Partial<TimelineHour>): TimelineHour => ({ time, ...calmHour, ...r })

describe("Directions", () => {
  it("names the 16 compass points", () => {
    assert.deepStrictEqual([0, 11, 12, 22.5, 45, 90, 180, 225, 247.5, 348.7, 348.8, 359].map(compassOf),
      ["N", "N", "NNE", "NNE", "NE", "E", "S", "SW", "WSW", "NNW", "N", "N"])
  })

  it("the dominant direction is the strength-weighted vector mean, across north", () => {
    assert.deepStrictEqual(dominantDirection([[350, 10], [10, 10]]), { degrees: 0, compass: "N" })
    // The strong hour counts three times the weak one: 3·(90°) + 1·(180°) → atan2(3, -1) ≈ 108°.
    assert.deepStrictEqual(dominantDirection([[90, 15], [180, 5]]), { degrees: 108, compass: "ESE" })
    assert.isUndefined(dominantDirection([[90, 10], [270, 10]]), "opposite and equal: no dominant direction")
    assert.isUndefined(dominantDirection([[null, 10], [90, 0], [90, null]]))
    assert.strictEqual(angleBetween(350, 20), 30)
    assert.strictEqual(angleBetween(90, 270), 180)
  })
})

describe("ConditionRanges", () => {
  const hours = [
    hour("2026-06-01T10:00", { wind_speed_kt: 8, wind_gust_kt: 12, wind_direction_deg: 200, wave_height_ft: 2, swell_height_ft: null }),
    hour("2026-06-01T11:00", { wind_speed_kt: 14, wind_gust_kt: null, wind_direction_deg: 240, wave_height_ft: 3.5, wave_direction_deg: 250 }),
    hour("2026-06-01T12:00", { wind_speed_kt: null, wind_gust_kt: 25, wind_direction_deg: null, wave_height_ft: null })
  ]

  it("min and max of each reading over the hours, converted; gusts as reported", () => {
    const span = conditionSpan(hours, kts)
    assert.deepStrictEqual(span.wind_speed, { min: 8, max: 14 })
    assert.deepStrictEqual(span.wind_gust, { min: 12, max: 25 })
    assert.deepStrictEqual(span.wave_height, { min: 2, max: 3.5 })
    assert.deepStrictEqual(span.swell_height, { min: 0.5, max: 0.5 })
    const inMetric = conditionSpan(hours, metric)
    assert.deepStrictEqual(inMetric.wind_speed, { min: 4.1, max: 7.2 }, "m/s")
    assert.deepStrictEqual(inMetric.wave_height, { min: 0.61, max: 1.07 }, "m")
  })

  it("dominant directions weighted by wind speed, wave and swell height", () => {
    const span = conditionSpan(hours, kts)
    // 8 kt from 200° and 14 kt from 240°: x = 8 sin 200° + 14 sin 240° = -14.86, y = -14.52 → 225.7°.
    assert.deepStrictEqual(span.wind_direction, { degrees: 226, compass: "SW" })
    // 2 ft from 90° and 3.5 ft from 250° (the third hour has no wave height): x = -1.29, y = -1.20 → 227.1°.
    assert.deepStrictEqual(span.wave_direction, { degrees: 227, compass: "SW" })
    assert.deepStrictEqual(span.swell_direction, { degrees: 90, compass: "E" })
  })

  it("a reading no hour has is absent (inland: no seas), never zero", () => {
    const inland = conditionSpan(hours.map((h) => ({ ...h, wave_height_ft: null, swell_height_ft: null, wave_direction_deg: null, swell_direction_deg: null })), kts)
    assert.isFalse("wave_height" in inland)
    assert.isFalse("swell_height" in inland)
    assert.isFalse("wave_direction" in inland)
  })
})

describe("TideExtremes", () => {
  // A constructed semi-diurnal curve: 1.2 cos(2π(t - 3.1)/12.42) m, sampled hourly for 2 days.
  const M2 = 12.4206
  const curve = Array.from({ length: 48 }, (_, t) => 1.2 * Math.cos((2 * Math.PI * (t - 3.1)) / M2))

  it("finds every high and low water between the hours, to within a few minutes", () => {
    const found = tideExtremes(curve)
    const expected = [3.1, 3.1 + M2 / 2, 3.1 + M2, 3.1 + 1.5 * M2, 3.1 + 2 * M2, 3.1 + 2.5 * M2, 3.1 + 3 * M2]
      .filter((t) => t > 0.5 && t < 46.5)
    assert.deepStrictEqual(found.map((e) => e.type), expected.map((_, i) => (i % 2 === 0 ? "high" : "low")))
    found.forEach((e, i) => {
      assert.approximately(e.at, expected[i]!, 4 / 60, `extreme ${i} at ${e.at}`)
      assert.approximately(e.heightFt, i % 2 === 0 ? 1.2 : -1.2, 0.01)
    })
  })

  it("gaps break the curve; a flat top counts once", () => {
    assert.deepStrictEqual(tideExtremes([0, 1, null, 1, 0]), [])
    const flat = tideExtremes([0, 1, 1, 0])
    assert.strictEqual(flat.length, 1)
    assert.strictEqual(flat[0]!.type, "high")
    assert.strictEqual(flat[0]!.at, 1.5)
  })

  it("as local times with the offset, per date, in the display height unit", () => {
    const base = series("2026-06-01", 2, () => calmHour, 3600)
    const withTide: ForecastWeather = {
      ...base,
      hours: base.hours.map((h, t) => ({ ...h, tide_height_ft: 4 * Math.cos((2 * Math.PI * (t - 3.1)) / M2) }))
    }
    const tides = seriesTides(withTide, metric)
    assert.strictEqual(tides[0]!.type, "high")
    assert.match(tides[0]!.time, /^2026-06-01T03:0\d:00\+01:00$/)
    assert.approximately(tides[0]!.height, 4 * 0.3048, 0.01)
    assert.deepStrictEqual([...new Set(tides.map((t) => t.date))], ["2026-06-01", "2026-06-02"])
  })
})

describe("dayTimeline", () => {
  const minutes = (time: string) => Number(time.slice(11, 13)) * 60 + Number(time.slice(14, 16))

  // NOAA solar calculator values (to the minute), as in test/domain/safety/Daylight.test.ts.
  it("sunrise and sunset against NOAA for fixed places and dates, with the local offset", () => {
    const cases = [
      { date: "2024-06-21", at: { latitude: 51.4769, longitude: 0 }, offset: 1, rise: "04:43", set: "21:21" },
      { date: "2024-01-15", at: { latitude: 21.3069, longitude: -157.8583 }, offset: -10, rise: "07:12", set: "18:12" },
      { date: "2024-12-21", at: { latitude: -33.8688, longitude: 151.2093 }, offset: 11, rise: "05:41", set: "20:05" }
    ]
    for (const c of cases) {
      const weather = series(c.date, 1, () => calmHour, c.offset * 3600)
      const input = { series: weather, dates: [c.date], coordinates: c.at, vessel: defaultVessel }
      const [day] = Either.getOrThrow(assessDays(input))
      const t = dayTimeline({ series: weather, day: day!, coordinates: c.at, vessel: defaultVessel, convert: kts, tides: [] })
      const sign = c.offset < 0 ? "-" : "+"
      const zone = `${sign}${String(Math.abs(c.offset)).padStart(2, "0")}:00`
      assert.isTrue(t.sunrise!.startsWith(c.date) && t.sunrise!.endsWith(zone), t.sunrise)
      assert.approximately(minutes(t.sunrise!), minutes(`xxxxxxxxxxx${c.rise}`), 5, `${c.date} sunrise ${t.sunrise}`)
      assert.approximately(minutes(t.sunset!), minutes(`xxxxxxxxxxx${c.set}`), 5, `${c.date} sunset ${t.sunset}`)
    }
  })

  it("no sunrise or sunset in a polar night", () => {
    const weather = series("2026-12-21", 1, () => calmHour)
    const at = { latitude: 78.2, longitude: 15.6 }
    const [day] = Either.getOrThrow(assessDays({ series: weather, dates: ["2026-12-21"], coordinates: at, vessel: defaultVessel }))
    const t = dayTimeline({ series: weather, day: day!, coordinates: at, vessel: defaultVessel, convert: kts, tides: [] })
    assert.isUndefined(t.sunrise)
    assert.isUndefined(t.sunset)
  })

  it("window, ranges over window and day, deciding factors, and each hour's own class", () => {
    // Calm until 15:00, a gale from 15:00: the daylight window holds the gale, the day's ranges too.
    const weather = series("2026-06-01", 1, (_, h) => (h >= 15 ? galeHour : calmHour), 7200)
    const at = { latitude: 52, longitude: 4.3 }
    const input = { series: weather, dates: ["2026-06-01"], coordinates: at, vessel: defaultVessel, tripDurationHours: 4 }
    const [day] = Either.getOrThrow(assessDays(input))
    const t = dayTimeline({ series: weather, day: day!, coordinates: at, vessel: defaultVessel, convert: kts, tides: [] })
    assert.strictEqual(day!.classification, "GO", "a 4 h trip fits in the calm morning")
    assert.deepStrictEqual(t.window, {
      start: localTimeOn("+02:00", "2026-06-01", day!.window.startHour),
      end: localTimeOn("+02:00", "2026-06-01", day!.window.endHour)
    })
    assert.match(t.window.start, /^2026-06-01T0\d:00:00\+02:00$/)
    assert.deepStrictEqual(t.conditions.window.wind_speed, { min: 6, max: 6 })
    assert.deepStrictEqual(t.conditions.day.wind_speed, { min: 6, max: 38 })
    assert.deepStrictEqual(t.conditions.day.wind_gust, { min: 9, max: 48 })
    assert.deepStrictEqual(t.deciding_factors, [])
    assert.strictEqual(t.hourly.length, 24)
    assert.strictEqual(t.hourly[10]!.classification, "GO")
    assert.strictEqual(t.hourly[16]!.classification, "AVOID")
    assert.strictEqual(t.hourly[16]!.wind_speed, 38)
    assert.isFalse("tides" in t, "no sea level in the series: no tides field")

    const stormy = series("2026-06-01", 1, () => galeHour, 7200)
    const [bad] = Either.getOrThrow(assessDays({ ...input, series: stormy }))
    const s = dayTimeline({ series: stormy, day: bad!, coordinates: at, vessel: defaultVessel, convert: kts, tides: [] })
    assert.strictEqual(bad!.classification, "AVOID")
    assert.includeMembers([...s.deciding_factors], ["wind", "gust", "seas"])
    assert.notInclude(s.deciding_factors, "light_air")
  })
})
