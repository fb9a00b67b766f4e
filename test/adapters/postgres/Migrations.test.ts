import * as Reactivity from "@effect/experimental/Reactivity"
import * as SqlClient from "@effect/sql/SqlClient"
import * as PgClient from "@effect/sql-pg/PgClient"
import { assert, it } from "@effect/vitest"
import { Effect } from "effect"
import { migrate, MIGRATIONS_TABLE } from "../../../src/adapters/postgres/Migrations.js"
import * as PostgresStorage from "../../../src/adapters/postgres/PostgresStorage.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { describeServer, freshDatabase } from "./TestDatabase.js"

const PROCESSES = 6

/** 0001_schema, 0003_widgets, 0005_rate_windows, 0008_usage, 0009_routes, 0010_installation_secrets, 0012_weather_cache, 0013_units and 0014_route_metadata: each recorded once. */
const MIGRATION_COUNT = 9

await describeServer("migrations on the Postgres server", () => {
  it.live("several processes starting at once on an empty database migrate it once, and all start", () =>
    Effect.gen(function*() {
      const { url } = yield* freshDatabase
      // One pool per "process": separate sessions, as separate processes would have.
      const clients = yield* Effect.forEach(Array.from({ length: PROCESSES }), () =>
        PgClient.make({ url, maxConnections: 2 }).pipe(Effect.provide(Reactivity.layer)))
      const applied = yield* Effect.forEach(
        clients,
        (sql) => Effect.provideService(migrate, SqlClient.SqlClient, sql),
        { concurrency: "unbounded" }
      ).pipe(Effect.either)
      assert.isTrue(applied._tag === "Right", String(applied))
      const ran = applied._tag === "Right" ? applied.right.filter((r) => r.length > 0) : []
      assert.strictEqual(ran.length, 1, "exactly one process applied the migrations")
      const rows = yield* clients[0]!<{ n: string }>`SELECT count(*) AS n FROM ${clients[0]!(MIGRATIONS_TABLE)}`
      assert.strictEqual(rows[0]!.n, String(MIGRATION_COUNT))
    }).pipe(Effect.scoped), 60_000)

  it.live("layerUrl connects to the server, migrates, and provides the storage ports", () =>
    Effect.gen(function*() {
      const { url } = yield* freshDatabase
      const count = yield* Effect.flatMap(AccountStore, (s) => s.count).pipe(
        Effect.provide(PostgresStorage.layerUrl(url, { maxConnections: 2 }))
      )
      assert.strictEqual(count, 0)
      const sql = yield* PgClient.make({ url, maxConnections: 1 }).pipe(Effect.provide(Reactivity.layer))
      const rows = yield* sql<{ n: string }>`SELECT count(*) AS n FROM ${sql(MIGRATIONS_TABLE)}`
      assert.strictEqual(rows[0]!.n, String(MIGRATION_COUNT))
    }).pipe(Effect.scoped), 60_000)
})
