import { NodeHttpClient } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import type { HttpClient } from "@effect/platform"
import { Duration, Effect, Either, type Scope } from "effect"
import * as OpenMeteoWeather from "../../../src/adapters/weather/OpenMeteoWeather.js"
import { judgeDays, withTimeline } from "../../../src/domain/forecast/ForecastExtras.js"
import type { ForecastWeather } from "../../../src/domain/weather/ForecastWeather.js"
import { assessDays } from "../../../src/domain/safety/AssessDays.js"
import { type DistanceUnit, legacyUnitsFor, type SpeedUnit } from "../../../src/domain/spotcast/Preferences.js"
import { defaultVessel } from "../../../src/domain/spotcast/Vessel.js"
import { type Fake, fakeOpenMeteo, fixture, ok, redated, type Responder } from "./OpenMeteoFake.js"

// Issue 15 against the constructed fixtures (test/fixtures/open-meteo/construct-issue15.py): several models
// in one answer, tide and current, and the timeline's hours in every pair of units.

const HOEK = { latitude: 52.006, longitude: 4.292 }
const D1 = "2027-06-14" // summer: the recordings are at +02:00, as Europe/Amsterdam then
const D2 = "2027-06-15"
const FIRST = "2026-08-29" // the recordings' first date: redated moves it to D1

const serve = (name: string): Responder => (params) => ok(redated(name, params))
const withModels = (forecast: string) => ({ forecast: serve(forecast), marine: serve("hoek-van-holland.marine.tide.constructed.json") })

const provider = (fake: Fake) =>
  OpenMeteoWeather.make({ forecastUrl: fake.forecastUrl, marineUrl: fake.marineUrl, retries: 0, timeout: Duration.seconds(2) })

const live = <A, E>(name: string, body: () => Effect.Effect<A, E, Scope.Scope | HttpClient.HttpClient>) =>
  it.scopedLive(name, () => Effect.provide(body(), NodeHttpClient.layerUndici))

const fetchSeries = (forecast: string) =>
  Effect.gen(function*() {
    const fake = yield* fakeOpenMeteo(withModels(forecast))
    return yield* (yield* provider(fake)).hourly({ coordinates: HOEK, dates: [D1, D2], mode: "live", seed: "spc_t" })
  })

/** Index of local hour `hour` of day `day` (0 or 1) in the recordings. */
const idx = (day: number, hour: number) => day * 24 + hour

describe("Open-Meteo: several models, tide and current (constructed fixtures)", () => {
  live("one run per model from the suffixed columns, best_match first; an unanswered model is named", () =>
    Effect.gen(function*() {
      const series = yield* fetchSeries("hoek-van-holland.forecast.models-agree.constructed.json")
      const raw = fixture("hoek-van-holland.forecast.models-agree.constructed.json").hourly
      assert.deepStrictEqual(series.models, ["best_match", "ecmwf_ifs025", "gfs_seamless"])
      assert.deepStrictEqual(series.missingModels, ["icon_seamless"])
      assert.deepStrictEqual(series.runs!.map((r) => r.model), ["best_match", "ecmwf_ifs025", "gfs_seamless"])
      assert.deepStrictEqual(series.hours, series.runs![0]!.hours, "the primary series is best_match's run")
      for (const [r, model] of [[0, "best_match"], [1, "ecmwf_ifs025"], [2, "gfs_seamless"]] as const) {
        for (const i of [0, 13, 30, 47]) {
          // The answer is in kn: the canonical kt are the same numbers.
          assert.strictEqual(series.runs![r]!.hours[i]!.wind_speed_kt, raw[`wind_speed_10m_${model}`][i])
          assert.strictEqual(series.runs![r]!.hours[i]!.wind_gust_kt, raw[`wind_gusts_10m_${model}`][i])
        }
      }
    }))

  live("a model answering with unit \"undefined\" and nulls is left out, the others kept", () =>
    Effect.gen(function*() {
      const series = yield* fetchSeries("hoek-van-holland.forecast.models-missing.constructed.json")
      assert.deepStrictEqual(series.models, ["best_match", "ecmwf_ifs025"])
      assert.deepStrictEqual(series.missingModels, ["gfs_seamless", "icon_seamless"])
    }))

  live("tide (m → ft) and current (km/h → kt, direction it flows to) on every hour", () =>
    Effect.gen(function*() {
      const series = yield* fetchSeries("hoek-van-holland.forecast.models-agree.constructed.json")
      const raw = fixture("hoek-van-holland.marine.tide.constructed.json").hourly
      for (const i of [0, 5, 17, 40]) {
        assert.closeTo(series.hours[i]!.tide_height_ft!, raw.sea_level_height_msl[i] / 0.3048, 1e-5)
        assert.closeTo(series.hours[i]!.current_speed_kt!, raw.ocean_current_velocity[i] / 1.852, 1e-5)
        assert.strictEqual(series.hours[i]!.current_direction_deg, raw.ocean_current_direction[i])
      }
    }))

  const speedFactor: Record<SpeedUnit, number> = { kts: 1, mph: 1852 / 1609.344, ms: 1852 / 3600 }
  const distanceFactor: Record<DistanceUnit, number> = { nm: 1, mi: 1852 / 1609.344, km: 1.852 }
  const pairs = (["kts", "mph", "ms"] as const).flatMap((speed) => (["nm", "mi", "km"] as const).map((distance) => [speed, distance] as const))

  live("the timeline's hours equal the provider's hours after conversion, in every pair of units", () =>
    Effect.gen(function*() {
      const series: ForecastWeather = yield* fetchSeries("hoek-van-holland.forecast.models-agree.constructed.json")
      const forecast = fixture("hoek-van-holland.forecast.json").hourly
      const marine = fixture("hoek-van-holland.marine.tide.constructed.json").hourly
      const dates = [D1, D2]
      const input = { series, dates, coordinates: HOEK, vessel: defaultVessel }
      const judged = judgeDays(Either.getOrThrow(assessDays(input)), input)
      const written = { summary: "s", daily_classifications: judged.days.map((d) => ({ date: d.date, classification: d.classification, summary: "t" })) }
      for (const [speedUnits, distanceUnits] of pairs) {
        const analysis = withTimeline(written, {
          ...input,
          days: judged.days,
          confidence: judged.confidence,
          preferences: { speedUnits, distanceUnits, ...legacyUnitsFor({ distanceUnits }) },
          issuedAt: "2026-11-22T08:00:00.000Z"
        })
        const metres = distanceUnits === "km"
        const fahrenheit = distanceUnits === "mi"
        assert.deepStrictEqual(analysis.units, {
          speed: speedUnits,
          distance: distanceUnits,
          height: metres ? "m" : "ft",
          temperature: fahrenheit ? "f" : "c",
          precipitation_rate: fahrenheit ? "in/h" : "mm/h",
          precipitation_probability: "%",
          period: "s",
          direction: "deg"
        })
        for (const [day, hour] of [[0, 0], [0, 14], [1, 9], [1, 23]] as const) {
          const i = idx(day, hour)
          const h = analysis.daily_classifications[day]!.hourly![hour]!
          const label = `${speedUnits}/${distanceUnits} ${dates[day]} ${hour}:00`
          assert.strictEqual(h.time, `${dates[day]}T${String(hour).padStart(2, "0")}:00:00+02:00`, label)
          assert.closeTo(h.wind_speed!, forecast.wind_speed_10m[i] * speedFactor[speedUnits], 0.05 + 1e-9, `wind ${label}`)
          assert.closeTo(h.wind_gust!, forecast.wind_gusts_10m[i] * speedFactor[speedUnits], 0.05 + 1e-9, `gust ${label}`)
          assert.strictEqual(h.wind_direction, forecast.wind_direction_10m[i], label)
          assert.closeTo(h.visibility!, (forecast.visibility[i] / 1852) * distanceFactor[distanceUnits], 0.005 + 1e-9, `visibility ${label}`)
          assert.strictEqual(h.precipitation_probability, forecast.precipitation_probability[i], label)
          assert.isNull(h.precipitation_rate, "the recording has no precipitation: null, never 0")
          const c = forecast.temperature_2m[i]
          assert.closeTo(h.air_temperature!, fahrenheit ? c * 1.8 + 32 : c, 0.05 + 1e-9, `air ${label}`)
          const wave = marine.wave_height[i]
          if (metres) assert.strictEqual(h.wave_height, wave, `wave ${label}`)
          else assert.closeTo(h.wave_height!, wave / 0.3048, 0.005 + 1e-9, `wave ${label}`)
          assert.strictEqual(h.wave_period, marine.wave_period[i], label)
          assert.strictEqual(h.wave_direction, marine.wave_direction[i], label)
          assert.isNull(h.swell_height, "the recording has no swell")
          const sst = marine.sea_surface_temperature[i]
          assert.closeTo(h.water_temperature!, fahrenheit ? sst * 1.8 + 32 : sst, 0.05 + 1e-9, `water ${label}`)
          const tide = marine.sea_level_height_msl[i]
          if (metres) assert.strictEqual(h.tide_height, tide, `tide ${label}`)
          else assert.closeTo(h.tide_height!, tide / 0.3048, 0.005 + 1e-9, `tide ${label}`)
          assert.closeTo(h.current_speed!, (marine.ocean_current_velocity[i] / 1.852) * speedFactor[speedUnits], 0.05 + 1e-9, `current ${label}`)
          assert.strictEqual(h.current_direction, marine.ocean_current_direction[i], label)
          assert.oneOf(h.classification, ["GO", "CAUTION", "AVOID"])
        }
      }
      assert.strictEqual(FIRST, fixture("hoek-van-holland.forecast.json").hourly.time[0].slice(0, 10))
    }))
})
