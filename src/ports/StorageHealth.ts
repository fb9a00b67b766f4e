import { Context, type Effect } from "effect"

/** Whether storage can serve requests now; `reason` says why not in a few words. */
export type StorageStatus =
  | { readonly ready: true }
  | { readonly ready: false; readonly reason: string }

/** Readiness of the storage behind every other port: it answers, and its schema is current. */
export interface StorageHealthShape {
  readonly check: Effect.Effect<StorageStatus>
  /**
   * Database connections by state (active, idle, ...) of the processes sharing this one's connection
   * name (`spotcast-<role>`), for the pool gauges; empty where there is no database.
   */
  readonly connections: Effect.Effect<ReadonlyArray<{ readonly state: string; readonly count: number }>>
  /**
   * Whether a failure a storage port raised means storage cannot be reached now (refused or reset
   * connections, pool or statement timeouts), so that the request may be retried, rather than a bug.
   */
  readonly isOutage: (failure: unknown) => boolean
}

export class StorageHealth extends Context.Tag("spotcast/StorageHealth")<StorageHealth, StorageHealthShape>() {}
