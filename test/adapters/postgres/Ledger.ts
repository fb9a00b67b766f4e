import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Fiber } from "effect"

/** An account's balance columns and what its ledger entries add up to, read in one statement. */
export const ledgerOf = (accountId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql<{
      credit_balance: string
      total_purchased: string
      total_used: string
      granted: string
      charged: string
      refunded: string
      charges: string
      refunds: string
    }>`SELECT a.credit_balance, a.total_purchased, a.total_used,
          COALESCE(sum(e.amount) FILTER (WHERE e.kind = 'grant'), 0) AS granted,
          COALESCE(sum(e.amount) FILTER (WHERE e.kind = 'charge'), 0) AS charged,
          COALESCE(sum(e.amount) FILTER (WHERE e.kind = 'refund'), 0) AS refunded,
          count(*) FILTER (WHERE e.kind = 'charge') AS charges,
          count(*) FILTER (WHERE e.kind = 'refund') AS refunds
        FROM accounts a LEFT JOIN ledger_entries e ON e.account_id = a.account_id
        WHERE a.account_id = ${accountId}
        GROUP BY a.account_id`).pipe(
    Effect.map(([row]) => {
      if (row === undefined) throw new Error(`no account ${accountId}`)
      const n = (s: string) => Number(s)
      return {
        balance: n(row.credit_balance),
        purchased: n(row.total_purchased),
        used: n(row.total_used),
        granted: n(row.granted),
        charged: n(row.charged),
        refunded: n(row.refunded),
        charges: n(row.charges),
        refunds: n(row.refunds)
      }
    }),
    Effect.orDie
  )

/**
 * Reads the balance column over and over, on a connection of its own so the race cannot starve it,
 * until `until` completes; returns every value seen.
 */
export const sampleBalance = <A, E, R>(accountId: string, until: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const connection = yield* sql.reserve
    const seen: Array<number> = []
    const sampler = yield* Effect.fork(Effect.forever(
      connection.execute("SELECT credit_balance AS b FROM accounts WHERE account_id = $1", [accountId], undefined).pipe(
        Effect.tap((rows) => Effect.sync(() => seen.push(Number((rows[0] as { b: string } | undefined)?.b)))),
        Effect.orDie
      )
    ))
    const result = yield* until
    yield* Fiber.interrupt(sampler)
    return { result, seen }
  }).pipe(Effect.scoped)
