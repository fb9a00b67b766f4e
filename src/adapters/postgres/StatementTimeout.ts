import type * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Reports over long ranges (a year of usage by day) may take seconds on a busy server: longer than the
 * session's statement timeout allows a request's statements, still bounded.
 */
export const REPORT_STATEMENT_TIMEOUT_MS = 30_000

/** Runs `effect` in a transaction whose statements may each take up to `ms` (the setting ends with it). */
export const withStatementTimeout = (sql: SqlClient.SqlClient, ms: number) =>
<A, E, R>(effect: Effect.Effect<A, E, R>) =>
  sql.withTransaction(Effect.zipRight(sql`SELECT set_config('statement_timeout', ${String(ms)}, true)`, effect))
