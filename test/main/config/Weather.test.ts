import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Either, Option, Redacted } from "effect"
import { OpenMeteoConfig, WeatherConfig } from "../../../src/main/config/Weather.js"
import { fromEnv } from "./FromEnv.js"

const read = (env: Record<string, string>) => fromEnv(OpenMeteoConfig, env)

describe("OpenMeteoConfig", () => {
  it.effect("defaults: the free API, no key, 10 s timeout, 3 retries, 5 min sharing", () =>
    Effect.gen(function*() {
      const o = Either.getOrThrow(yield* read({}))
      assert.strictEqual(o.forecastUrl, "https://api.open-meteo.com/v1/forecast")
      assert.strictEqual(o.marineUrl, "https://marine-api.open-meteo.com/v1/marine")
      assert.isTrue(Option.isNone(o.apiKey))
      assert.strictEqual(Duration.toMillis(o.timeout), 10_000)
      assert.strictEqual(o.retries, 3)
      assert.strictEqual(Duration.toMillis(o.cacheTtl), 300_000)
      assert.deepStrictEqual(o.models, ["best_match", "ecmwf_ifs025", "gfs_seamless", "icon_seamless"])
    }))

  it.effect("SPOTCAST_OPEN_METEO_MODELS: the models asked in one call (issue 15)", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(Either.getOrThrow(yield* read({ SPOTCAST_OPEN_METEO_MODELS: "best_match, gfs_seamless" })).models, ["best_match", "gfs_seamless"])
      assert.deepStrictEqual(Either.getOrThrow(yield* read({ SPOTCAST_OPEN_METEO_MODELS: "best_match" })).models, ["best_match"])
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_OPEN_METEO_MODELS: "" })))
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_OPEN_METEO_MODELS: "gfs&x=1" })))
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_OPEN_METEO_MODELS: "a,b,c,d,e,f,g" })))
    }))

  it.effect("the customer API with a redacted key", () =>
    Effect.gen(function*() {
      const o = Either.getOrThrow(yield* read({
        SPOTCAST_OPEN_METEO_FORECAST_URL: "https://customer-api.open-meteo.com/v1/forecast",
        SPOTCAST_OPEN_METEO_MARINE_URL: "https://customer-marine-api.open-meteo.com/v1/marine",
        SPOTCAST_OPEN_METEO_API_KEY: "om-secret",
        SPOTCAST_OPEN_METEO_TIMEOUT_MS: "2500",
        SPOTCAST_OPEN_METEO_RETRIES: "0",
        SPOTCAST_OPEN_METEO_CACHE_TTL_SECONDS: "60"
      }))
      assert.strictEqual(o.forecastUrl, "https://customer-api.open-meteo.com/v1/forecast")
      assert.strictEqual(Redacted.value(Option.getOrThrow(o.apiKey)), "om-secret")
      assert.notInclude(String(o.apiKey), "om-secret")
      assert.strictEqual(Duration.toMillis(o.timeout), 2500)
      assert.strictEqual(o.retries, 0)
      assert.strictEqual(Duration.toMillis(o.cacheTtl), 60_000)
    }))

  it.effect("bad values are refused", () =>
    Effect.gen(function*() {
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_OPEN_METEO_FORECAST_URL: "not a url" })))
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_OPEN_METEO_RETRIES: "-1" })))
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_OPEN_METEO_TIMEOUT_MS: "10" })))
    }))
})

describe("WeatherConfig", () => {
  it.effect("SPOTCAST_WEATHER_PROVIDER: auto by default, or simulated; nothing else", () =>
    Effect.gen(function*() {
      const provider = (env: Record<string, string>) => Effect.map(fromEnv(WeatherConfig, env), Either.map((w) => w.provider))
      assert.deepStrictEqual(yield* provider({}), Either.right("auto"))
      assert.deepStrictEqual(yield* provider({ SPOTCAST_WEATHER_PROVIDER: "auto" }), Either.right("auto"))
      assert.deepStrictEqual(yield* provider({ SPOTCAST_WEATHER_PROVIDER: "simulated" }), Either.right("simulated"))
      assert.isTrue(Either.isLeft(yield* provider({ SPOTCAST_WEATHER_PROVIDER: "open-meteo" })))
    }))

  it.effect("SPOTCAST_SIMULATED_WEATHER_LATENCY_MS: none by default; a negative or non-integer latency is refused", () =>
    Effect.gen(function*() {
      const latency = (env: Record<string, string>) =>
        Effect.map(fromEnv(WeatherConfig, env), Either.map((w) => Duration.toMillis(w.simulatedLatency)))
      assert.deepStrictEqual(yield* latency({}), Either.right(0))
      assert.deepStrictEqual(yield* latency({ SPOTCAST_SIMULATED_WEATHER_LATENCY_MS: "250" }), Either.right(250))
      for (const bad of ["-1", "fast", "1.5"]) {
        assert.isTrue(Either.isLeft(yield* latency({ SPOTCAST_SIMULATED_WEATHER_LATENCY_MS: bad })), bad)
      }
    }))
})
