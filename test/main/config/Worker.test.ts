import { assert, describe, it } from "@effect/vitest"
import { Effect, Either, Option } from "effect"
import { UpstreamRatesConfig, WorkerConfig } from "../../../src/main/config/Worker.js"
import { fromEnv } from "./FromEnv.js"

describe("WorkerConfig", () => {
  it.effect("SPOTCAST_WORKER_IN_FLIGHT (default 256); the former SPOTCAST_WORKER_CONCURRENCY is read when it is not set, flagged", () =>
    Effect.gen(function*() {
      const read = (env: Record<string, string>) => Effect.map(fromEnv(WorkerConfig, env), Either.getOrThrow)
      assert.deepStrictEqual(yield* read({}), { inFlight: 256, deprecated: false })
      assert.deepStrictEqual(yield* read({ SPOTCAST_WORKER_IN_FLIGHT: "64" }), { inFlight: 64, deprecated: false })
      assert.deepStrictEqual(yield* read({ SPOTCAST_WORKER_CONCURRENCY: "4" }), { inFlight: 4, deprecated: true })
      assert.deepStrictEqual(yield* read({ SPOTCAST_WORKER_CONCURRENCY: "4", SPOTCAST_WORKER_IN_FLIGHT: "500" }), { inFlight: 500, deprecated: false })
      for (const bad of ["0", "4097", "many"]) {
        const refused = yield* fromEnv(WorkerConfig, { SPOTCAST_WORKER_IN_FLIGHT: bad })
        assert.isTrue(Either.isLeft(refused) && String(refused.left).includes("SPOTCAST_WORKER_IN_FLIGHT"), bad)
      }
    }))

  it.effect("upstream rates: 300 at once then 10 a second by default; a rate of 0 turns a limit off; bad values refused", () =>
    Effect.gen(function*() {
      const read = (env: Record<string, string>) => Effect.map(fromEnv(UpstreamRatesConfig, env), Either.getOrThrow)
      assert.deepStrictEqual(yield* read({ SPOTCAST_WEATHER_RATE: "2.5", SPOTCAST_WEATHER_BURST: "20", SPOTCAST_LLM_RATE: "0" }), {
        weather: Option.some({ perSecond: 2.5, burst: 20 }),
        llm: Option.none()
      })
      for (const [name, bad] of [["SPOTCAST_WEATHER_RATE", "-1"], ["SPOTCAST_LLM_BURST", "0"], ["SPOTCAST_LLM_RATE", "fast"]] as const) {
        const refused = yield* fromEnv(UpstreamRatesConfig, { [name]: bad })
        assert.isTrue(Either.isLeft(refused) && String(refused.left).includes(name), `${name}=${bad}`)
      }
    }))
})
