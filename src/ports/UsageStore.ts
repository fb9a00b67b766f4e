import { Context, type Effect } from "effect"
import type { AccountId } from "../domain/Ids.js"
import type { Tally } from "../domain/usage/UsageCounters.js"

/** API requests of one account in one UTC hour, as one process counted them since its last flush. */
export interface RequestTally {
  readonly accountId: AccountId
  readonly hourMillis: number
  readonly requests: number
  readonly rateLimited: number
}

/**
 * Usage analytics. Credits, forecasts and webhook deliveries are read from what storage already
 * records (the ledger is the source of credits, so they are exact); request counts are the only thing
 * written for analytics, in batches that add to what is stored.
 */
export interface UsageStoreShape {
  /** Adds the counts to the stored per-hour totals (several processes may add to the same hour). */
  readonly addRequests: (tallies: ReadonlyArray<RequestTally>) => Effect.Effect<void>
  /**
   * The account's activity in [startMillis, endMillis), tallied per bucket of `bucketMillis` (a UTC
   * hour or day: HOUR_MILLIS or DAY_MILLIS), each tally dated by its bucket's start: credits charged and
   * refunded by product (dated by their ledger entry), forecasts created, completed and failed (dated
   * by each), requests and rate-limited requests, and webhook deliveries by final outcome (dated when
   * delivered, or by the last attempt of a failed one).
   */
  readonly tallies: (
    accountId: AccountId,
    startMillis: number,
    endMillis: number,
    bucketMillis: number
  ) => Effect.Effect<ReadonlyArray<Tally>>
}

export class UsageStore extends Context.Tag("spotcast/UsageStore")<UsageStore, UsageStoreShape>() {}
