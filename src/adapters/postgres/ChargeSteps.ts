import type * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { DateTime, Effect, Option, Schema } from "effect"
import { decide, IDEMPOTENCY_WINDOW, type IdempotencyClaim, IdempotencyKeyReused, Receipt } from "../../domain/billing/Idempotency.js"
import { AccountId, ForecastId, LedgerEntryId } from "../../domain/Ids.js"
import { type Balance, InsufficientBalance } from "../../domain/billing/Ledger.js"
import type { Charged } from "../../ports/SpotCastStore.js"
import { BalanceFromRow, Credits } from "./AccountRows.js"
import { LedgerEntryFromRow } from "./LedgerRows.js"
import { IdempotencyRecordFromRow } from "./QueueRows.js"

const Timestamp = Schema.DateTimeUtcFromDate

/** A receipt before the charge: everything but the balance it leaves. */
export type ReceiptDraft = Omit<Receipt, "creditsRemaining">

/** The steps that create and refresh share: claim the idempotency key, charge, settle the receipt. */
export const makeChargeSteps = (sql: SqlClient.SqlClient) => {
  // Inserting the key first makes a concurrent duplicate wait here for the first request's outcome
  // (the unique key), so it ends as a replay or a reuse, never as a second charge or a false 402.
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
        creditsCharged: Schema.Int,
        estimatedCompletionSeconds: Schema.Int
      }),
      createdAt: Timestamp,
      expiredBefore: Timestamp
    }),
    Result: Schema.Struct({ key: Schema.String }),
    execute: ({ accountId, createdAt, expiredBefore, fingerprint, key, receipt }) =>
      sql`INSERT INTO idempotency_keys (account_id, key, fingerprint, created_at, kind, spotcast_id, forecast_id,
            credits_charged, credits_remaining, estimated_completion_seconds)
          VALUES (${accountId}, ${key}, ${fingerprint}, ${createdAt}, ${receipt.kind}, ${receipt.spotcastId},
            ${receipt.forecastId}, ${receipt.creditsCharged}, NULL, ${receipt.estimatedCompletionSeconds})
          ON CONFLICT (account_id, key) DO UPDATE SET
            fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at, kind = EXCLUDED.kind,
            spotcast_id = EXCLUDED.spotcast_id, forecast_id = EXCLUDED.forecast_id,
            credits_charged = EXCLUDED.credits_charged, credits_remaining = NULL,
            estimated_completion_seconds = EXCLUDED.estimated_completion_seconds
          WHERE idempotency_keys.created_at < ${expiredBefore}
          RETURNING key`
  })
  const findRecord = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, key: Schema.String }),
    Result: IdempotencyRecordFromRow,
    execute: ({ accountId, key }) => sql`SELECT * FROM idempotency_keys WHERE account_id = ${accountId} AND key = ${key}`
  })
  const settleKey = SqlSchema.void({
    Request: Schema.Struct({ accountId: AccountId, key: Schema.String, creditsRemaining: Credits }),
    execute: ({ accountId, creditsRemaining, key }) =>
      sql`UPDATE idempotency_keys SET credits_remaining = ${creditsRemaining}
          WHERE account_id = ${accountId} AND key = ${key}`
  })
  const debit = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, price: Credits }),
    Result: BalanceFromRow,
    execute: ({ accountId, price }) =>
      sql`UPDATE accounts SET credit_balance = credit_balance - ${price}, total_used = total_used + ${price}
          WHERE account_id = ${accountId} AND credit_balance >= ${price}
          RETURNING credit_balance, total_purchased, total_used`
  })
  const balanceOf = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId }),
    Result: BalanceFromRow,
    execute: ({ accountId }) =>
      sql`SELECT credit_balance, total_purchased, total_used FROM accounts WHERE account_id = ${accountId}`
  })
  const insertEntry = SqlSchema.void({
    Request: LedgerEntryFromRow,
    execute: (row) => sql`INSERT INTO ledger_entries ${sql.insert(row)}`
  })

  /** The earlier request's receipt when the key is live; none when this request now owns the key. */
  const claim = (accountId: AccountId, claim: IdempotencyClaim, draft: ReceiptDraft) =>
    Effect.gen(function*() {
      const expiredBefore = DateTime.subtractDuration(draft.createdAt, IDEMPOTENCY_WINDOW)
      const owned = yield* claimKey({ accountId, key: claim.key, fingerprint: claim.fingerprint, receipt: draft, createdAt: draft.createdAt, expiredBefore })
      if (Option.isSome(owned)) return Option.none<Receipt>()
      const record = yield* findRecord({ accountId, key: claim.key })
      const decision = decide(Option.getOrUndefined(record), claim.fingerprint, draft.createdAt)
      switch (decision._tag) {
        case "Replay":
          return Option.some(decision.receipt)
        case "Reused":
          return yield* new IdempotencyKeyReused({ key: claim.key })
        case "Fresh":
          return yield* Effect.dieMessage(`idempotency key ${claim.key} neither claimed nor live`)
      }
    })

  /** Takes `price` from the balance, never below zero, and returns the balance after. */
  const charge = (accountId: AccountId, price: number) =>
    Effect.gen(function*() {
      const after = yield* debit({ accountId, price })
      if (Option.isSome(after)) return after.value
      const current = yield* balanceOf({ accountId })
      return yield* new InsufficientBalance({
        currentBalance: Option.match(current, { onNone: () => 0, onSome: (b) => b.creditBalance }),
        requiredCredits: price
      })
    })

  const recordCharge = (accountId: AccountId, chargeId: LedgerEntryId, forecastId: ForecastId, price: number, at: DateTime.Utc) =>
    insertEntry({ id: chargeId, accountId, kind: "charge", amount: price, forecastId, createdAt: at })

  /**
   * Runs a charging command in one transaction: a live idempotency key replays (or is refused),
   * otherwise `body` charges and writes, and its balance completes the receipt.
   */
  const charging = <E, R>(
    accountId: AccountId,
    idempotency: IdempotencyClaim | undefined,
    draft: ReceiptDraft,
    body: Effect.Effect<Balance, E, R>
  ) =>
    sql.withTransaction(Effect.gen(function*() {
      if (idempotency !== undefined) {
        const prior = yield* claim(accountId, idempotency, draft)
        if (Option.isSome(prior)) return { _tag: "Replayed", receipt: prior.value } satisfies Charged as Charged
      }
      const balance = yield* body
      const receipt: Receipt = { ...draft, creditsRemaining: balance.creditBalance }
      if (idempotency !== undefined) {
        yield* settleKey({ accountId, key: idempotency.key, creditsRemaining: balance.creditBalance })
      }
      return { _tag: "Created", receipt } satisfies Charged as Charged
    }))

  return { charge, recordCharge, charging }
}
