import { Clock, Effect } from "effect"
import { SpotCastStore, type SpotCastStoreShape } from "../../ports/SpotCastStore.js"

/** Used until some forecasts have completed. */
export const DEFAULT_ESTIMATE_SECONDS = 10
const SAMPLES = 20
/**
 * How long an estimate is reused. It moves with the mean of 20 completions, so one a second old says the
 * same; read per request it was one more statement on every create (and refresh, widget, route).
 */
export const ESTIMATE_KEEP_MS = 1_000

/** The last estimate read from each store (a process has one; tests make many), with when it was read. */
const kept = new WeakMap<SpotCastStoreShape, { readonly seconds: number; readonly at: number }>()

/** The mean of `samples`, rounded up, at least 1 s. */
const meanSeconds = (samples: ReadonlyArray<number>) =>
  samples.length === 0
    ? DEFAULT_ESTIMATE_SECONDS
    : Math.max(1, Math.ceil(samples.reduce((a, b) => a + b, 0) / samples.length))

/**
 * Seconds a new forecast is expected to take: the mean of the most recent completions, rounded up, as
 * read at most `ESTIMATE_KEEP_MS` ago.
 */
export const estimateCompletionSeconds: Effect.Effect<number, never, SpotCastStore> = Effect.flatMap(
  SpotCastStore,
  (store) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => {
      const last = kept.get(store)
      if (last !== undefined && now >= last.at && now - last.at < ESTIMATE_KEEP_MS) return Effect.succeed(last.seconds)
      return Effect.map(store.recentCompletionSeconds(SAMPLES), (samples) => {
        const seconds = meanSeconds(samples)
        kept.set(store, { seconds, at: now })
        return seconds
      })
    })
)
