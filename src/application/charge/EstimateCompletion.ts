import { Effect } from "effect"
import { SpotCastStore } from "../../ports/SpotCastStore.js"

/** Used until some forecasts have completed. */
export const DEFAULT_ESTIMATE_SECONDS = 10
const SAMPLES = 20

/** Seconds a new forecast is expected to take: the mean of the most recent completions, rounded up. */
export const estimateCompletionSeconds = Effect.gen(function*() {
  const samples = yield* (yield* SpotCastStore).recentCompletionSeconds(SAMPLES)
  if (samples.length === 0) return DEFAULT_ESTIMATE_SECONDS
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length
  return Math.max(1, Math.ceil(mean))
}).pipe(Effect.withSpan("EstimateCompletion"))
