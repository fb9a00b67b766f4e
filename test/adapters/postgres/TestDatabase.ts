import * as Reactivity from "@effect/experimental/Reactivity"
import * as PgClient from "@effect/sql-pg/PgClient"
import { describe } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { randomBytes } from "node:crypto"
import * as PostgresStorage from "../../../src/adapters/postgres/PostgresStorage.js"

/** The server the test run may create and drop databases on (trust auth here; any superuser works). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

const redactedUrl = () => {
  const url = new URL(TEST_DATABASE_URL)
  if (url.password !== "") url.password = "***"
  return url.toString()
}

const admin = PgClient.make({ url: Redacted.make(TEST_DATABASE_URL), maxConnections: 1, connectTimeout: "3 seconds" }).pipe(
  Effect.provide(Reactivity.layer)
)

/**
 * Whether the test server answers. Where it does not, suites that need it say so in one line and are
 * skipped; with `CI=true` a missing server fails the run instead.
 */
export const serverReachable: Promise<boolean> = Effect.runPromise(
  admin.pipe(
    Effect.flatMap((sql) => sql`SELECT 1`),
    Effect.as(true),
    Effect.scoped,
    Effect.catchAllCause(() => Effect.succeed(false))
  )
).then((reachable) => {
  if (!reachable && process.env.CI === "true") {
    throw new Error(`CI=true but no Postgres server answers at ${redactedUrl()} (TEST_DATABASE_URL)`)
  }
  if (!reachable) {
    process.stderr.write(`No Postgres server at ${redactedUrl()}: the real-server suites are skipped (set TEST_DATABASE_URL).\n`)
  }
  return reachable
})

/** `describe` for suites that need the server: skipped, with the line above, where there is none. */
export const describeServer = async (name: string, body: () => void) => describe.skipIf(!(await serverReachable))(name, body)

/** A database of its own for this test file, `spotcast_test_<random>`, dropped when the scope closes. */
export const freshDatabase = Effect.acquireRelease(
  Effect.gen(function*() {
    const name = `spotcast_test_${randomBytes(6).toString("hex")}`
    yield* Effect.scoped(Effect.flatMap(admin, (sql) => sql.unsafe(`CREATE DATABASE ${name}`)))
    const url = new URL(TEST_DATABASE_URL)
    url.pathname = `/${name}`
    return { name, url: Redacted.make(url.toString()) }
  }),
  ({ name }) =>
    Effect.scoped(Effect.flatMap(admin, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))).pipe(
      Effect.orDie
    )
).pipe(Effect.orDie)

/**
 * Every storage port (and `SqlClient`) on a fresh database of the test server, migrated. Pools are
 * small: test files run side by side, and together they must stay under the server's max_connections.
 */
export const serverStorage = (options: PostgresStorage.ClientOptions = {}) =>
  Layer.unwrapScoped(
    Effect.map(freshDatabase, ({ url }) => PostgresStorage.layerUrl(url, { maxConnections: 4, ...options }))
  )
