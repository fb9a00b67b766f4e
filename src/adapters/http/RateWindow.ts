import type { RateDecision } from "../../ports/RateLimiter.js"

export type { RateDecision }

/** A fixed one-minute window per caller: the count of requests since the window opened. */
export interface RateWindow {
  readonly windowStartMillis: number
  readonly count: number
}

export const WINDOW_MILLIS = 60_000

/** The start of the minute `nowMillis` is in. */
export const windowStart = (nowMillis: number) => Math.floor(nowMillis / WINDOW_MILLIS) * WINDOW_MILLIS

/** The answer for a caller who is the `position`th request of the window (refused past `limit`). */
export const decide = (windowStartMillis: number, position: number, limit: number, nowMillis: number): RateDecision => {
  const resetMillis = windowStartMillis + WINDOW_MILLIS
  return {
    allowed: position <= limit,
    limit,
    remaining: Math.max(0, limit - position),
    resetAtSeconds: Math.ceil(resetMillis / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil((resetMillis - nowMillis) / 1000))
  }
}

/**
 * Counts one request against the caller's window, refused ones included (as the shared store counts
 * them: one rule wherever the windows are kept); the window is aligned to the minute.
 */
export const hit = (
  window: RateWindow | undefined,
  nowMillis: number,
  limit: number
): { readonly window: RateWindow; readonly decision: RateDecision } => {
  const windowStartMillis = windowStart(nowMillis)
  const previous = window !== undefined && window.windowStartMillis === windowStartMillis ? window.count : 0
  const count = previous + 1
  return {
    window: { windowStartMillis, count },
    decision: decide(windowStartMillis, count, limit, nowMillis)
  }
}
