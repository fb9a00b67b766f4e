import { Context, type Effect } from "effect"

/** What the rate limit answers for one request. */
export interface RateDecision {
  readonly allowed: boolean
  readonly limit: number
  readonly remaining: number
  /** Unix seconds when the window resets (X-RateLimit-Reset). */
  readonly resetAtSeconds: number
  /** Whole seconds until then, at least 1 (Retry-After). */
  readonly retryAfterSeconds: number
}

/** Counts one request against the caller's window (refused ones included) and answers the decision. */
export interface RateLimiterShape {
  readonly hit: (bucket: string, limit: number, nowMillis: number) => Effect.Effect<RateDecision>
}

export class RateLimiter extends Context.Tag("spotcast/http/RateLimiter")<RateLimiter, RateLimiterShape>() {}
