import * as Migrator from "@effect/sql/Migrator"
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { schemaV1 } from "./SchemaV1.js"
import { schemaUsage } from "./SchemaUsage.js"
import { schemaRoutes } from "./SchemaRoutes.js"
import { schemaV5 } from "./SchemaV5.js"
import { schemaWidgets } from "./SchemaWidgets.js"
import { schemaInstallationSecrets } from "./SchemaInstallationSecrets.js"
import { schemaWeatherCache } from "./SchemaWeatherCache.js"
import { schemaUnits } from "./SchemaUnits.js"
import { routeMetadataText } from "./RouteMetadataText.js"

/** Where the migrator records what it applied. */
export const MIGRATIONS_TABLE = "spotcast_migrations"

/** Any constant both sides agree on: it names the lock, not a row. */
const MIGRATION_LOCK_KEY = 7_305_128_113

const statements = (list: ReadonlyArray<string>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => Effect.forEach(list, (s) => sql.unsafe(s), { discard: true }))

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
const all = {
  "0001_schema": statements(schemaV1),
  "0003_widgets": statements(schemaWidgets),
  "0005_rate_windows": statements(schemaV5),
  "0008_usage": statements(schemaUsage),
  "0009_routes": statements(schemaRoutes),
  "0010_installation_secrets": statements(schemaInstallationSecrets),
  "0012_weather_cache": statements(schemaWeatherCache),
  "0013_units": statements(schemaUnits),
  "0014_route_metadata": routeMetadataText
}
export const migrations = Migrator.fromRecord(all)

/** The id of the newest migration this build knows: readiness waits until the database has it. */
export const LATEST_MIGRATION = Math.max(...Object.keys(all).map((name) => Number.parseInt(name, 10)))

/**
 * Applies pending migrations. Several processes may start at once: a transaction-scoped advisory lock
 * makes them take turns, so the second finds the work done. The migrator's table is created inside the
 * same lock because its own create-if-missing step races when two processes start together.
 */
export const migrate = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const run = Migrator.make({})({ loader: migrations, table: MIGRATIONS_TABLE })
  return yield* sql.withTransaction(Effect.gen(function*() {
    yield* sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`
    yield* sql.unsafe(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
      migration_id integer PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      name text NOT NULL
    )`)
    return yield* run
  }))
}).pipe(Effect.withSpan("PostgresMigrations.migrate"))
