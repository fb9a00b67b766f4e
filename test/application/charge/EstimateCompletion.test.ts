import { assert, describe, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import {
  DEFAULT_ESTIMATE_SECONDS,
  ESTIMATE_KEEP_MS,
  estimateCompletionSeconds
} from "../../../src/application/charge/EstimateCompletion.js"
import { SpotCastStore, type SpotCastStoreShape } from "../../../src/ports/SpotCastStore.js"

/** A store that only answers recent completion times (those given now), counting its reads. */
const completions = () => {
  const state = { samples: [] as Array<number>, reads: 0 }
  const store = {
    recentCompletionSeconds: (count: number) =>
      Effect.sync(() => {
        state.reads++
        return state.samples.slice(0, count)
      })
  } as unknown as SpotCastStoreShape
  return { state, estimate: Effect.provideService(estimateCompletionSeconds, SpotCastStore, store) }
}

describe("estimateCompletionSeconds", () => {
  it.effect("is the mean of the recent completions rounded up, at least 1 s, and the default without any", () =>
    Effect.gen(function*() {
      const none = completions()
      assert.strictEqual(yield* none.estimate, DEFAULT_ESTIMATE_SECONDS)
      const some = completions()
      some.state.samples = [12, 30, 7]
      assert.strictEqual(yield* some.estimate, 17)
      const fast = completions()
      fast.state.samples = [0.2, 0.1]
      assert.strictEqual(yield* fast.estimate, 1)
    }))

  it.effect("reads the store once per ESTIMATE_KEEP_MS, per store", () =>
    Effect.gen(function*() {
      const a = completions()
      a.state.samples = [10]
      assert.strictEqual(yield* a.estimate, 10)
      a.state.samples = [40]
      yield* TestClock.adjust(ESTIMATE_KEEP_MS - 1)
      assert.strictEqual(yield* a.estimate, 10)
      assert.strictEqual(a.state.reads, 1)
      // another store (another process's storage, another test's) has its own estimate
      const b = completions()
      b.state.samples = [20]
      assert.strictEqual(yield* b.estimate, 20)
      yield* TestClock.adjust(1)
      assert.strictEqual(yield* a.estimate, 40)
      assert.strictEqual(a.state.reads, 2)
    }))
})
