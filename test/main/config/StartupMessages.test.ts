import { assert, describe, it } from "@effect/vitest"
import { ConfigError, Effect, Either } from "effect"
import { AppConfig } from "../../../src/main/config/AppConfig.js"
import { fromEnv } from "./FromEnv.js"

/** The configuration error as start-up prints it. */
const refusal = (env: Record<string, string>) =>
  Effect.map(fromEnv(AppConfig, env), (result) => {
    assert.isTrue(Either.isLeft(result), `accepted: ${JSON.stringify(env)}`)
    return Either.isLeft(result) ? String(result.left as ConfigError.ConfigError) : ""
  })

const LLM = { SPOTCAST_LLM_PROVIDER: "openai-compatible", SPOTCAST_LLM_MODEL: "m" }

describe("start-up messages", () => {
  it.effect("name every bad variable, the malformed secrets keys included", () =>
    Effect.gen(function*() {
      const message = yield* refusal({
        SPOTCAST_SECRETS_KEY: "not-a-key",
        SPOTCAST_SECRETS_KEY_PREVIOUS: "short",
        PORT: "abc"
      })
      for (const name of ["SPOTCAST_SECRETS_KEY", "SPOTCAST_SECRETS_KEY_PREVIOUS", "PORT"]) {
        assert.include(message, `at ${name}`, message)
      }
      assert.notInclude(message, "not-a-key")
      assert.notInclude(message, "short")
    }))

  it.effect("never repeat a URL that may hold credentials, whatever is wrong with it", () =>
    Effect.gen(function*() {
      for (
        const [name, value, extra] of [
          ["SPOTCAST_LLM_BASE_URL", "http://user:s3cret@[not-a-host/v1", LLM],
          ["SPOTCAST_LLM_BASE_URL", "ftp://user:s3cret@example.com/v1", LLM],
          ["PUBLIC_BASE_URL", "https://user:s3cret@ bad", {}],
          ["SPOTCAST_PURCHASE_URL", "mailto:user:s3cret@example.com", {}],
          ["OTEL_EXPORTER_OTLP_ENDPOINT", "http://user:s3cret@[::1", {}],
          ["SPOTCAST_OPEN_METEO_FORECAST_URL", "user:s3cret@example.com", {}]
        ] as const
      ) {
        const message = yield* refusal({ ...extra, [name]: value })
        assert.include(message, `at ${name}`, message)
        assert.notInclude(message, "s3cret", message)
        assert.notInclude(message, value, message)
      }
    }))
})
