import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Rows rewritten per statement: a large table is migrated in bounded steps. */
const BATCH = 500

/**
 * Migration 0014: a route's metadata is kept as the JSON text the client sent (a string member of the
 * route's `body`), no longer as a parsed object, so that it is echoed back byte for byte. Routes stored
 * before hold the object: each becomes its JSON text, the keys in the order they were stored and echoed
 * until now (the original bytes are gone). No column changes: `body` stays text.
 */
export const routeMetadataText = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  let after = { account_id: "", route_id: "" }
  for (;;) {
    const rows = yield* sql<{ account_id: string; route_id: string; body: string }>`
      SELECT account_id, route_id, body FROM routes
      WHERE (account_id, route_id) > (${after.account_id}, ${after.route_id})
      ORDER BY account_id, route_id
      LIMIT ${BATCH}`
    if (rows.length === 0) return
    for (const row of rows) {
      // Parsed in JavaScript, not as jsonb, which would reorder the metadata's keys.
      const body = JSON.parse(row.body) as Record<string, unknown>
      if (typeof body.metadata === "object" && body.metadata !== null) {
        const text = JSON.stringify({ ...body, metadata: JSON.stringify(body.metadata) })
        yield* sql`UPDATE routes SET body = ${text} WHERE account_id = ${row.account_id} AND route_id = ${row.route_id}`
      }
    }
    const last = rows[rows.length - 1]!
    after = { account_id: last.account_id, route_id: last.route_id }
  }
})
