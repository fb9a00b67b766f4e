import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as MemoryWeatherCache from "../../src/adapters/memory/MemoryWeatherCache.js"
import { describeServer, serverStorage } from "../adapters/postgres/TestDatabase.js"
import { weatherCacheStoreContract } from "./WeatherCacheStoreContract.js"

layer(MemoryWeatherCache.layer, { excludeTestServices: true })("weather cache store in memory", (it) => weatherCacheStoreContract(it))

await describeServer("weather cache store on the Postgres server", () => {
  layer(Layer.orDie(serverStorage({ maxConnections: 4 })), { excludeTestServices: true, timeout: "60 seconds" })(
    "weather cache store on the Postgres server",
    (it) => weatherCacheStoreContract(it)
  )
})

describe("weather cache in memory, bounded", () => {
  it.effect("past its capacity the oldest entries go first, never one with a live claim", () =>
    Effect.gen(function*() {
      const store = MemoryWeatherCache.make(3)
      const T = 1_000_000
      const look = (key: string, owner: string, now: number) =>
        store.look({ key, owner, nowMillis: now, waitingSinceMillis: now, leaseUntilMillis: now + 15_000 })
      assert.strictEqual((yield* look("claimed", "a", T))._tag, "Claimed")
      yield* store.fill("old", "x", "1", T + 60_000)
      yield* store.fill("mid", "x", "2", T + 60_000)
      yield* store.fill("new", "x", "3", T + 60_000)
      // Four entries in a store of three: "old" went, the claimed one stayed.
      assert.deepStrictEqual(yield* look("claimed", "b", T + 1), { _tag: "InFlight" })
      assert.deepStrictEqual(yield* look("mid", "b", T + 1), { _tag: "Hit", value: "2" })
      assert.deepStrictEqual(yield* look("new", "b", T + 1), { _tag: "Hit", value: "3" })
      assert.deepStrictEqual(yield* look("old", "b", T + 1), { _tag: "Claimed" })
    }))
})
