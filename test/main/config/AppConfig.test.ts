import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Either, Option } from "effect"
import { AppConfig } from "../../../src/main/config/AppConfig.js"
import { fromEnv } from "./FromEnv.js"

describe("AppConfig", () => {
  it.effect("with nothing set: the defaults of docs/configuration.md", () =>
    Effect.gen(function*() {
      const config = Either.getOrThrow(yield* fromEnv(AppConfig, {}))
      assert.strictEqual(config.port, 8080)
      assert.strictEqual(config.host, "0.0.0.0")
      assert.isTrue(Option.isNone(config.publicBaseUrl))
      assert.deepStrictEqual(config.storage, { _tag: "embedded", dataDir: "./.spotcast" })
      assert.isTrue(Option.isNone(config.bootstrapKey))
      assert.isTrue(Option.isNone(config.bootstrapCredits))
      assert.isTrue(Option.isNone(config.adminToken))
      assert.isTrue(Option.isNone(config.purchaseUrl))
      assert.strictEqual(config.rateLimitPerMinute, 60)
      assert.isFalse(config.trustProxy)
      assert.isTrue(Option.isNone(config.cursorSecret))
      assert.strictEqual(config.forecastHorizonDays, 16)
      assert.deepStrictEqual(config.worker, { inFlight: 256, deprecated: false })
      assert.deepStrictEqual(config.upstreamRates, {
        weather: Option.some({ perSecond: 10, burst: 300 }),
        llm: Option.some({ perSecond: 10, burst: 300 })
      })
      assert.strictEqual(config.workerPollMs, 200)
      assert.strictEqual(config.jobLeaseMs, 30_000)
      assert.strictEqual(config.shutdownGraceMs, 10_000)
      assert.strictEqual(config.weather.provider, "auto")
      assert.strictEqual(Duration.toMillis(config.weather.simulatedLatency), 0)
      assert.strictEqual(config.weather.openMeteo.forecastUrl, "https://api.open-meteo.com/v1/forecast")
      assert.isTrue(Option.isNone(config.analyst))
      assert.deepStrictEqual(config.webhooks, { allowPrivate: false, concurrency: 8, pollMs: 1_000, leaseMs: 60_000 })
    }))

  it.effect("a bad value anywhere stops it, naming the variable", () =>
    Effect.gen(function*() {
      for (const [name, bad] of [
        ["PORT", "eighty"],
        ["PUBLIC_BASE_URL", "spotcast.example.com"],
        ["SPOTCAST_ADMIN_TOKEN", "short"],
        ["SPOTCAST_BOOTSTRAP_CREDITS", "-1"],
        ["SPOTCAST_SHUTDOWN_GRACE_MS", "-1"],
        ["SPOTCAST_WORKER_CONCURRENCY", "0"],
        ["SPOTCAST_OPEN_METEO_RETRIES", "11"],
        ["SPOTCAST_LLM_PROVIDER", "gemini"],
        ["SPOTCAST_WEBHOOK_POLL_MS", "0"]
      ] as const) {
        const result = yield* fromEnv(AppConfig, { [name]: bad })
        assert.isTrue(Either.isLeft(result) && String(result.left).includes(name), `${name}=${bad}: ${String(result)}`)
      }
    }))
})
