import { assert, describe, it } from "@effect/vitest"
import { Either, FastCheck as fc, Schema } from "effect"
import { placeAt } from "../../../src/adapters/weather/SimulatedClimate.js"
import { simulateSeries } from "../../../src/adapters/weather/SimulatedSeries.js"
import { isoDate } from "../../../src/domain/forecast/ForecastPeriod.js"
import { type HourlyPoint, WeatherSeries } from "../../../src/domain/weather/HourlyWeather.js"

const DAY = 86_400_000
const dateAt = (day: number) => isoDate(Date.UTC(2000, 0, 1) + day * DAY)
const datesFrom = (first: number, count: number) => Array.from({ length: count }, (_, i) => dateAt(first + i))

const point = fc.record({
  latitude: fc.double({ min: -90, max: 90, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true })
})
const request = fc.record({
  point,
  first: fc.integer({ min: 0, max: 365 * 80 }),
  days: fc.integer({ min: 1, max: 5 }),
  seed: fc.string({ maxLength: 24 })
})

const run = (p: { latitude: number; longitude: number }, dates: ReadonlyArray<string>, seed: string) =>
  Either.getOrThrow(simulateSeries(p, dates, seed))

const TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):00$/
/** A reading; a missing one is NaN, which fails every comparison below. */
const num = (h: HourlyPoint, k: Exclude<keyof HourlyPoint, "time" | "waves_estimated">): number => h[k] ?? Number.NaN

describe("simulated weather series", () => {
  it.prop("the same request gives the same bytes", [request], ([r]) => {
    const dates = datesFrom(r.first, r.days)
    const a = run(r.point, dates, r.seed)
    const b = run({ ...r.point }, [...dates], `${r.seed}`)
    assert.deepStrictEqual(a, b)
    assert.strictEqual(JSON.stringify(a), JSON.stringify(b))
  }, { fastCheck: { numRuns: 60 } })

  it.prop(
    "overlapping periods agree on the dates they share, whatever else was asked",
    [request, fc.integer({ min: -4, max: 4 }), fc.integer({ min: 1, max: 5 })],
    ([r, shift, otherDays]) => {
      const a = datesFrom(r.first, r.days)
      const b = datesFrom(r.first + shift, otherDays)
      const sa = run(r.point, a, r.seed)
      const sb = run(r.point, [...b].reverse(), r.seed)
      for (const date of a.filter((d) => b.includes(d))) {
        const pick = (s: WeatherSeries) => s.hours.filter((h) => h.time.startsWith(date))
        assert.lengthOf(pick(sa), 24)
        assert.deepStrictEqual(pick(sa), pick(sb))
      }
    },
    { fastCheck: { numRuns: 60 } }
  )

  it.prop("every hour is physically plausible and in canonical form", [request], ([r]) => {
    const dates = datesFrom(r.first, r.days)
    const series = run(r.point, dates, r.seed)
    assert.isTrue(Either.isRight(Schema.decodeUnknownEither(WeatherSeries)(series)), "a WeatherSeries, no NaN or infinity")
    assert.strictEqual(series.source, "simulated")
    assert.strictEqual(series.utcOffsetSeconds % 3600, 0)
    assert.isAtMost(Math.abs(series.utcOffsetSeconds / 3600 - r.point.longitude / 15), 0.5)
    assert.lengthOf(series.hours, 24 * dates.length)
    // collected, then asserted once: a few hundred thousand single assertions would make this slow
    const problems: Array<string> = []
    const check = (ok: boolean, what: string, h: HourlyPoint) => {
      if (!ok) problems.push(`${h.time}: ${what} in ${JSON.stringify(h)}`)
    }
    const inland = placeAt(r.point.latitude, r.point.longitude).inland
    const marine = ["wave_height_ft", "wave_period_s", "wave_direction_deg", "swell_height_ft", "swell_period_s", "swell_direction_deg", "water_temp_c"]
    series.hours.forEach((h, i) => {
      const m = TIME.exec(h.time)
      const present = Object.entries(h).filter(([k]) => !marine.includes(k))
      check(present.every(([, x]) => x !== null), "every non-marine reading present (the simulation has no gaps)", h)
      // Far inland there is no sea: every marine field is null, as a marine model leaves it; elsewhere all present.
      check(marine.every((k) => (h[k as keyof HourlyPoint] === null) === inland), inland ? "no sea state inland" : "sea state present", h)
      check(m !== null && m[1] === dates[Math.floor(i / 24)], "bucketed under its own local date", h)
      check(m !== null && Number(m[2]) === i % 24, "hours in order from 00:00", h)
      const wind = num(h, "wind_speed_kt"), gust = num(h, "wind_gust_kt")
      check(wind >= 0 && gust >= wind, "gust >= wind >= 0", h)
      check(wind < 5 || gust / wind <= 1.8, "gust factor <= 1.8", h)
      if (!inland) {
        check(num(h, "swell_height_ft") <= num(h, "wave_height_ft"), "swell <= seas", h)
        check(num(h, "wave_period_s") > 0 && num(h, "swell_period_s") > 0, "periods > 0", h)
        check(num(h, "water_temp_c") >= -1.8, "water not below freezing sea water", h)
      }
      for (const k of inland ? ["wind_direction_deg"] as const : ["wind_direction_deg", "wave_direction_deg", "swell_direction_deg"] as const) {
        check(num(h, k) >= 0 && num(h, k) < 360, `${k} in [0, 360)`, h)
      }
      check(num(h, "visibility_nm") > 0, "visibility > 0", h)
      const p = num(h, "precipitation_probability_pct"), mm = num(h, "precipitation_mm_per_h")
      check(p >= 0 && p <= 100, "0 <= probability <= 100", h)
      check(mm >= 0, "rain >= 0", h)
      check(mm === 0 || p >= 50, "rain falls only when it was likely", h)
      check(num(h, "air_temp_c") >= -60 && num(h, "air_temp_c") <= 50, "air temperature on Earth", h)
      check(Number.isInteger(num(h, "weather_code")), "integer weather code", h)
    })
    assert.deepStrictEqual(problems.slice(0, 5), [])
  }, { fastCheck: { numRuns: 120 } })

  it("flows across midnight: each date continues the weather of the one before", () => {
    let midnight = 0, other = 0, largest = 0
    for (let latitude = -60; latitude <= 60; latitude += 20) {
      for (let longitude = -170; longitude < 180; longitude += 60) {
        const hours = run({ latitude, longitude }, datesFrom(9500, 4), "flow").hours
        for (let i = 1; i < hours.length; i++) {
          const step = Math.abs(num(hours[i]!, "wind_speed_kt") - num(hours[i - 1]!, "wind_speed_kt"))
          if (i % 24 === 0) midnight += step / 3
          else other += step / 69
          largest = Math.max(largest, step)
        }
      }
    }
    assert.isBelow(midnight, 1.5 * other)
    assert.isBelow(largest, 10)
  })

  it("depends on the seed, the date and the point", () => {
    const where = { latitude: 50.1, longitude: -4.2 }
    const base = run(where, ["2026-11-03"], "spc_a")
    assert.notDeepEqual(run(where, ["2026-11-03"], "spc_b").hours, base.hours)
    assert.notDeepEqual(run(where, ["2026-11-04"], "spc_a").hours.map(({ time: _, ...h }) => h), base.hours.map(({ time: _, ...h }) => h))
    assert.notDeepEqual(run({ latitude: 50.2, longitude: -4.2 }, ["2026-11-03"], "spc_a").hours, base.hours)
  })

  it("answers local hours: the offset follows the longitude in whole hours", () => {
    assert.strictEqual(run({ latitude: 41.1, longitude: -71.7 }, ["2026-10-01"], "s").utcOffsetSeconds, -5 * 3600)
    assert.strictEqual(run({ latitude: 52, longitude: 4.1 }, ["2026-10-01"], "s").utcOffsetSeconds, 0)
    assert.strictEqual(run({ latitude: -33.9, longitude: 151.2 }, ["2026-10-01"], "s").timezone, "Etc/GMT-10")
    assert.strictEqual(run({ latitude: 0, longitude: -0.1 }, ["2026-10-01"], "s").utcOffsetSeconds, 0)
  })

  it("refuses what is not a point or a calendar date", () => {
    const p = { latitude: 10, longitude: 10 }
    assert.isTrue(Either.isLeft(simulateSeries(p, ["2026-02-30"], "s")))
    assert.isTrue(Either.isLeft(simulateSeries(p, ["2026-2-3"], "s")))
    assert.isTrue(Either.isLeft(simulateSeries(p, ["2026-02-03T00:00:00Z"], "s")))
    assert.isTrue(Either.isLeft(simulateSeries({ latitude: 91, longitude: 0 }, ["2026-02-03"], "s")))
    assert.isTrue(Either.isLeft(simulateSeries({ latitude: Number.NaN, longitude: 0 }, ["2026-02-03"], "s")))
    assert.deepStrictEqual(Either.map(simulateSeries(p, [], "s"), (s) => s.hours), Either.right([]))
  })
})
