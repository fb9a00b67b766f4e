import { Context, type Effect } from "effect"
import type { AccountId } from "../domain/Ids.js"

/**
 * API requests per account and UTC hour, counted in this process's memory on the request path (one
 * map increment, no I/O) and added to storage in one batch every FLUSH_INTERVAL and at shutdown.
 */
export interface RequestCounterShape {
  /** Counts one request of the account made at `nowMillis`, and whether it was refused by the rate limit. */
  readonly count: (accountId: AccountId, nowMillis: number, rateLimited: boolean) => void
  /**
   * Writes the counts gathered so far. Flushes take turns, so once a flush returns every request
   * counted before it was called is in storage. Counts that cannot be written stay for the next one.
   */
  readonly flush: Effect.Effect<void>
}

export class RequestCounter extends Context.Tag("spotcast/RequestCounter")<RequestCounter, RequestCounterShape>() {}
