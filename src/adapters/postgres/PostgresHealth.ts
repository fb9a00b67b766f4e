import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { StorageHealth, type StorageStatus } from "../../ports/StorageHealth.js"
import { LATEST_MIGRATION, MIGRATIONS_TABLE } from "./Migrations.js"

/** A readiness probe must answer quickly: a database slower than this counts as not answering. */
const CHECK_TIMEOUT = "2 seconds"

const NOT_ANSWERING: StorageStatus = { ready: false, reason: "database not answering" }

/** Node socket errors and Postgres SQLSTATEs that mean "not reachable now", not "this statement is wrong". */
const OUTAGE_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN",
  "57P01", "57P02", "57P03", "53300", "57014", "08000", "08001", "08003", "08004", "08006"
])
const OUTAGE_MESSAGES = [/timeout exceeded when trying to connect/i, /connection terminated/i, /terminating connection/i, /Connection ended/i, /not queryable/i, /database (connect|reply) timed out/i]

/** A storage failure that is an outage: a SqlError whose cause has one of those codes or messages. */
export const isOutage = (failure: unknown): boolean => {
  if (typeof failure !== "object" || failure === null || (failure as { _tag?: unknown })._tag !== "SqlError") return false
  let cause: unknown = (failure as { cause?: unknown }).cause
  for (let depth = 0; depth < 4 && typeof cause === "object" && cause !== null; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown }
    if (typeof code === "string" && OUTAGE_CODES.has(code)) return true
    if (typeof message === "string" && OUTAGE_MESSAGES.some((m) => m.test(message))) return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}

/** Ready when the database answers within the timeout and has every migration this build knows. */
export const layer = Layer.effect(
  StorageHealth,
  Effect.map(SqlClient.SqlClient, (sql) => {
    const latest = Effect.gen(function*() {
      const [table] = yield* sql<{ present: boolean }>`SELECT to_regclass(${MIGRATIONS_TABLE}) IS NOT NULL AS present`
      if (table?.present !== true) return 0
      const [row] = yield* sql.unsafe<{ latest: number | null }>(`SELECT max(migration_id) AS latest FROM ${MIGRATIONS_TABLE}`)
      return Number(row?.latest ?? 0)
    })
    return {
      check: latest.pipe(
        // Disconnected: the answer comes at the timeout even while cancelling the query takes longer.
        Effect.disconnect,
        Effect.timeoutFail({ duration: CHECK_TIMEOUT, onTimeout: () => "timeout" }),
        Effect.map((at): StorageStatus =>
          at >= LATEST_MIGRATION
            ? { ready: true }
            : { ready: false, reason: `database migrations not applied (at ${at}, this build needs ${LATEST_MIGRATION})` }
        ),
        Effect.catchAllCause(() => Effect.succeed(NOT_ANSWERING))
      ),
      connections: sql<{ state: string | null; count: string }>`
        SELECT coalesce(state, 'unknown') AS state, count(*) AS count FROM pg_stat_activity
        WHERE application_name = current_setting('application_name') AND datname = current_database()
        GROUP BY 1`.pipe(
        Effect.map((rows) => rows.map((r) => ({ state: r.state ?? "unknown", count: Number(r.count) }))),
        Effect.disconnect,
        Effect.timeout(CHECK_TIMEOUT),
        Effect.catchAllCause(() => Effect.succeed([]))
      ),
      isOutage
    }
  })
)
