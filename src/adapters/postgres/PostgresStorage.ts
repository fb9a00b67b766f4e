import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Layer, Redacted } from "effect"
import { migrate } from "./Migrations.js"
import { guardedSocket } from "./PostgresDeadlines.js"
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
import * as PostgresWeatherCache from "./PostgresWeatherCache.js"
import * as PostgresInstallationSecrets from "./PostgresInstallationSecrets.js"
import * as PostgresChargeLedger from "./PostgresChargeLedger.js"
import * as PostgresTransactions from "./PostgresTransactions.js"

import { DEFAULT_POOL_SIZE } from "./StorageDefaults.js"

export { DEFAULT_POOL_SIZE }

/**
 * Every storage port, the webhook outbox included, on the `SqlClient` in context, once the migrations are applied. The client must
 * be a Postgres one with no result-name transforms and the default type parsers (the rows are
 * decoded as `pg` returns them: snake_case names, `Date` timestamps, `bigint` as strings).
 */
const ports = Layer.mergeAll(
  PostgresAccountStore.layer,
  PostgresSpotCastStore.layer,
  PostgresJobQueue.layer,
  PostgresIdempotencyStore.layer,
  PostgresWebhookOutbox.layer,
  PostgresHealth.layer,
  PostgresWidgetStore.layer,
  PostgresUsageStore.layer,
  PostgresRouteStore.layer,
  PostgresWeatherCache.layer,
  PostgresInstallationSecrets.layer,
  PostgresChargeLedger.layer,
  PostgresTransactions.layer
)
export const layer = ports.pipe(Layer.provide(Layer.effectDiscard(migrate)))

/**
 * How long a request may wait to borrow a connection: bounded, so that nothing waits forever, but long
 * enough that a burst queues for a connection instead of being refused.
 */
export const CONNECT_TIMEOUT = "30 seconds"

/** Opening one connection (TCP, then the server's first answer): an unreachable host is a fast 503. */
export const OPEN_TIMEOUT_MS = 2_000

/**
 * A statement unanswered this long while no connection of the pool hears from the server either: the
 * server is probed (see PostgresDeadlines), which a live server answers at once however long the
 * statement runs.
 */
export const SILENCE_TIMEOUT_MS = 500

/** The probe unanswered this long: the server is unreachable (black-holed), waiting statements fail (503). */
export const PROBE_TIMEOUT_MS = 1_500

/**
 * The server cancels a statement that runs longer (`statement_timeout`; SQLSTATE 57014, an outage: 503),
 * and so frees what a client that gave up left waiting (a backend stuck on a lock does not notice its
 * client is gone). A `statement_timeout` in the URL's query string overrides it. Statements that
 * legitimately take longer (reports) raise it for themselves (see withStatementTimeout).
 */
export const STATEMENT_TIMEOUT_MS = 5_000

export interface ClientOptions {
  /** Connections in this process's pool. */
  readonly maxConnections?: number | undefined
  /** Shown in `pg_stat_activity`, e.g. the process role. */
  readonly applicationName?: string | undefined
}

/** The URL with the session's statement timeout unless it names one. */
const withSessionTimeout = (url: Redacted.Redacted<string>) => {
  let parsed: URL
  try {
    parsed = new URL(Redacted.value(url))
  } catch {
    // Not a URL this parser reads (pg's own parser may): left as it is, with the server's own timeout.
    return url
  }
  if (parsed.searchParams.has("statement_timeout")) return url
  parsed.searchParams.set("statement_timeout", String(STATEMENT_TIMEOUT_MS))
  return Redacted.make(parsed.toString())
}

/** A pool to a Postgres server at `url` (postgres://user:password@host:port/database). */
export const clientUrl = (url: Redacted.Redacted<string>, options: ClientOptions = {}) =>
  PgClient.layer({
    url: withSessionTimeout(url),
    maxConnections: options.maxConnections ?? DEFAULT_POOL_SIZE,
    applicationName: options.applicationName ?? "spotcast",
    // Bounds waiting for a free connection; opening one and the server's liveness are watched by the socket.
    connectTimeout: CONNECT_TIMEOUT,
    stream: guardedSocket({ connectMs: OPEN_TIMEOUT_MS, silenceMs: SILENCE_TIMEOUT_MS, probeMs: PROBE_TIMEOUT_MS })
  })

/**
 * One connection for the migrations, without the statement timeout or the reply deadline: a migration
 * may legitimately run (or wait for another process's migration lock) for longer.
 */
const migrationClient = (url: Redacted.Redacted<string>) =>
  PgClient.layer({
    url,
    maxConnections: 1,
    applicationName: "spotcast-migrate",
    connectTimeout: CONNECT_TIMEOUT,
    stream: guardedSocket({ connectMs: OPEN_TIMEOUT_MS })
  })

/**
 * Every storage port, plus `SqlClient`/`PgClient`, on the server at `url`, migrated at start (on a
 * connection of their own, closed after); with rate-limit windows shared by every process on that server.
 */
export const layerUrl = (url: Redacted.Redacted<string>, options: ClientOptions = {}) =>
  Layer.provideMerge(Layer.merge(ports, PostgresRateWindows.layer), clientUrl(url, options)).pipe(
    Layer.provide(Layer.effectDiscard(Effect.provide(migrate, migrationClient(url))))
  )
