import { Context, type DateTime, type Effect, type Either, type Option } from "effect"
import type { IdempotencyClaim, IdempotencyRecord } from "../domain/billing/Idempotency.js"
import type { Balance, LedgerEntry } from "../domain/billing/Ledger.js"
import type { ReceiptDraft } from "../domain/billing/Receipt.js"
import type { AccountId, ForecastId } from "../domain/Ids.js"

/**
 * The rows a charge (and its refund) writes: the idempotency key's claim and the ledger entry with its
 * balance change.
 * The core decides what is charged and what a key's record means; these commands only write it, each
 * guarded where two requests could race (a key held once, a balance never below zero).
 */
export interface ChargeLedgerShape {
  /**
   * Claims `claim.key` for this request unless a record created at or after `liveSince` holds it:
   * none when claimed now (its receipt is `draft` until `debit` settles it), else the holding record.
   * A concurrent claim of the same key waits for the first one's outcome.
   */
  readonly claimKey: (
    accountId: AccountId,
    claim: IdempotencyClaim,
    draft: ReceiptDraft,
    liveSince: DateTime.Utc
  ) => Effect.Effect<Option.Option<IdempotencyRecord>>
  /**
   * Appends the charge `entry` and applies its balance change, unless it would take the balance below
   * zero; with `settles`, the claimed key's receipt records the balance left. Right: the balance after;
   * left: the balance as it was (nothing written).
   */
  readonly debit: (entry: LedgerEntry, settles: string | undefined) => Effect.Effect<Either.Either<Balance, number>>
  /** The charge that paid for a forecast, if it was charged. */
  readonly chargeOf: (accountId: AccountId, forecastId: ForecastId) => Effect.Effect<Option.Option<LedgerEntry>>
  /**
   * Appends the refund `entry` and gives its credits back, unless its charge was refunded already (a
   * charge is refunded once, whoever tries): true when refunded now.
   */
  readonly refund: (entry: LedgerEntry) => Effect.Effect<boolean>
}

export class ChargeLedger extends Context.Tag("spotcast/ChargeLedger")<ChargeLedger, ChargeLedgerShape>() {}
