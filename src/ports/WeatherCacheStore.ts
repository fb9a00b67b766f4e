import { Context, type Effect } from "effect"

/**
 * What a look at a cache key found. `Claimed`: nobody holds a fresh answer or a live claim, and the
 * caller now holds the claim until `leaseUntilMillis` (renewable): it asks upstream, then fills or
 * releases. `InFlight`: another caller holds a live claim; look again shortly. `Failed`: the claim
 * that was in flight when the caller started waiting ended in a failure, shared with the waiters.
 */
export type CacheLook =
  | { readonly _tag: "Hit"; readonly value: string }
  | { readonly _tag: "Claimed" }
  | { readonly _tag: "InFlight" }
  | { readonly _tag: "Failed"; readonly reason: string }

/**
 * Weather answers shared by every process on the same storage, with one claim per key so that
 * concurrent askers make one upstream call. Times are epoch milliseconds from the caller's clock.
 * The store decides nothing about freshness beyond comparing the times it is given.
 */
export interface WeatherCacheStoreShape {
  /**
   * A value unexpired at `nowMillis`; else a failure recorded after `waitingSinceMillis`; else the
   * claim when no live one is held; else `InFlight`.
   */
  readonly look: (input: {
    readonly key: string
    readonly owner: string
    readonly nowMillis: number
    readonly waitingSinceMillis: number
    readonly leaseUntilMillis: number
  }) => Effect.Effect<CacheLook>
  /** Extends the owner's claim; false when the claim is no longer the owner's. */
  readonly renew: (key: string, owner: string, leaseUntilMillis: number) => Effect.Effect<boolean>
  /** Stores the owner's answer until `expiresAtMillis` and ends the claim. */
  readonly fill: (key: string, owner: string, value: string, expiresAtMillis: number) => Effect.Effect<void>
  /** Ends the owner's claim with a failure its waiters share (recorded at `nowMillis`). */
  readonly fail: (key: string, owner: string, reason: string, nowMillis: number) => Effect.Effect<void>
  /** Deletes entries expired at `nowMillis` with no live claim; returns how many. */
  readonly sweep: (nowMillis: number) => Effect.Effect<number>
}

export class WeatherCacheStore extends Context.Tag("spotcast/WeatherCacheStore")<WeatherCacheStore, WeatherCacheStoreShape>() {}
