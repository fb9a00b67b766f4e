import * as SqlClient from "@effect/sql/SqlClient"
import { assert } from "@effect/vitest"
import { Effect } from "effect"
import { migrate, MIGRATIONS_TABLE } from "../../../src/adapters/postgres/Migrations.js"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import * as F from "../../ports/Fixtures.js"
import { onEveryPostgres, refused } from "./Targets.js"
import { chargeNewSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"

await onEveryPostgres("the Postgres schema", (it) => {
  it.effect("migrations are recorded and a second run applies nothing", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      assert.deepStrictEqual(yield* migrate, [])
      const rows = yield* sql<{ migration_id: number; name: string }>`SELECT migration_id, name FROM ${sql(MIGRATIONS_TABLE)}`
      assert.deepStrictEqual(rows.map((r) => [r.migration_id, r.name]), [[1, "schema"], [3, "widgets"], [5, "rate_windows"], [8, "usage"], [9, "routes"], [10, "installation_secrets"], [12, "weather_cache"], [13, "units"], [14, "route_metadata"]])
    }))

  it.effect("every table's primary key leads with account_id (Citus-ready)", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ table: string; first: string }>`
        SELECT c.relname AS table, a.attname AS first
        FROM pg_index i
        JOIN pg_class c ON c.oid = i.indrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
        WHERE i.indisprimary AND c.relname <> ${MIGRATIONS_TABLE}
        ORDER BY c.relname`
      assert.deepStrictEqual(rows.map((r) => r.table), [
        "accounts", "api_keys", "forecasts", "idempotency_keys", "installation_secrets", "jobs", "ledger_entries", "rate_windows",
        "route_analyses", "routes", "spotcasts", "usage_requests", "weather_cache", "webhook_attempts", "webhook_deliveries",
        "widgets"
      ])
      // The exceptions: rate_windows is keyed by caller (a key or a client address) and read only by the
      // API processes' rate limiter; weather_cache holds weather shared by every account (both unlogged);
      // installation_secrets belongs to no account (one row per secret). On Citus they stay local (or
      // reference) tables.
      const unowned = ["rate_windows", "weather_cache", "installation_secrets"]
      for (const row of rows) if (!unowned.includes(row.table)) assert.strictEqual(row.first, "account_id", row.table)
    }))

  it.effect("ids and idempotency keys compare in byte order (collation C), whatever the database's default", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ table_name: string; column_name: string; collation_name: string | null }>`
        SELECT table_name, column_name, collation_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type = 'text'
          AND (column_name LIKE '%\\_id' OR column_name IN ('id', 'key', 'refund_of'))`
      assert.isAbove(rows.length, 20)
      for (const row of rows) assert.strictEqual(row.collation_name, "C", `${row.table_name}.${row.column_name}`)
    }))

  it.effect("the ledger is append-only; a refund names its charge and exists once; a forecast is charged once", () =>
    Effect.gen(function*() {
      const account = yield* F.seed(10)
      const command = yield* F.createCommand(account)
      yield* chargeNewSpotCast(command)
      assert.include(yield* refused(`UPDATE ledger_entries SET amount = 1`), "append-only")
      assert.include(yield* refused(`DELETE FROM ledger_entries`), "append-only")
      const insert = (kind: string, entry: string, refundOf: string | null) =>
        `INSERT INTO ledger_entries (account_id, entry_id, kind, amount, forecast_id, refund_of, created_at)
         VALUES ('${account.id}', '${entry}', '${kind}', 2, '${command.forecast.id}', ${refundOf === null ? "NULL" : `'${refundOf}'`}, now())`
      assert.include(yield* refused(insert("charge", F.id("led"), null)), "ledger_charge_once")
      assert.include(yield* refused(insert("refund", F.id("led"), null)), "ledger_refund_names_its_charge")
      assert.include(yield* refused(insert("refund", F.id("led"), F.id("led"))), "foreign key")
      const sql = yield* SqlClient.SqlClient
      yield* sql.unsafe(insert("refund", F.id("led"), command.chargeId))
      assert.include(yield* refused(insert("refund", F.id("led"), command.chargeId)), "ledger_refund_once")
    }))

  it.effect("a balance can never go below zero, nor drift from purchased - used", () =>
    Effect.gen(function*() {
      const account = yield* F.seed(3)
      assert.include(
        yield* refused(`UPDATE accounts SET credit_balance = -1, total_used = total_purchased + 1 WHERE account_id = '${account.id}'`),
        "accounts_no_overdraft"
      )
      assert.include(
        yield* refused(`UPDATE accounts SET credit_balance = 2 WHERE account_id = '${account.id}'`),
        "accounts_balance_sums"
      )
    }))
})
