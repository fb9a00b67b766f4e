import { PGlite, type PGliteOptions } from "@electric-sql/pglite"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Layer, Redacted, Schema } from "effect"
import { existsSync } from "node:fs"
import { createRequire } from "node:module"
import { readFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import { pathToFileURL } from "node:url"
import * as v8 from "node:v8"
import { Worker } from "node:worker_threads"
import { DataDirLock } from "./DataDirLock.js"
import * as PostgresStorage from "./PostgresStorage.js"

export { DEFAULT_DATA_DIR } from "./StorageDefaults.js"

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

/**
 * Settings for a small single-user database, instead of a server's (shared_buffers 128 MB, work areas of
 * 64 MB): PGlite keeps all of it in the process's WebAssembly memory. With these the process holds about
 * 130 MB less (docs/performance.md); SpotCast's tables of one self-hosted install fit in 16 MB of buffers.
 */
export const SETTINGS: ReadonlyArray<string> = [
  "shared_buffers=16MB",
  "wal_buffers=256kB",
  "temp_buffers=1MB",
  "work_mem=2MB",
  "maintenance_work_mem=16MB"
]

const startParams = [...PGlite.defaultStartParams, ...SETTINGS.flatMap((setting) => ["-c", setting])]

/** A compiled PGlite module, and the WebAssembly global (this project's TypeScript libs do not declare it). */
type WasmModule = NonNullable<PGliteOptions["pgliteWasmModule"]>
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly

const pgliteEntry = () => createRequire(import.meta.url).resolve("@electric-sql/pglite")

/**
 * A new data directory is initialised (initdb) in a worker thread that then ends: initdb's own
 * WebAssembly instance would otherwise stay in this process, about 450 MB it never gives back. The
 * compiled PGlite module is shared with the worker (compiled once), and returned for this process.
 */
const initialise = (dataDir: string) =>
  Effect.tryPromise({
    try: () => readFile(join(dirname(pgliteEntry()), "pglite.wasm")).then((bytes) => wasm.compile(bytes)),
    catch: (e) => new EmbeddedPostgresError({ message: `PGlite could not load: ${e}` })
  }).pipe(Effect.flatMap((module) =>
    Effect.async<WasmModule, EmbeddedPostgresError>((resume) => {
      const worker = new Worker(
        `const { workerData } = require("node:worker_threads")
        import(workerData.entry).then(async ({ PGlite }) => {
          await (await PGlite.create(workerData.dataDir, { pgliteWasmModule: workerData.module })).close()
        })`,
        { eval: true, workerData: { entry: pathToFileURL(pgliteEntry()).href, dataDir, module } }
      )
      let failure: unknown = undefined
      worker.once("error", (e) => (failure = e))
      worker.once("exit", (code) =>
        resume(
          code === 0 && failure === undefined
            ? Effect.succeed(module)
            : Effect.fail(new EmbeddedPostgresError({ message: `PGlite could not initialise ${dataDir}: ${failure ?? `exit ${code}`}` }))
        ))
    })
  ))

export interface EmbeddedOptions {
  /** Where the database lives; none keeps it in memory (gone when the process ends). */
  readonly dataDir?: string | undefined
  /**
   * Compile PGlite's WebAssembly (9 MB of Postgres) with V8's optimizing compiler only, not first with its
   * baseline one, whose larger code for all of it stays in memory: the process holds 70–80 MB less, and a
   * start takes about 1 s longer. Off by default: it is process-wide (tests start many PGlites).
   */
  readonly optimizedCodeOnly?: boolean | undefined
}

/**
 * PGlite (Postgres compiled to WASM, in this process) served on a random loopback port, so that the
 * same `pg` client, SQL and migrations run on it as on a server. One process only: PGlite has a
 * single backend and serializes transactions, and two processes on one data directory would corrupt it.
 */
const serve = (options: EmbeddedOptions) =>
  Effect.gen(function*() {
    // Process-wide and read at compile time: set before the module is compiled.
    if (options.optimizedCodeOnly === true) v8.setFlagsFromString("--no-liftoff")
    let pgliteWasmModule: WasmModule | undefined = undefined
    if (options.dataDir !== undefined) {
      yield* DataDirLock(options.dataDir)
      if (!existsSync(join(options.dataDir, "PG_VERSION"))) pgliteWasmModule = yield* initialise(options.dataDir)
    }
    const db = yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () => PGlite.create(options.dataDir, { startParams, ...(pgliteWasmModule === undefined ? {} : { pgliteWasmModule }) }),
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
