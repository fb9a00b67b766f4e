import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Effect, Layer, Option, Schema } from "effect"
import { entryDelta } from "../../domain/billing/Ledger.js"
import { Receipt } from "../../domain/billing/Receipt.js"
import { AccountId, ForecastId } from "../../domain/Ids.js"
import { ChargeLedger, type ChargeLedgerShape } from "../../ports/ChargeLedger.js"
import { spanned } from "../../ports/Spans.js"
import { Timestamp } from "./Columns.js"
import { IdempotencyRecordFromRow } from "./IdempotencyRows.js"
import { makeDebit } from "./DebitStatement.js"
import { addDelta, LedgerEntryFromRow } from "./LedgerRows.js"

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  // Inserting the key first makes a concurrent duplicate wait here for the first request's outcome
  // (the unique key), so it ends as a replay or a reuse, never as a second charge or a false 402.
  // The balance the receipt reports is only known once charged: `debit` writes it.
  const claimKey = SqlSchema.findOne({
    Request: Schema.Struct({
      accountId: AccountId,
      key: Schema.String,
      fingerprint: Schema.String,
      // Plain strings: a refresh may name a SpotCast that does not exist; it then fails as not found.
      receipt: Schema.Struct({
        kind: Receipt.fields.kind,
        spotcastId: Schema.String,
        forecastId: Schema.String,
        createdAt: Timestamp,
        creditsCharged: Schema.Int,
        estimatedCompletionSeconds: Schema.Int
      }),
      liveSince: Timestamp
    }),
    Result: Schema.Struct({ key: Schema.String }),
    execute: ({ accountId, fingerprint, key, liveSince, receipt }) =>
      sql`INSERT INTO idempotency_keys (account_id, key, fingerprint, created_at, kind, spotcast_id, forecast_id,
            credits_charged, credits_remaining, estimated_completion_seconds)
          VALUES (${accountId}, ${key}, ${fingerprint}, ${receipt.createdAt}, ${receipt.kind}, ${receipt.spotcastId},
            ${receipt.forecastId}, ${receipt.creditsCharged}, NULL, ${receipt.estimatedCompletionSeconds})
          ON CONFLICT (account_id, key) DO UPDATE SET
            fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at, kind = EXCLUDED.kind,
            spotcast_id = EXCLUDED.spotcast_id, forecast_id = EXCLUDED.forecast_id,
            credits_charged = EXCLUDED.credits_charged, credits_remaining = NULL,
            estimated_completion_seconds = EXCLUDED.estimated_completion_seconds
          WHERE idempotency_keys.created_at < ${liveSince}
          RETURNING key`
  })
  const findRecord = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, key: Schema.String }),
    Result: IdempotencyRecordFromRow,
    execute: ({ accountId, key }) => sql`SELECT * FROM idempotency_keys WHERE account_id = ${accountId} AND key = ${key}`
  })
  // The charge statement, alone (the command's rows were written before it in its transaction).
  const debitStatement = makeDebit(sql)

  const findCharge = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, forecastId: ForecastId }),
    Result: LedgerEntryFromRow,
    execute: ({ accountId, forecastId }) =>
      sql`SELECT * FROM ledger_entries WHERE account_id = ${accountId} AND forecast_id = ${forecastId} AND kind = 'charge'`
  })
  // The unique (account_id, refund_of) constraint lets a charge's refund exist once; only a refund
  // written now gives its credits back.
  const insertRefund = SqlSchema.findAll({
    Request: Schema.Struct({
      entry: LedgerEntryFromRow,
      delta: Schema.Struct({ creditBalance: Schema.Int, totalPurchased: Schema.Int, totalUsed: Schema.Int })
    }),
    Result: Schema.Struct({ entry_id: Schema.String }),
    execute: ({ delta, entry }) =>
      sql`WITH refund AS (
            INSERT INTO ledger_entries ${sql.insert(entry)}
            ON CONFLICT (account_id, refund_of) DO NOTHING
            RETURNING entry_id
          ), credited AS (
            UPDATE accounts SET ${addDelta(sql, delta)}
            FROM refund WHERE accounts.account_id = ${entry.account_id}
          )
          SELECT entry_id FROM refund`
  })

  // Spanned only when tracing (see Spans.ts): on every charge.
  const debitSpan = spanned("ChargeLedger.debit")

  const ledger: ChargeLedgerShape = {
    claimKey: (accountId, claim, draft, liveSince) =>
      Effect.gen(function*() {
        const owned = yield* claimKey({ accountId, ...claim, receipt: draft, liveSince })
        if (Option.isSome(owned)) return Option.none()
        const held = yield* findRecord({ accountId, key: claim.key })
        if (Option.isNone(held)) return yield* Effect.dieMessage(`idempotency key ${claim.key} neither claimed nor held`)
        return held
      }).pipe(Effect.orDie, Effect.withSpan("ChargeLedger.claimKey")),

    debit: (entry, settles) => debitStatement([entry], settles, []).pipe(Effect.orDie, debitSpan),

    chargeOf: (accountId, forecastId) =>
      findCharge({ accountId, forecastId }).pipe(Effect.orDie, Effect.withSpan("ChargeLedger.chargeOf")),

    refund: (entry) =>
      insertRefund({ entry, delta: entryDelta(entry) }).pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie,
        Effect.withSpan("ChargeLedger.refund")
      )
  }
  return ChargeLedger.of(ledger)
})

export const layer = Layer.effect(ChargeLedger, make)
