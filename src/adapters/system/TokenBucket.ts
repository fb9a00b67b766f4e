import { Clock, Duration, Effect, Ref } from "effect"

/**
 * A token bucket: `burst` requests at once, then `perSecond` on average. It keeps a burst of forecasts
 * from sending an upstream (the weather provider, a language model) more than its rate limit allows.
 */
export interface TokenBucketOptions {
  /** Tokens added per second (the sustained rate). */
  readonly perSecond: number
  /** The most tokens held (requests that may go at once after a quiet spell); at least 1. */
  readonly burst: number
}

/** Tokens held at `at` (epoch millis). Below zero, tokens already promised to callers still waiting. */
export interface BucketState {
  readonly tokens: number
  readonly at: number
}

export const full = (options: TokenBucketOptions, now: number): BucketState => ({ tokens: options.burst, at: now })

/** The state at `now`: what was held plus what accrued since, never above `burst`. */
export const refilled = (state: BucketState, now: number, options: TokenBucketOptions): BucketState => {
  const at = Math.max(state.at, now)
  return { tokens: Math.min(options.burst, state.tokens + ((at - state.at) * options.perSecond) / 1000), at }
}

/**
 * Takes one token at `now`: the state after and how many milliseconds the caller waits before its
 * request. With none left the token is promised ahead (the count goes below zero), so callers are
 * served in the order they asked, each `1 / perSecond` after the one before, with no lock and no polling.
 */
export const take = (state: BucketState, now: number, options: TokenBucketOptions): readonly [number, BucketState] => {
  const before = refilled(state, now, options)
  const after = { tokens: before.tokens - 1, at: before.at }
  return [after.tokens >= 0 ? 0 : Math.ceil((-after.tokens * 1000) / options.perSecond), after]
}

/** Hands back a token that was taken but not used (its caller was interrupted while it waited). */
export const giveBack = (state: BucketState, options: TokenBucketOptions): BucketState => ({
  tokens: Math.min(options.burst, state.tokens + 1),
  at: state.at
})

/**
 * A bucket as an effect: `acquire` waits (on Effect's clock, so TestClock drives it) until the caller
 * may send its request. A caller interrupted while it waits gives its token back.
 */
export const make = (options: TokenBucketOptions) =>
  Effect.gen(function*() {
    const checked = { perSecond: options.perSecond, burst: Math.max(1, Math.floor(options.burst)) }
    const state = yield* Ref.make(full(checked, yield* Clock.currentTimeMillis))
    const acquire: Effect.Effect<void> = Effect.uninterruptibleMask((restore) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.flatMap(Ref.modify(state, (s) => take(s, now, checked)), (wait) =>
          wait === 0
            ? Effect.void
            : restore(Effect.sleep(Duration.millis(wait))).pipe(
              Effect.onInterrupt(() => Ref.update(state, (s) => giveBack(s, checked)))
            )))
    )
    return { acquire, options: checked } as const
  })

export type TokenBucket = Effect.Effect.Success<ReturnType<typeof make>>
