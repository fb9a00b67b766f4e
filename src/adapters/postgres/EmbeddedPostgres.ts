import { PGlite } from "@electric-sql/pglite"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Layer, Redacted, Schema } from "effect"
import { DataDirLock } from "./DataDirLock.js"
import * as PostgresStorage from "./PostgresStorage.js"

/** Where the service keeps its embedded database unless told otherwise. */
export const DEFAULT_DATA_DIR = "./.spotcast"

/**
 * One connection. The socket server multiplexes its connections onto PGlite's single backend message by
 * message, so two connections' extended-protocol exchanges can interleave and one's Bind meets the
 * other's unnamed statement ("bind message supplies 2 parameters, but prepared statement requires 4").
 * PGlite runs one statement at a time anyway; the pool queues the rest.
 */
const CONNECTIONS = 1

export class EmbeddedPostgresError extends Schema.TaggedError<EmbeddedPostgresError>()("EmbeddedPostgresError", {
  message: Schema.String
}) {}

export interface EmbeddedOptions {
  /** Where the database lives; none keeps it in memory (gone when the process ends). */
  readonly dataDir?: string | undefined
}

/**
 * PGlite (Postgres compiled to WASM, in this process) served on a random loopback port, so that the
 * same `pg` client, SQL and migrations run on it as on a server. One process only: PGlite has a
 * single backend and serializes transactions, and two processes on one data directory would corrupt it.
 */
const serve = (options: EmbeddedOptions) =>
  Effect.gen(function*() {
    if (options.dataDir !== undefined) yield* DataDirLock(options.dataDir)
    const db = yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () => PGlite.create(options.dataDir),
        catch: (e) => new EmbeddedPostgresError({ message: `PGlite could not open ${options.dataDir ?? "memory"}: ${e}` })
      }),
      (db) => Effect.promise(() => db.close())
    )
    // No second connection, not even another local client's: it would interleave with ours.
    const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: CONNECTIONS })
    yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () => server.start(),
        catch: (e) => new EmbeddedPostgresError({ message: `PGlite socket could not start: ${e}` })
      }),
      () => Effect.promise(() => server.stop())
    )
    const port = Number(server.getServerConn().split(":").at(-1))
    return PgClient.layer({
      host: "127.0.0.1",
      port,
      username: "postgres",
      password: Redacted.make("embedded"),
      database: "postgres",
      maxConnections: CONNECTIONS,
      idleTimeout: "1 day",
      applicationName: "spotcast"
    })
  })

/** PGlite's Postgres client: `SqlClient` and `PgClient`, nothing migrated. */
export const client = (options: EmbeddedOptions = {}) => Layer.unwrapScoped(serve(options))

/** Every storage port, plus `SqlClient`/`PgClient`, on embedded PGlite, migrated at start. */
export const layer = (options: EmbeddedOptions = {}) => Layer.provideMerge(PostgresStorage.layer, client(options))
