/** A fixed one-minute window per caller: the count of requests since the window opened. */
export interface RateWindow {
  readonly windowStartMillis: number
  readonly count: number
}

export interface RateDecision {
  readonly allowed: boolean
  readonly limit: number
  readonly remaining: number
  /** Unix seconds when the window resets (X-RateLimit-Reset). */
  readonly resetAtSeconds: number
  /** Whole seconds until then, at least 1 (Retry-After). */
  readonly retryAfterSeconds: number
}

export const WINDOW_MILLIS = 60_000

/** Counts one request against the caller's window; the window is aligned to the minute. */
export const hit = (
  window: RateWindow | undefined,
  nowMillis: number,
  limit: number
): { readonly window: RateWindow; readonly decision: RateDecision } => {
  const windowStartMillis = Math.floor(nowMillis / WINDOW_MILLIS) * WINDOW_MILLIS
  const previous = window !== undefined && window.windowStartMillis === windowStartMillis ? window.count : 0
  const allowed = previous < limit
  const count = allowed ? previous + 1 : previous
  const resetMillis = windowStartMillis + WINDOW_MILLIS
  return {
    window: { windowStartMillis, count },
    decision: {
      allowed,
      limit,
      remaining: Math.max(0, limit - count),
      resetAtSeconds: Math.ceil(resetMillis / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil((resetMillis - nowMillis) / 1000))
    }
  }
}
