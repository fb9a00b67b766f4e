import { assert, describe, it } from "@effect/vitest"
import { Context, Effect, Exit, Layer, Scope, TestClock } from "effect"
import * as RequestCounter from "../../../src/application/usage/RequestCounter.js"
import { type RequestTally, UsageStore } from "../../../src/ports/UsageStore.js"
import { accountId } from "../../support/TestIds.js"

const A = accountId(1)
const B = accountId(2)
const H = Date.UTC(2026, 10, 24, 9)

/** A usage store that records the batches it is given, and refuses them while `down` is set. */
const recordingStore = () => {
  const batches: Array<ReadonlyArray<RequestTally>> = []
  const state = { down: false }
  const layer = Layer.succeed(UsageStore, {
    addRequests: (batch) => state.down ? Effect.die(new Error("connection refused")) : Effect.sync(() => void batches.push(batch)),
    tallies: () => Effect.succeed([])
  })
  const total = () => {
    const sums = new Map<string, { requests: number; rateLimited: number }>()
    for (const t of batches.flat()) {
      const key = `${t.accountId}@${t.hourMillis}`
      const s = sums.get(key) ?? { requests: 0, rateLimited: 0 }
      sums.set(key, { requests: s.requests + t.requests, rateLimited: s.rateLimited + t.rateLimited })
    }
    return Object.fromEntries(sums)
  }
  return { batches, state, layer, total }
}

describe("RequestCounter", () => {
  it.effect("counts per account and UTC hour in memory, and one flush writes them in one batch", () =>
    Effect.gen(function*() {
      const store = recordingStore()
      const counter = yield* RequestCounter.make(yield* Effect.provide(UsageStore, store.layer))
      counter.count(A, H + 1, false)
      counter.count(A, H + 3_599_999, true)
      counter.count(A, H + 3_600_000, false)
      counter.count(B, H + 10, false)
      assert.strictEqual(store.batches.length, 0, "nothing is written on the request path")
      yield* counter.flush
      assert.strictEqual(store.batches.length, 1)
      assert.deepStrictEqual(store.total(), {
        [`${A}@${H}`]: { requests: 2, rateLimited: 1 },
        [`${A}@${H + 3_600_000}`]: { requests: 1, rateLimited: 0 },
        [`${B}@${H}`]: { requests: 1, rateLimited: 0 }
      })
      yield* counter.flush
      assert.strictEqual(store.batches.length, 1, "an empty flush writes nothing")
    }))

  it.effect("counts a failed flush could not write are kept and written by the next one", () =>
    Effect.gen(function*() {
      const store = recordingStore()
      const counter = yield* RequestCounter.make(yield* Effect.provide(UsageStore, store.layer))
      counter.count(A, H, false)
      counter.count(A, H, true)
      store.state.down = true
      yield* counter.flush
      counter.count(A, H, false)
      assert.strictEqual(store.batches.length, 0)
      store.state.down = false
      yield* counter.flush
      assert.deepStrictEqual(store.total(), { [`${A}@${H}`]: { requests: 3, rateLimited: 1 } })
    }))

  it.effect("the layer flushes every 2 seconds, and once more when it stops", () =>
    Effect.gen(function*() {
      const store = recordingStore()
      const scope = yield* Scope.make()
      const context = yield* Layer.buildWithScope(RequestCounter.layer().pipe(Layer.provide(store.layer)), scope)
      const counter = Context.get(context, RequestCounter.RequestCounter)
      counter.count(A, H, false)
      yield* TestClock.adjust("1 second")
      assert.deepStrictEqual(store.total(), {}, "not before the interval")
      yield* TestClock.adjust("1 second")
      assert.deepStrictEqual(store.total(), { [`${A}@${H}`]: { requests: 1, rateLimited: 0 } })
      counter.count(A, H, false)
      counter.count(B, H, true)
      yield* Scope.close(scope, Exit.void)
      assert.deepStrictEqual(store.total(), {
        [`${A}@${H}`]: { requests: 2, rateLimited: 0 },
        [`${B}@${H}`]: { requests: 1, rateLimited: 1 }
      }, "the counts of the last interval are written at shutdown")
    }))
})
