import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Effect, Layer, Schema } from "effect"
import { ChargeProduct } from "../../domain/billing/Ledger.js"
import { AccountId } from "../../domain/Ids.js"
import { Measure, type Tally } from "../../domain/usage/UsageCounters.js"
import { UsageStore, type UsageStoreShape } from "../../ports/UsageStore.js"
import { REPORT_STATEMENT_TIMEOUT_MS, withStatementTimeout } from "./StatementTimeout.js"

const TallyRow = Schema.Struct({
  measure: Measure,
  product: Schema.NullOr(ChargeProduct),
  bucket_ms: Schema.NumberFromString,
  amount: Schema.NumberFromString
})

/** The start of a timestamptz's UTC bucket in epoch milliseconds, whatever the session's time zone. */
const bucketOf = (column: string, bucketMillis: number) =>
  `(floor(extract(epoch FROM ${column}) * 1000 / ${bucketMillis}) * ${bucketMillis})::bigint`

/**
 * Usage read with one statement per report: each measure grouped by the report's period (hour or
 * day, so a year by day is a few hundred rows per measure) over the account's range,
 * through indexes that lead with the account and the time the measure is dated by. Request counts
 * are added with one upsert per flush, rows in key order so that two processes never deadlock.
 */
export const layer = Layer.effect(
  UsageStore,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const tallies = SqlSchema.findAll({
      Request: Schema.Struct({
        accountId: AccountId,
        start: Schema.DateFromSelf,
        end: Schema.DateFromSelf,
        // Written into the statement (an integer of ours, never a client's text).
        bucketMillis: Schema.Int.pipe(Schema.positive())
      }),
      Result: TallyRow,
      execute: ({ accountId, bucketMillis, end, start }) => {
        const hourMs = (column: string) => bucketOf(column, bucketMillis)
        const within = (column: string) => sql`${sql.unsafe(column)} >= ${start} AND ${sql.unsafe(column)} < ${end}`
        return sql`
          SELECT CASE kind WHEN 'charge' THEN 'credits_charged' ELSE 'credits_refunded' END AS measure,
                 COALESCE(product, CASE WHEN route_id IS NOT NULL THEN 'route' WHEN widget_id IS NOT NULL THEN 'widget' ELSE 'spotcast' END) AS product,
                 ${sql.unsafe(hourMs("created_at"))} AS bucket_ms, sum(amount)::bigint AS amount
          FROM ledger_entries
          WHERE account_id = ${accountId} AND kind <> 'grant' AND ${within("created_at")}
          GROUP BY 1, 2, 3
          UNION ALL
          SELECT 'forecasts_created', NULL, ${sql.unsafe(hourMs("created_at"))}, count(*)
          FROM forecasts WHERE account_id = ${accountId} AND ${within("created_at")} GROUP BY 3
          UNION ALL
          SELECT 'forecasts_completed', NULL, ${sql.unsafe(hourMs("completed_at"))}, count(*)
          FROM forecasts WHERE account_id = ${accountId} AND completed_at IS NOT NULL AND ${within("completed_at")} GROUP BY 3
          UNION ALL
          SELECT 'forecasts_failed', NULL, ${sql.unsafe(hourMs("failed_at"))}, count(*)
          FROM forecasts WHERE account_id = ${accountId} AND failed_at IS NOT NULL AND ${within("failed_at")} GROUP BY 3
          UNION ALL
          SELECT 'webhook_deliveries_succeeded', NULL, ${sql.unsafe(hourMs("delivered_at"))}, count(*)
          FROM webhook_deliveries
          WHERE account_id = ${accountId} AND status = 'delivered' AND ${within("delivered_at")} GROUP BY 3
          UNION ALL
          SELECT 'webhook_deliveries_failed', NULL, ${sql.unsafe(hourMs("failed_at"))}, count(*)
          FROM (
            SELECT COALESCE(
              (SELECT max(a.at) FROM webhook_attempts a WHERE a.account_id = d.account_id AND a.delivery_id = d.id),
              d.created_at
            ) AS failed_at
            FROM webhook_deliveries d WHERE d.account_id = ${accountId} AND d.status = 'failed'
          ) failures
          WHERE ${within("failed_at")} GROUP BY 3
          UNION ALL
          SELECT 'requests', NULL, ${sql.unsafe(hourMs("hour"))}, requests
          FROM usage_requests WHERE account_id = ${accountId} AND ${within("hour")}
          UNION ALL
          SELECT 'rate_limited_requests', NULL, ${sql.unsafe(hourMs("hour"))}, rate_limited
          FROM usage_requests WHERE account_id = ${accountId} AND ${within("hour")}`
      }
    })

    return UsageStore.of({
      addRequests: (batch) => {
        if (batch.length === 0) return Effect.void
        const rows = [...batch]
          .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : a.hourMillis - b.hourMillis))
          .map((t) => ({ account_id: t.accountId, hour: new Date(t.hourMillis), requests: t.requests, rate_limited: t.rateLimited }))
        return sql`
          INSERT INTO usage_requests ${sql.insert(rows)}
          ON CONFLICT (account_id, hour) DO UPDATE SET
            requests = usage_requests.requests + EXCLUDED.requests,
            rate_limited = usage_requests.rate_limited + EXCLUDED.rate_limited`.pipe(
          Effect.asVoid,
          Effect.orDie,
          Effect.withSpan("UsageStore.addRequests")
        )
      },
      tallies: (accountId, startMillis, endMillis, bucketMillis) =>
        tallies({ accountId, start: new Date(startMillis), end: new Date(endMillis), bucketMillis }).pipe(
          withStatementTimeout(sql, REPORT_STATEMENT_TIMEOUT_MS),
          Effect.map((rows) =>
            rows.map((r): Tally => ({
              bucketMillis: r.bucket_ms,
              measure: r.measure,
              amount: r.amount,
              ...(r.product === null ? {} : { product: r.product })
            }))
          ),
          Effect.orDie,
          Effect.withSpan("UsageStore.tallies")
        )
    } satisfies UsageStoreShape)
  })
)
