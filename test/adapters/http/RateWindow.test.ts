import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { make, shared } from "../../../src/adapters/http/RateLimiter.js"
import { hit, type RateWindow } from "../../../src/adapters/http/RateWindow.js"
import type { RateWindowStoreShape } from "../../../src/ports/RateWindowStore.js"

/** The shared store's rule, in memory: every request adds one; a later window starts again at 1. */
const storeLikeTheDatabase = (): RateWindowStoreShape => {
  const rows = new Map<string, { windowStartMillis: number; count: number }>()
  return {
    increment: (bucket, windowStartMillis) =>
      Effect.sync(() => {
        const row = rows.get(bucket)
        const next = row === undefined || windowStartMillis > row.windowStartMillis
          ? { windowStartMillis, count: 1 }
          : { windowStartMillis: row.windowStartMillis, count: row.count + 1 }
        rows.set(bucket, next)
        return next
      })
  }
}

describe("rate windows", () => {
  it("count refused requests too, as the shared store does", () => {
    let window: RateWindow | undefined
    for (let i = 0; i < 5; i++) window = hit(window, 1_000, 3).window
    assert.strictEqual(window?.count, 5)
  })

  it.effect("the process's own windows answer every request as the shared ones do", () =>
    Effect.gen(function*() {
      const own = make()
      const sharedLimiter = shared(storeLikeTheDatabase())
      const times = [0, 1_000, 2_000, 3_000, 4_000, 59_999, 60_000, 61_000, 61_500, 62_000, 125_000]
      for (const now of times) {
        assert.deepStrictEqual(yield* own.hit("caller", 3, now), yield* sharedLimiter.hit("caller", 3, now), `at ${now}`)
      }
    }))
})
