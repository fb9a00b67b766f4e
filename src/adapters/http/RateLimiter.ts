import { Effect, Layer, Option } from "effect"
import { RateWindowStore, type RateWindowStoreShape } from "../../ports/RateWindowStore.js"
import { decide, hit, type RateWindow, windowStart } from "./RateWindow.js"
import { RateLimiter, type RateLimiterShape } from "../../ports/RateLimiter.js"

/**
 * Fixed one-minute windows per caller: shared by every API process where storage offers a
 * RateWindowStore (a PostgreSQL server), else kept in this process's memory (memory and embedded
 * storage serve one process).
 */
export { RateLimiter, type RateLimiterShape }

/** This process's windows. */
export const make = (): RateLimiterShape => {
  const windows = new Map<string, RateWindow>()
  let currentWindow = 0
  return {
    hit: (bucket, limit, nowMillis) =>
      Effect.sync(() => {
        const start = windowStart(nowMillis)
        if (start > currentWindow) {
          // Once per minute: forget callers whose window has passed, so memory follows live callers only.
          for (const [key, window] of windows) if (window.windowStartMillis < start) windows.delete(key)
          currentWindow = start
        }
        const next = hit(windows.get(bucket), nowMillis, limit)
        windows.set(bucket, next.window)
        return next.decision
      })
  }
}

/** Windows in shared storage: the store's count is this request's place in the caller's window. */
export const shared = (store: RateWindowStoreShape): RateLimiterShape => ({
  hit: (bucket, limit, nowMillis) =>
    Effect.map(
      store.increment(bucket, windowStart(nowMillis)),
      (window) => decide(window.windowStartMillis, window.count, limit, nowMillis)
    )
})

/** Shared windows when the storage offers them, else this process's own. */
export const layer = Layer.effect(
  RateLimiter,
  Effect.map(Effect.serviceOption(RateWindowStore), Option.match({ onNone: make, onSome: shared }))
)
