import * as PgClient from "@effect/sql-pg/PgClient"
import { Layer, type Redacted } from "effect"
import { migrate } from "./Migrations.js"
import * as PostgresRateWindows from "./PostgresRateWindows.js"
import * as PostgresHealth from "./PostgresHealth.js"
import * as PostgresAccountStore from "./PostgresAccountStore.js"
import * as PostgresIdempotencyStore from "./PostgresIdempotencyStore.js"
import * as PostgresJobQueue from "./PostgresJobQueue.js"
import * as PostgresSpotCastStore from "./PostgresSpotCastStore.js"
import * as PostgresWebhookOutbox from "./PostgresWebhookOutbox.js"
import * as PostgresUsageStore from "./PostgresUsageStore.js"
import * as PostgresRouteStore from "./PostgresRouteStore.js"
import * as PostgresWidgetStore from "./PostgresWidgetStore.js"

export const DEFAULT_POOL_SIZE = 10

/**
 * Every storage port, the webhook outbox included, on the `SqlClient` in context, once the migrations are applied. The client must
 * be a Postgres one with no result-name transforms and the default type parsers (the rows are
 * decoded as `pg` returns them: snake_case names, `Date` timestamps, `bigint` as strings).
 */
export const layer = Layer.mergeAll(
  PostgresAccountStore.layer,
  PostgresSpotCastStore.layer,
  PostgresJobQueue.layer,
  PostgresIdempotencyStore.layer,
  PostgresWebhookOutbox.layer,
  PostgresHealth.layer,
  PostgresWidgetStore.layer,
  PostgresUsageStore.layer,
  PostgresRouteStore.layer
).pipe(Layer.provide(Layer.effectDiscard(migrate)))

/**
 * How long a request may wait to open or borrow a connection: bounded, so that nothing waits forever,
 * but long enough that a burst queues for a connection instead of being refused (refused and reset
 * connections fail at once, and are answered 503 at once).
 */
export const CONNECT_TIMEOUT = "30 seconds"

export interface ClientOptions {
  /** Connections in this process's pool. */
  readonly maxConnections?: number | undefined
  /** Shown in `pg_stat_activity`, e.g. the process role. */
  readonly applicationName?: string | undefined
}

/** A pool to a Postgres server at `url` (postgres://user:password@host:port/database). */
export const clientUrl = (url: Redacted.Redacted<string>, options: ClientOptions = {}) =>
  PgClient.layer({
    url,
    maxConnections: options.maxConnections ?? DEFAULT_POOL_SIZE,
    applicationName: options.applicationName ?? "spotcast",
    // Bounds both opening a connection and waiting for a free one (see StorageHealth.isOutage).
    connectTimeout: CONNECT_TIMEOUT
  })

/**
 * Every storage port, plus `SqlClient`/`PgClient`, on the server at `url`, migrated at start; with
 * rate-limit windows shared by every process on that server.
 */
export const layerUrl = (url: Redacted.Redacted<string>, options: ClientOptions = {}) =>
  Layer.provideMerge(Layer.merge(layer, PostgresRateWindows.layer), clientUrl(url, options))
