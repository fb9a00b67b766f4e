import { assert, describe, it } from "@effect/vitest"
import { Effect, Either, Layer } from "effect"
import * as NaturalEarthGeography from "../../../src/adapters/geography/NaturalEarthGeography.js"
import * as EstimatedWaves from "../../../src/adapters/weather/EstimatedWaves.js"
import * as SimulatedWeather from "../../../src/adapters/weather/SimulatedWeather.js"
import { fetchLimitedWaves } from "../../../src/domain/geography/FetchLimitedWaves.js"
import { classifyDay } from "../../../src/domain/safety/ClassifyDay.js"
import type { HourlyPoint, WeatherSeries } from "../../../src/domain/weather/HourlyWeather.js"
import { reduceHours } from "../../../src/domain/safety/ReduceHours.js"
import { WeatherProvider, type WeatherRequest } from "../../../src/ports/WeatherProvider.js"

const TORONTO = { latitude: 43.62, longitude: -79.38 }
const OPEN_SEA = { latitude: 41.13, longitude: -71.71 }
const DATES = ["2026-07-10", "2026-07-11"]

/**
 * What Open-Meteo answers on Lake Ontario (a constructed fixture in its shape): wind and weather, no
 * waves. A steady 8 kt from the east (down the lake: some 250 km of open water upwind of Toronto)
 * from the first hour, with gusts to 11 kt, warm and clear.
 */
const lakeHour = (time: string): HourlyPoint => ({
  time,
  wind_speed_kt: 8, wind_gust_kt: 11, wind_direction_deg: 90,
  wave_height_ft: null, wave_period_s: null, wave_direction_deg: null,
  swell_height_ft: null, swell_period_s: null, swell_direction_deg: null,
  visibility_nm: 10, precipitation_probability_pct: 5, precipitation_mm_per_h: 0,
  air_temp_c: 24, water_temp_c: 21, weather_code: 1
})
const withWaves = (time: string): HourlyPoint => ({ ...lakeHour(time), wave_height_ft: 2.5, wave_period_s: 6, wave_direction_deg: 90 })

const fixture = (hour: (time: string) => HourlyPoint): WeatherSeries => ({
  source: "open-meteo",
  utcOffsetSeconds: -4 * 3600,
  timezone: "America/Toronto",
  hours: DATES.flatMap((d) => Array.from({ length: 24 }, (_, h) => hour(`${d}T${String(h).padStart(2, "0")}:00`)))
})
const provider = (series: WeatherSeries) => Layer.succeed(WeatherProvider, { hourly: () => Effect.succeed(series) })
const request = (coordinates: typeof TORONTO, mode: WeatherRequest["mode"] = "live"): WeatherRequest =>
  ({ coordinates, dates: DATES, mode, seed: "spc_lake" })
const estimated = <R>(inner: Layer.Layer<WeatherProvider, never, R>) =>
  EstimatedWaves.layer(inner).pipe(Layer.provide(NaturalEarthGeography.layer))
const hourly = (r: WeatherRequest) => Effect.flatMap(WeatherProvider, (p) => p.hourly(r))

const sailboat = { type: "sailboat", lengthFt: 25 } as const
/** The day's class over its daytime hours (09:00 to 17:00), as the scenario rows are judged. */
const dayClass = (hours: ReadonlyArray<HourlyPoint>) =>
  classifyDay(Either.getOrThrow(reduceHours(hours.slice(24 + 9, 24 + 17))), sailboat)

describe("EstimatedWaves", () => {
  it.effect("a lake with a long fetch: estimated waves in every hour, marked, growing as the wind blows; the day is GO", () =>
    Effect.gen(function*() {
      const series = yield* hourly(request(TORONTO))
      assert.isTrue(series.hours.every((h) => h.wave_height_ft !== null && h.waves_estimated === true))
      const first = series.hours[0]!, later = series.hours[30]!
      assert.isBelow(first.wave_height_ft!, later.wave_height_ft!)
      // After 31 hours of it: SPM 1984 at 8 kt over the lake's fetch toward the east (fully developed, 1.3 ft).
      const fetchKm = yield* NaturalEarthGeography.make().fetchKm(TORONTO, 90)
      assert.isAbove(fetchKm, 200)
      const expected = fetchLimitedWaves(8, fetchKm, 31)
      assert.approximately(later.wave_height_ft!, expected.heightM * 3.280839895, 0.06)
      assert.strictEqual(later.wave_direction_deg, 90)
      // A light breeze down the lake: a GO day for a 25 ft sailboat, judged on the estimate. (12 kt would
      // build 3.6 ft over this fetch: CAUTION, as it should.)
      assert.strictEqual(dayClass(series.hours).classification, "GO")
      // Without the estimate the same day cannot be GO: its seas are unknown.
      assert.notStrictEqual(dayClass(fixture(lakeHour).hours).classification, "GO")
    }).pipe(Effect.provide(estimated(provider(fixture(lakeHour))))), 60_000)

  it.effect("where the provider gives waves, they win: nothing is estimated or marked", () =>
    Effect.gen(function*() {
      const series = yield* hourly(request(TORONTO))
      assert.deepStrictEqual(series, fixture(withWaves))
    }).pipe(Effect.provide(estimated(provider(fixture(withWaves))))), 60_000)

  it.effect("the sandbox over a lake: the simulated hours get the estimate, in the real time zone", () =>
    Effect.gen(function*() {
      const series = yield* hourly(request(TORONTO, "sandbox"))
      assert.strictEqual(series.timezone, "America/Toronto")
      assert.strictEqual(series.utcOffsetSeconds, -4 * 3600)
      assert.isTrue(series.hours.every((h) => h.wave_height_ft !== null && h.waves_estimated === true))
      const open = yield* hourly(request(OPEN_SEA, "sandbox"))
      assert.isTrue(open.hours.every((h) => h.wave_height_ft !== null && h.waves_estimated === undefined))
    }).pipe(Effect.provide(estimated(Layer.provide(SimulatedWeather.layer(), NaturalEarthGeography.layer)))), 60_000)
})
