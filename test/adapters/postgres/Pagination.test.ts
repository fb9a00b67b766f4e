import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { forecastPageQuery, spotcastPageQuery } from "../../../src/adapters/postgres/SpotCastReads.js"
import { withStatementTimeout } from "../../../src/adapters/postgres/StatementTimeout.js"
import { describeServer, serverStorage } from "./TestDatabase.js"

const ROWS = 60_000
const LIMIT = 21
const ACCOUNT = "acct_PAGED0000000000000000"
const SPOTCAST = "spc_MANYFORECASTS00000000"

interface PlanNode {
  readonly "Node Type": string
  readonly "Index Name"?: string
  readonly "Actual Rows": number
  readonly "Shared Hit Blocks": number
  readonly "Shared Read Blocks": number
  readonly Plans?: ReadonlyArray<PlanNode>
}

const nodes = (plan: PlanNode): Array<PlanNode> => [plan, ...(plan.Plans ?? []).flatMap(nodes)]

/** EXPLAIN ANALYZE of exactly the statement the adapter runs. */
const explain = (statement: Statement.Statement<unknown>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const [text, params] = statement.compile()
    const rows = yield* sql.unsafe<{ "QUERY PLAN": ReadonlyArray<{ Plan: PlanNode }> }>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`,
      params
    )
    return rows[0]!["QUERY PLAN"][0]!.Plan
  })

const assertKeyset = (plan: PlanNode, index: string) => {
  const all = nodes(plan)
  assert.strictEqual(plan["Node Type"], "Limit")
  assert.isFalse(all.some((n) => n["Node Type"].includes("Sort")), `no sort: the index gives the order: ${JSON.stringify(all.map((n) => [n["Node Type"], n["Index Name"]]))}`)
  const scan = all.find((n) => n["Index Name"] === index)
  assert.isDefined(scan, `scans ${index}: ${JSON.stringify(all.map((n) => n["Node Type"]))}`)
  assert.isAtMost(scan!["Actual Rows"], LIMIT, "reads no more rows than the page holds")
  const blocks = all.reduce((sum, n) => Math.max(sum, n["Shared Hit Blocks"] + n["Shared Read Blocks"]), 0)
  assert.isBelow(blocks, 40, "touches a handful of pages, not the table")
}

await describeServer("keyset pagination on the Postgres server", () => {
  layer(serverStorage(), { excludeTestServices: true, timeout: "120 seconds" })((it) => {
    it.effect(`a page is an index range scan of ${LIMIT} rows at any depth of ${ROWS} (and as many rows of others)`, () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        // A bulk load, not a request's statement: it may take longer than a request's statement timeout on a busy machine.
        yield* withStatementTimeout(sql, 120_000)(Effect.gen(function*() {
          yield* sql.unsafe(`
            INSERT INTO accounts (account_id, name, status, mode, created_at, webhook_secret)
            SELECT CASE WHEN g = 0 THEN '${ACCOUNT}' ELSE 'acct_other' || lpad(g::text, 18, '0') END,
                   'paged', 'active', 'live', now(), 'whsec_x'
            FROM generate_series(0, 20) g`)
          // Every fourth SpotCast shares its instant with the next, so ties are broken by id.
          yield* sql.unsafe(`
            INSERT INTO spotcasts (account_id, spotcast_id, created_at, latitude, longitude, start_at, num_days, language,
              distance_units, speed_units, height_units, temperature_units, forecast_count, latest_forecast_id)
            SELECT CASE WHEN g % 2 = 0 THEN '${ACCOUNT}' ELSE 'acct_other' || lpad((1 + g % 20)::text, 18, '0') END,
                   'spc_' || lpad(g::text, 22, '0'), timestamptz '2026-01-01' + ((g / 4) * interval '1 second'),
                   0, 0, now(), 1, 'en', 'nm', 'kts', 'm', 'c', 1, 'fcst_' || lpad(g::text, 22, '0')
            FROM generate_series(1, ${ROWS * 2}) g`)
          yield* sql.unsafe(`
            INSERT INTO spotcasts (account_id, spotcast_id, created_at, latitude, longitude, start_at, num_days, language,
              distance_units, speed_units, height_units, temperature_units, forecast_count, latest_forecast_id)
            VALUES ('${ACCOUNT}', '${SPOTCAST}', now(), 0, 0, now(), 1, 'en', 'nm', 'kts', 'm', 'c', ${ROWS}, 'fcst_x')`)
          yield* sql.unsafe(`
            INSERT INTO forecasts (account_id, forecast_id, spotcast_id, created_at, status, stage, percentage)
            SELECT '${ACCOUNT}', 'fcst_' || lpad(g::text, 22, '0'), '${SPOTCAST}',
                   timestamptz '2026-01-01' + ((g / 3) * interval '1 second'), 'completed', 'completed', 100
            FROM generate_series(1, ${ROWS}) g`)
          yield* sql.unsafe(`ANALYZE spotcasts`)
          yield* sql.unsafe(`ANALYZE forecasts`)
        }))

        const deep = { createdAt: new Date(Date.UTC(2026, 0, 1) + ROWS / 8 * 1000), id: `spc_${"9".repeat(22)}` }
        for (const after of [null, deep]) {
          assertKeyset(yield* explain(spotcastPageQuery(sql, { accountId: ACCOUNT, limit: LIMIT, after })), "spotcasts_page")
          assertKeyset(
            yield* explain(forecastPageQuery(sql, { accountId: ACCOUNT, spotcastId: SPOTCAST, limit: LIMIT, after })),
            "forecasts_page"
          )
        }
        const page = yield* spotcastPageQuery(sql, { accountId: ACCOUNT, limit: LIMIT, after: deep })
        assert.strictEqual(page.length, LIMIT)
      }), 120_000)
  })
})
