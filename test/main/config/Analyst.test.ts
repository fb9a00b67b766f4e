import { NodeHttpClient } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Either, Layer, Option, Redacted, Ref } from "effect"
import { AnalystConfig } from "../../../src/main/config/Analyst.js"
import * as Intelligence from "../../../src/main/Intelligence.js"
import { Analyst } from "../../../src/ports/Analyst.js"
import { fakeModel } from "../../adapters/analyst/LlmFake.js"
import { builtinLayer, D1, D2, input } from "../../adapters/analyst/LlmSupport.js"
import { fromEnv } from "./FromEnv.js"

const read = (env: Record<string, string>) => fromEnv(AnalystConfig, env)

describe("AnalystConfig", () => {
  it.effect("the built-in analyst is the default", () =>
    Effect.gen(function*() {
      const result = yield* read({})
      assert.deepStrictEqual(result, Either.right(Option.none()))
    }))

  it.effect("openai needs a model and a key; its base URL defaults to OpenAI's", () =>
    Effect.gen(function*() {
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_LLM_PROVIDER: "openai", SPOTCAST_LLM_MODEL: "gpt-x" })))
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_LLM_PROVIDER: "openai", SPOTCAST_LLM_API_KEY: "sk-1" })))
      const ok = Option.getOrThrow(Either.getOrThrow(yield* read({
        SPOTCAST_LLM_PROVIDER: "openai",
        SPOTCAST_LLM_MODEL: "gpt-x",
        SPOTCAST_LLM_API_KEY: "sk-secret"
      })))
      assert.strictEqual(ok.baseUrl, "https://api.openai.com/v1")
      assert.strictEqual(Redacted.value(Option.getOrThrow(ok.apiKey)), "sk-secret")
      assert.notInclude(String(ok.apiKey), "sk-secret")
      assert.strictEqual(Duration.toMillis(ok.timeout), 30_000)
      assert.strictEqual(ok.retries, 1)
    }))

  it.effect("anthropic needs a model and a key; its base URL defaults to Anthropic's; retries are configurable", () =>
    Effect.gen(function*() {
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_LLM_PROVIDER: "anthropic", SPOTCAST_LLM_MODEL: "claude-x" })))
      const ok = Option.getOrThrow(Either.getOrThrow(yield* read({
        SPOTCAST_LLM_PROVIDER: "anthropic",
        SPOTCAST_LLM_MODEL: "claude-x",
        SPOTCAST_LLM_API_KEY: "sk-ant-secret",
        SPOTCAST_LLM_RETRIES: "0"
      })))
      assert.strictEqual(ok.provider, "anthropic")
      assert.strictEqual(ok.baseUrl, "https://api.anthropic.com/v1")
      assert.strictEqual(ok.retries, 0)
    }))

  it.effect("openai-compatible needs only a model; Ollama's address by default, no trailing slash", () =>
    Effect.gen(function*() {
      const local = Option.getOrThrow(Either.getOrThrow(yield* read({ SPOTCAST_LLM_PROVIDER: "openai-compatible", SPOTCAST_LLM_MODEL: "llama3.1" })))
      assert.strictEqual(local.baseUrl, "http://localhost:11434/v1")
      assert.isTrue(Option.isNone(local.apiKey))
      const custom = Option.getOrThrow(Either.getOrThrow(yield* read({
        SPOTCAST_LLM_PROVIDER: "openai-compatible",
        SPOTCAST_LLM_MODEL: "qwen",
        SPOTCAST_LLM_BASE_URL: "http://vllm.internal:8000/v1/",
        SPOTCAST_LLM_TIMEOUT_MS: "90000"
      })))
      assert.strictEqual(custom.baseUrl, "http://vllm.internal:8000/v1")
      assert.strictEqual(Duration.toMillis(custom.timeout), 90_000)
    }))

  it.effect("bad values are refused", () =>
    Effect.gen(function*() {
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_LLM_PROVIDER: "gemini", SPOTCAST_LLM_MODEL: "m", SPOTCAST_LLM_API_KEY: "k" })))
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_LLM_PROVIDER: "anthropic" })))
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_LLM_PROVIDER: "openai-compatible", SPOTCAST_LLM_MODEL: "m", SPOTCAST_LLM_RETRIES: "6" })))
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_LLM_PROVIDER: "openai-compatible", SPOTCAST_LLM_MODEL: "m", SPOTCAST_LLM_TIMEOUT_MS: "0" })))
      assert.isTrue(Either.isLeft(yield* read({ SPOTCAST_LLM_PROVIDER: "openai-compatible", SPOTCAST_LLM_MODEL: "m", SPOTCAST_LLM_BASE_URL: "ftp://x" })))
    }))

  it.effect("the default gives the fallback analyst itself", () =>
    Effect.gen(function*() {
      const calls = yield* Ref.make(0)
      const layer = Intelligence.analyst(Either.getOrThrow(yield* read({})), builtinLayer(calls)).pipe(
        Layer.provide(NodeHttpClient.layerUndici)
      )
      const analysis = yield* Effect.flatMap(Analyst, (a) => a.analyze(input())).pipe(Effect.provide(layer))
      assert.strictEqual(analysis.summary, "Built-in summary.")
      assert.strictEqual(yield* Ref.get(calls), 1)
    }))

  it.scopedLive("a configured model is loaded on demand and writes the texts", () =>
    Effect.gen(function*() {
      const answer = {
        summary: "Two days: the first calm, the second a gale.",
        days: [
          { date: D1, classification: "GO", summary: "A calm day on the water." },
          { date: D2, classification: "AVOID", summary: "A gale: the wind makes it a day to avoid." }
        ]
      }
      const server = yield* fakeModel("openai-compatible", () => ({ text: JSON.stringify(answer) }))
      const config = Either.getOrThrow(yield* read({
        SPOTCAST_LLM_PROVIDER: "openai-compatible",
        SPOTCAST_LLM_MODEL: "m",
        SPOTCAST_LLM_BASE_URL: server.baseUrl
      }))
      const calls = yield* Ref.make(0)
      const layer = Intelligence.analyst(config, builtinLayer(calls)).pipe(Layer.provide(NodeHttpClient.layerUndici))
      const analysis = yield* Effect.flatMap(Analyst, (a) => a.analyze(input())).pipe(Effect.provide(layer))
      assert.strictEqual(analysis.summary, answer.summary)
      assert.strictEqual(server.calls.length, 1)
    }))
})
