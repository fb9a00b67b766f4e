import type * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Effect, Option, Schema } from "effect"
import { type IdempotencyClaim, liveSince, resolveClaim } from "../../domain/billing/Idempotency.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import { AccountId, type LedgerEntryId, type RouteId, type WidgetId } from "../../domain/Ids.js"
import { chargeEntry, InsufficientBalance, type LedgerEntry } from "../../domain/billing/Ledger.js"
import { Receipt, type ReceiptDraft, settleReceipt } from "../../domain/billing/Receipt.js"
import type { Charged } from "../../ports/SpotCastStore.js"
import { Credits, Timestamp } from "./Columns.js"
import { IdempotencyRecordFromRow } from "./IdempotencyRows.js"
import { LedgerEntryFromRow } from "./LedgerRows.js"

/** A charging command as create and refresh describe it to `charging`. */
export interface Charging<E, R> {
  readonly accountId: AccountId
  readonly forecast: Forecast
  readonly chargeId: LedgerEntryId
  /** A widget's charge names it. */
  readonly widgetId?: WidgetId | undefined
  /** A route's charge names it. */
  readonly routeId?: RouteId | undefined
  readonly idempotency: IdempotencyClaim | undefined
  /** The receipt to be; it names the price. */
  readonly draft: ReceiptDraft
  /** Refuses the command before anything is charged. */
  readonly check: Effect.Effect<void, E, R>
  /** Stores what the command adds besides the charge. */
  readonly write: Effect.Effect<void, E, R>
}

/** The steps that create and refresh share: claim the idempotency key, charge, write the receipt. */
export const makeChargeSteps = (sql: SqlClient.SqlClient) => {
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
  // The charge in one statement: the conditional update (never below zero), the charge's ledger entry
  // and, with a claimed key, the balance left written into its receipt. `current` is the balance as it
  // was (the statement's snapshot): with no row debited it says how short the account is, and the
  // caller fails, which rolls the entry back with everything else.
  const debit = SqlSchema.findOne({
    Request: Schema.Struct({
      accountId: AccountId,
      price: Credits,
      key: Schema.NullOr(Schema.String),
      entry: LedgerEntryFromRow
    }),
    Result: Schema.Struct({
      current: Credits,
      credit_balance: Schema.NullOr(Credits),
      total_purchased: Schema.NullOr(Credits),
      total_used: Schema.NullOr(Credits)
    }),
    execute: ({ accountId, entry, key, price }) =>
      sql`WITH debited AS (
            UPDATE accounts SET credit_balance = credit_balance - ${price}, total_used = total_used + ${price}
            WHERE account_id = ${accountId} AND credit_balance >= ${price}
            RETURNING credit_balance, total_purchased, total_used
          ), entry AS (
            INSERT INTO ledger_entries ${sql.insert(entry)}
          )${
        key === null ? sql`` : sql`, settled AS (
            UPDATE idempotency_keys SET credits_remaining = debited.credit_balance FROM debited
            WHERE idempotency_keys.account_id = ${accountId} AND idempotency_keys.key = ${key}
          )`
      }
          SELECT a.credit_balance AS current, d.credit_balance, d.total_purchased, d.total_used
          FROM accounts a LEFT JOIN debited d ON true
          WHERE a.account_id = ${accountId}`
  })

  /** The earlier request's receipt when the key is live; none when this request now owns the key. */
  const claim = (accountId: AccountId, claim: IdempotencyClaim, draft: ReceiptDraft) =>
    Effect.gen(function*() {
      const owned = yield* claimKey({ accountId, ...claim, receipt: draft, liveSince: liveSince(draft.createdAt) })
      if (Option.isSome(owned)) return Option.none()
      const record = yield* findRecord({ accountId, key: claim.key })
      const prior = yield* resolveClaim(Option.getOrUndefined(record), claim, draft.createdAt)
      if (Option.isNone(prior)) return yield* Effect.dieMessage(`idempotency key ${claim.key} neither claimed nor live`)
      return prior
    })

  /** Takes `price` from the balance, appending the charge's entry, and returns the balance after, or the shortfall. */
  const charge = (accountId: AccountId, price: number, key: string | null, entry: LedgerEntry) =>
    Effect.gen(function*() {
      const row = yield* debit({ accountId, price, key, entry })
      if (Option.isSome(row) && row.value.credit_balance !== null) {
        const { credit_balance, total_purchased, total_used } = row.value
        return { creditBalance: credit_balance, totalPurchased: total_purchased ?? 0, totalUsed: total_used ?? 0 }
      }
      return yield* new InsufficientBalance({
        currentBalance: Option.match(row, { onNone: () => 0, onSome: (r) => r.current }),
        requiredCredits: price
      })
    })

  /**
   * Runs a charging command in one transaction: a live idempotency key replays (or is refused);
   * otherwise `check` may refuse, `write` stores what the command adds, and the receipt's price is
   * charged last, with its ledger entry, in one statement. The conditional balance update locks the
   * account's row until the commit, and every create of the account queues on that lock: taken last,
   * it is held for one round trip (the update) plus the commit, not for the inserts too. When the
   * balance is short the transaction rolls back, inserts included, and nothing is charged or stored.
   */
  const charging = <E, R>(c: Charging<E, R>) =>
    sql.withTransaction(Effect.gen(function*() {
      if (c.idempotency !== undefined) {
        const prior = yield* claim(c.accountId, c.idempotency, c.draft)
        if (Option.isSome(prior)) return { _tag: "Replayed", receipt: prior.value } satisfies Charged as Charged
      }
      yield* c.check
      yield* c.write
      const entry = chargeEntry(c.forecast, c.draft.creditsCharged, c.chargeId, c.widgetId, c.routeId)
      const after = yield* charge(c.accountId, c.draft.creditsCharged, c.idempotency?.key ?? null, entry)
      return { _tag: "Created", receipt: settleReceipt(c.draft, after) } satisfies Charged as Charged
    }))

  return { charging }
}
