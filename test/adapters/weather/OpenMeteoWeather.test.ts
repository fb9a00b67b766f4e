import { NodeHttpClient } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import type { HttpClient } from "@effect/platform"
import { Duration, Effect, Either, Option, Redacted, type Scope } from "effect"
import type { HourlyPoint } from "../../../src/domain/weather/HourlyWeather.js"
import type { OpenMeteoOptions } from "../../../src/adapters/weather/OpenMeteoOptions.js"
import * as OpenMeteoWeather from "../../../src/adapters/weather/OpenMeteoWeather.js"
import type { WeatherRequest } from "../../../src/ports/WeatherProvider.js"
import { type Fake, fakeOpenMeteo, fixtureText, ok, redated, type Responder } from "./OpenMeteoFake.js"

const HOEK = { latitude: 52.006, longitude: 4.292 }
const D1 = "2026-11-23"
const D2 = "2026-11-24"

const request = (dates: ReadonlyArray<string>, coordinates = HOEK): WeatherRequest => ({
  coordinates,
  dates,
  mode: "live",
  seed: "spc_test"
})

const serve = (name: string): Responder => (params) => ok(redated(name, params))
const hoek = { forecast: serve("hoek-van-holland.forecast.json"), marine: serve("hoek-van-holland.marine.json") }

const provider = (fake: Fake, overrides: Partial<OpenMeteoOptions> = {}) =>
  OpenMeteoWeather.make({
    forecastUrl: fake.forecastUrl,
    marineUrl: fake.marineUrl,
    retries: 2,
    retryBaseDelay: Duration.millis(5),
    timeout: Duration.seconds(2),
    ...overrides
  })

/** A live test with a real HTTP client for the whole body (the client must outlive the provider's construction). */
const live = <A, E>(name: string, body: () => Effect.Effect<A, E, Scope.Scope | HttpClient.HttpClient>) =>
  it.scopedLive(name, () => Effect.provide(body(), NodeHttpClient.layerUndici))

const at = (hours: ReadonlyArray<HourlyPoint>, time: string): HourlyPoint => {
  const h = hours.find((x) => x.time === time)
  assert.isDefined(h, `no hour ${time}`)
  return h!
}

const close = (actual: number | null, expected: number, digits = 4) => {
  assert.isNotNull(actual)
  assert.closeTo(actual!, expected, 10 ** -digits)
}

describe("OpenMeteoWeather against a loopback Open-Meteo", () => {
  live("coastal (Hoek van Holland): the requested local dates, converted to canonical units", () =>
    Effect.gen(function*() {
      const fake = yield* fakeOpenMeteo(hoek)
      const weather = yield* provider(fake)
      const series = yield* weather.hourly(request([D1, D2]))
      assert.strictEqual(series.source, "open-meteo")
      // The adapter, not the domain, says whom to credit.
      assert.deepStrictEqual(series.credit, {
        provider: "Open-Meteo",
        attribution: "Weather data by Open-Meteo.com",
        link: "https://open-meteo.com/",
        license: "CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)",
        defaultModel: "best_match"
      })
      assert.strictEqual(series.utcOffsetSeconds, 7200)
      assert.strictEqual(series.timezone, "Europe/Amsterdam")
      assert.strictEqual(series.hours.length, 48)
      assert.strictEqual(series.hours[0]!.time, `${D1}T00:00`)
      assert.strictEqual(series.hours[47]!.time, `${D2}T23:00`)

      // Fixture hour 0: wind 9.9 kn, gusts 17.9 kn, visibility 9480.00 m, waves 0.98 m, SST 21.4 °C.
      const first = series.hours[0]!
      assert.strictEqual(first.wind_speed_kt, 9.9)
      assert.strictEqual(first.wind_gust_kt, 17.9)
      assert.strictEqual(first.wind_direction_deg, 205)
      close(first.visibility_nm, 9480 / 1852) // 5.11879 nm
      close(first.visibility_nm, 5.11879)
      close(first.wave_height_ft, 3.215223) // 0.98 m / 0.3048
      assert.strictEqual(first.wave_period_s, 4.75)
      assert.strictEqual(first.wave_direction_deg, 244)
      assert.strictEqual(first.water_temp_c, 21.4)
      assert.strictEqual(first.air_temp_c, 17.5)
      assert.strictEqual(first.precipitation_probability_pct, 100)
      assert.strictEqual(first.weather_code, 3)
      // Variables the recording lacks are null, never 0.
      assert.isNull(first.precipitation_mm_per_h)
      assert.isNull(first.swell_height_ft)
      assert.isNull(first.swell_period_s)
      assert.isNull(first.cape_j_per_kg)

      // Fixture hour 30 (second day, 06:00): wind 13 kn, gusts 25.3, visibility 10080 m, waves 1.22 m.
      const later = at(series.hours, `${D2}T06:00`)
      assert.strictEqual(later.wind_speed_kt, 13)
      assert.strictEqual(later.wind_gust_kt, 25.3)
      close(later.visibility_nm, 5.442765)
      close(later.wave_height_ft, 4.002625)
    }))

  live("km/h, the unit we ask for, converts to knots (the Hoek answer re-expressed as the API writes km/h)", () =>
    Effect.gen(function*() {
      const inKmh = (params: URLSearchParams) => {
        const body = JSON.parse(redated("hoek-van-holland.forecast.json", params))
        for (const v of ["wind_speed_10m", "wind_gusts_10m"]) {
          body.hourly_units[v] = "km/h"
          body.hourly[v] = body.hourly[v].map((kn: number | null) => (kn === null ? null : Math.round(kn * 1.852 * 10) / 10))
        }
        return ok(JSON.stringify(body))
      }
      const fake = yield* fakeOpenMeteo({ forecast: inKmh, marine: hoek.marine })
      const series = yield* (yield* provider(fake)).hourly(request([D1]))
      // 9.9 kn is written 18.3 km/h; 18.3 / 1.852 = 9.881210 kt. 17.9 kn is 33.2 km/h = 17.926566 kt.
      close(series.hours[0]!.wind_speed_kt, 9.881210)
      close(series.hours[0]!.wind_gust_kt, 17.926566)
    }))

  live("CAPE (J/kg) is read as given, hour by hour, a null hour staying null", () =>
    Effect.gen(function*() {
      // The Hoek answer with a constructed `cape` column in the unit Open-Meteo writes for it.
      const withCape = (params: URLSearchParams) => {
        const body = JSON.parse(redated("hoek-van-holland.forecast.json", params))
        body.hourly_units.cape = "J/kg"
        body.hourly.cape = body.hourly.time.map((_: string, i: number) => (i === 1 ? null : i * 50))
        return ok(JSON.stringify(body))
      }
      const fake = yield* fakeOpenMeteo({ forecast: withCape, marine: hoek.marine })
      const series = yield* (yield* provider(fake)).hourly(request([D1]))
      assert.strictEqual(series.hours[0]!.cape_j_per_kg, 0)
      assert.isNull(series.hours[1]!.cape_j_per_kg)
      assert.strictEqual(series.hours[20]!.cape_j_per_kg, 1000)
    }))

  live("CAPE in a unit we do not know is refused, not guessed", () =>
    Effect.gen(function*() {
      const oddUnit = (params: URLSearchParams) => {
        const body = JSON.parse(redated("hoek-van-holland.forecast.json", params))
        body.hourly_units.cape = "kJ/kg"
        body.hourly.cape = body.hourly.time.map(() => 1.2)
        return ok(JSON.stringify(body))
      }
      const fake = yield* fakeOpenMeteo({ forecast: oddUnit, marine: hoek.marine })
      const result = yield* Effect.either((yield* provider(fake)).hourly(request([D1])))
      assert.isTrue(Either.isLeft(result))
      assert.include(Either.getLeft(result).pipe(Option.getOrThrow).reason, "cape")
    }))

  live("imperial forecast (mp/h, °F, inch) and metric marine answers in other zones: conversions and instant alignment", () =>
    Effect.gen(function*() {
      // Toronto forecast (mp/h, °F, inch; UTC-5) with the constructed metric Block Island marine answer (UTC-4).
      const fake = yield* fakeOpenMeteo({
        forecast: serve("toronto.forecast.json"),
        marine: serve("block-island-sound.marine.metric.constructed.json")
      })
      const series = yield* (yield* provider(fake)).hourly(request([D1, D2], { latitude: 41.13, longitude: -71.71 }))
      assert.strictEqual(series.utcOffsetSeconds, -18000)
      assert.strictEqual(series.hours.length, 48)

      const first = series.hours[0]! // Toronto 2026-03-04T00:00: 4 mp/h, gusts 7.6 mp/h, 32 °F, 0 inch
      close(first.wind_speed_kt, 3.475905) // 4 × 1609.344 / 1852
      close(first.wind_gust_kt, 6.604219)
      close(first.air_temp_c, 0)
      assert.strictEqual(first.precipitation_mm_per_h, 0)
      assert.isNull(first.visibility_nm) // the recording has no visibility
      // 00:00 at UTC-5 is 01:00 at UTC-4: the marine answer's second hour, 0.56 m (recorded in ft: 1.837).
      close(first.wave_height_ft, 1.83727)
      close(first.swell_height_ft, 1.640420) // 0.50 m
      assert.strictEqual(first.wave_period_s, 8.85)
      assert.strictEqual(first.water_temp_c, 19)

      const wet = at(series.hours, `${D2}T15:00`) // Toronto 2026-03-05T15:00: 12.6 mp/h, 38.6 °F, 0.004 inch
      close(wet.wind_speed_kt, 10.949101)
      close(wet.air_temp_c, 3.666667)
      close(wet.precipitation_mm_per_h, 0.1016)

      // The marine answer ends at 23:00 UTC-4, which is 22:00 here: the last hour has no sea state (null, not 0).
      const last = series.hours[47]!
      assert.isNull(last.wave_height_ft)
      assert.isNull(last.water_temp_c)
      assert.isNotNull(last.wind_speed_kt)
    }))

  live("the constructed metric Block Island answer converts back to the recorded imperial one", () =>
    Effect.gen(function*() {
      const forecast = serve("hoek-van-holland.forecast.json")
      const metricFake = yield* fakeOpenMeteo({ forecast, marine: serve("block-island-sound.marine.metric.constructed.json") })
      const imperialFake = yield* fakeOpenMeteo({ forecast, marine: serve("block-island-sound.marine.json") })
      const metric = yield* (yield* provider(metricFake)).hourly(request([D1, D2]))
      const imperial = yield* (yield* provider(imperialFake)).hourly(request([D1, D2]))
      let compared = 0
      for (const [i, m] of metric.hours.entries()) {
        const f = imperial.hours[i]!
        for (const k of ["wave_height_ft", "swell_height_ft"] as const) {
          if (f[k] === null) {
            assert.isNull(m[k])
          } else {
            close(m[k], f[k]!, 3) // the recording's ft have 3 decimals
            compared++
          }
        }
        if (f.water_temp_c !== null) assert.closeTo(m.water_temp_c!, f.water_temp_c, 0.11) // °F recorded to 0.1
      }
      assert.isAbove(compared, 40)
    }))

  live("an inland point (all-null marine answer, HTTP 200) is not an error: sea fields are null", () =>
    Effect.gen(function*() {
      const fake = yield* fakeOpenMeteo({ forecast: hoek.forecast, marine: serve("denver-inland.marine.json") })
      const series = yield* (yield* provider(fake)).hourly(request([D1, D2]))
      assert.strictEqual(series.hours.length, 48)
      for (const h of series.hours) {
        assert.isNull(h.wave_height_ft)
        assert.isNull(h.wave_period_s)
        assert.isNull(h.water_temp_c)
        assert.isNull(h.swell_height_ft)
        assert.isNotNull(h.wind_speed_kt)
      }
    }))

  live("local-date bucketing: only the requested dates' 24 local hours, whatever upstream adds", () =>
    Effect.gen(function*() {
      const fake = yield* fakeOpenMeteo({
        forecast: (params) => ok(redated("hoek-van-holland.forecast.json", params, true)),
        marine: (params) => ok(redated("hoek-van-holland.marine.json", params, true))
      })
      const series = yield* (yield* provider(fake)).hourly(request([D1]))
      assert.strictEqual(series.hours.length, 24)
      assert.deepStrictEqual(series.hours.map((h) => h.time), Array.from({ length: 24 }, (_, h) => `${D1}T${String(h).padStart(2, "0")}:00`))
    }))

  live("an answer that does not cover a requested date is WeatherUnavailable", () =>
    Effect.gen(function*() {
      const fake = yield* fakeOpenMeteo(hoek) // the recording holds 3 days
      const result = yield* Effect.either((yield* provider(fake)).hourly(request([D1, D2, "2026-11-25", "2026-11-26"])))
      assert.isTrue(Either.isLeft(result))
      assert.include(Either.getLeft(result).pipe(Option.getOrThrow).reason, "2026-11-26")
    }))

  live("request parameters: hourly lists, timezone=auto, metric units, the dates, rounded cell, no key", () =>
    Effect.gen(function*() {
      const fake = yield* fakeOpenMeteo(hoek)
      yield* (yield* provider(fake)).hourly(request([D1, D2], { latitude: 52.00649, longitude: 4.29151 }))
      const forecast = fake.calls.find((c) => c.path === "/v1/forecast")!.params
      const marine = fake.calls.find((c) => c.path === "/v1/marine")!.params
      assert.strictEqual(
        forecast.get("hourly"),
        "wind_speed_10m,wind_gusts_10m,wind_direction_10m,visibility,precipitation_probability,precipitation,temperature_2m,weather_code,cape,pressure_msl"
      )
      assert.strictEqual(
        marine.get("hourly"),
        "wave_height,wave_period,wave_direction,swell_wave_height,swell_wave_period,swell_wave_direction,sea_surface_temperature," +
          "sea_level_height_msl,ocean_current_velocity,ocean_current_direction"
      )
      // Several models in one call (issue 15); the marine call keeps its default model.
      assert.strictEqual(forecast.get("models"), "best_match,ecmwf_ifs025,gfs_seamless,icon_seamless")
      assert.isFalse(marine.has("models"))
      for (const p of [forecast, marine]) {
        assert.strictEqual(p.get("timezone"), "auto")
        assert.strictEqual(p.get("start_date"), D1)
        assert.strictEqual(p.get("end_date"), D2)
        assert.strictEqual(p.get("latitude"), "52.01")
        assert.strictEqual(p.get("longitude"), "4.29")
        assert.strictEqual(p.get("temperature_unit"), "celsius")
        assert.isFalse(p.has("apikey"))
        assert.isFalse(p.has("forecast_days"))
      }
      assert.strictEqual(forecast.get("wind_speed_unit"), "kmh")
      assert.strictEqual(forecast.get("precipitation_unit"), "mm")
      assert.strictEqual(marine.get("length_unit"), "metric")
    }))

  live("the API key, when configured, is sent as apikey to both APIs", () =>
    Effect.gen(function*() {
      const fake = yield* fakeOpenMeteo(hoek)
      yield* (yield* provider(fake, { apiKey: Option.some(Redacted.make("om-customer-key")) })).hourly(request([D1]))
      assert.strictEqual(fake.calls.length, 2)
      for (const c of fake.calls) assert.strictEqual(c.params.get("apikey"), "om-customer-key")
    }))
})

describe("OpenMeteoWeather failures", () => {
  const failsWith = (routes: { forecast: Responder; marine: Responder }, overrides: Partial<OpenMeteoOptions> = {}) =>
    Effect.gen(function*() {
      const fake = yield* fakeOpenMeteo(routes)
      const result = yield* Effect.either((yield* provider(fake, overrides)).hourly(request([D1])))
      assert.isTrue(Either.isLeft(result), "expected WeatherUnavailable")
      const error = Option.getOrThrow(Either.getLeft(result))
      assert.strictEqual(error._tag, "WeatherUnavailable")
      return { fake, reason: error.reason }
    })

  live("a 400 error body is WeatherUnavailable at once, with upstream's reason", () =>
    Effect.gen(function*() {
      const { fake, reason } = yield* failsWith({
        forecast: () => ({ status: 400, body: fixtureText("error-invalid-model.400.json") }),
        marine: hoek.marine
      })
      assert.include(reason, "HTTP 400")
      assert.include(reason, "Cannot initialize MultiDomains from invalid String value bogus_model")
      assert.strictEqual(fake.count("/v1/forecast"), 1)
    }))

  live("truncated JSON is WeatherUnavailable, not retried", () =>
    Effect.gen(function*() {
      const { fake, reason } = yield* failsWith({
        forecast: (params) => ok(redated("hoek-van-holland.forecast.json", params).slice(0, 900)),
        marine: hoek.marine
      })
      assert.include(reason, "did not decode")
      assert.strictEqual(fake.count("/v1/forecast"), 1)
    }))

  live("a mid-stream error after HTTP 200 is WeatherUnavailable", () =>
    Effect.gen(function*() {
      const { reason } = yield* failsWith({
        forecast: hoek.forecast,
        marine: (params) => ({ midStream: redated("hoek-van-holland.marine.json", params).slice(0, 700) })
      })
      assert.include(reason, "mid-stream")
      assert.include(reason, "marine")
    }))

  live("an answer in an unknown unit is refused, not guessed", () =>
    Effect.gen(function*() {
      const { reason } = yield* failsWith({
        forecast: (params) => ok(redated("hoek-van-holland.forecast.json", params).replace(`"wind_speed_10m":"kn"`, `"wind_speed_10m":"bft"`)),
        marine: hoek.marine
      })
      assert.include(reason, "wind_speed_10m")
    }))

  live("arrays shorter than time do not decode", () =>
    Effect.gen(function*() {
      const { reason } = yield* failsWith({
        forecast: (params) => {
          const body = JSON.parse(redated("hoek-van-holland.forecast.json", params))
          body.hourly.wind_speed_10m.pop()
          return ok(JSON.stringify(body))
        },
        marine: hoek.marine
      })
      assert.include(reason, "wind_speed_10m")
    }))

  live("429 then success: retried, and the answer is used", () =>
    Effect.gen(function*() {
      const fake = yield* fakeOpenMeteo({
        forecast: (params, call) =>
          call === 1
            ? { status: 429, body: `{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}` }
            : ok(redated("hoek-van-holland.forecast.json", params)),
        marine: hoek.marine
      })
      const series = yield* (yield* provider(fake)).hourly(request([D1]))
      assert.strictEqual(series.hours[0]!.wind_speed_kt, 9.9)
      assert.strictEqual(fake.count("/v1/forecast"), 2)
    }))

  live("5xx on every attempt: the retries are bounded, then WeatherUnavailable", () =>
    Effect.gen(function*() {
      const { fake, reason } = yield* failsWith({
        forecast: hoek.forecast,
        marine: () => ({ status: 503, body: `{"error":true,"reason":"The service is overloaded"}` })
      }, { retries: 2 })
      assert.include(reason, "HTTP 503")
      assert.include(reason, "overloaded")
      assert.strictEqual(fake.count("/v1/marine"), 3)
    }))

  live("a timeout is retried; a hang on every attempt is WeatherUnavailable", () =>
    Effect.gen(function*() {
      const fake = yield* fakeOpenMeteo({
        forecast: (params, call) => (call === 1 ? { hang: true } : ok(redated("hoek-van-holland.forecast.json", params))),
        marine: hoek.marine
      })
      const series = yield* (yield* provider(fake, { timeout: Duration.millis(600) })).hourly(request([D1]))
      assert.strictEqual(series.hours.length, 24)
      assert.strictEqual(fake.count("/v1/forecast"), 2)

      const { fake: hanging, reason } = yield* failsWith({ forecast: () => ({ hang: true }), marine: hoek.marine }, {
        timeout: Duration.millis(100),
        retries: 1
      })
      assert.include(reason, "no answer within")
      assert.strictEqual(hanging.count("/v1/forecast"), 2)
    }))

  live("an upstream that refuses connections is WeatherUnavailable after the retries", () =>
    Effect.gen(function*() {
      const weather = yield* OpenMeteoWeather.make({
        forecastUrl: "http://127.0.0.1:9/v1/forecast",
        marineUrl: "http://127.0.0.1:9/v1/marine",
        retries: 1,
        retryBaseDelay: Duration.millis(5)
      })
      const result = yield* Effect.either(weather.hourly(request([D1])))
      assert.isTrue(Either.isLeft(result))
    }))
})

describe("OpenMeteoWeather sharing of identical requests", () => {
  live("concurrent and repeated identical requests share one upstream call per API", () =>
    Effect.gen(function*() {
      const fake = yield* fakeOpenMeteo(hoek)
      const weather = yield* provider(fake)
      const results = yield* Effect.all(Array.from({ length: 5 }, () => weather.hourly(request([D1, D2]))), { concurrency: "unbounded" })
      yield* weather.hourly(request([D1, D2], { latitude: 52.0051, longitude: 4.2901 })) // same 0.01° cell
      assert.strictEqual(fake.count("/v1/forecast"), 1)
      assert.strictEqual(fake.count("/v1/marine"), 1)
      for (const r of results) assert.deepStrictEqual(r, results[0])
    }))

  live("different dates or cells are different calls; a shared answer expires after its TTL", () =>
    Effect.gen(function*() {
      const fake = yield* fakeOpenMeteo(hoek)
      // Long enough that the calls below, on a loaded machine, all fall within it; the sleep then outlasts it.
      const weather = yield* provider(fake, { cacheTtl: Duration.seconds(4) })
      yield* weather.hourly(request([D1, D2]))
      yield* weather.hourly(request([D1]))
      assert.strictEqual(fake.count("/v1/forecast"), 2)
      yield* weather.hourly(request([D1], { latitude: 52.02, longitude: 4.292 }))
      assert.strictEqual(fake.count("/v1/forecast"), 3)
      yield* weather.hourly(request([D1]))
      assert.strictEqual(fake.count("/v1/forecast"), 3)
      yield* Effect.sleep("4200 millis")
      yield* weather.hourly(request([D1]))
      assert.strictEqual(fake.count("/v1/forecast"), 4)
    }))

  live("a failure is not kept: the next identical request asks upstream again", () =>
    Effect.gen(function*() {
      const fake = yield* fakeOpenMeteo({
        forecast: (params, call) =>
          call === 1 ? { status: 400, body: fixtureText("error-invalid-model.400.json") } : ok(redated("hoek-van-holland.forecast.json", params)),
        marine: hoek.marine
      })
      const weather = yield* provider(fake)
      const first = yield* Effect.either(weather.hourly(request([D1])))
      assert.isTrue(Either.isLeft(first))
      const second = yield* weather.hourly(request([D1]))
      assert.strictEqual(second.hours.length, 24)
      assert.strictEqual(fake.count("/v1/forecast"), 2)
    }))
})
