import { DateTime, Effect, Either, Metric, Option } from "effect"
import { type IdempotencyClaim, liveSince, resolveClaim } from "../../domain/billing/Idempotency.js"
import { chargeEntry, InsufficientBalance } from "../../domain/billing/Ledger.js"
import { draftReceipt, type Receipt, settleReceipt } from "../../domain/billing/Receipt.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import type { AccountId, LedgerEntryId, RouteId, SpotCastId, WidgetId } from "../../domain/Ids.js"
import { ChargeLedger } from "../../ports/ChargeLedger.js"
import { IdempotencyStore } from "../../ports/IdempotencyStore.js"
import { spanned } from "../../ports/Spans.js"
import { Transactions } from "../../ports/Transactions.js"
import { creditsChargedTotal } from "../Metrics.js"

/** The outcome of a charging command: it took effect now, or its idempotency key replays an earlier one. */
export type Charged =
  | { readonly _tag: "Created"; readonly receipt: Receipt }
  | { readonly _tag: "Replayed"; readonly receipt: Receipt }

/** What every charging command (SpotCast, widget, route) carries besides what it stores. */
export interface ChargeParts {
  readonly price: number
  /** Id of the charge's ledger entry. */
  readonly chargeId: LedgerEntryId
  readonly estimatedCompletionSeconds: number
  readonly idempotency?: IdempotencyClaim | undefined
}

/** A charging command as the product's use case describes it to `charge`. */
export interface ChargeCommand<A, E, R> extends ChargeParts {
  readonly accountId: AccountId
  readonly kind: Receipt["kind"]
  /** The SpotCast the receipt names (a widget's or route's hidden one for theirs). */
  readonly spotcastId: SpotCastId
  /** The forecast paid for; the charge is dated when it was made. */
  readonly forecast: Forecast
  /** A widget's charge names it. */
  readonly widgetId?: WidgetId | undefined
  /** A route's charge names it. */
  readonly routeId?: RouteId | undefined
  /** Refuses the command before anything is stored (locking what it reads), or answers what `write` needs. */
  readonly check: Effect.Effect<A, E, R>
  /** Stores what the command adds besides the charge. */
  readonly write: (checked: A) => Effect.Effect<void, never, R>
}

/** Counts a charge that took effect now (a replay charged nothing). */
const countCharge = (charged: Charged) =>
  charged._tag === "Created" ? Metric.incrementBy(creditsChargedTotal, charged.receipt.creditsCharged) : Effect.void

// Spanned only when tracing (see Spans.ts): on every create and refresh.
const chargeSpans = {
  create: spanned("Charge", { kind: "create" }),
  refresh: spanned("Charge", { kind: "refresh" })
} satisfies Record<Receipt["kind"], unknown>
const priorSpan = spanned("Idempotency.prior")

/**
 * Every charging command, in one transaction and one order: a live idempotency key replays (or is
 * refused); otherwise `check` may refuse, `write` stores what the command adds, and the receipt's
 * price is charged last with its ledger entry. On Postgres the balance update locks the account's row
 * until the commit and every create of the account queues on that lock: taken last, it is held for one
 * round trip plus the commit. A short balance fails the transaction, which undoes everything it wrote.
 */
export const charge = <A, E, R>(command: ChargeCommand<A, E, R>) =>
  Effect.gen(function*() {
    const ledger = yield* ChargeLedger
    const { atomically } = yield* Transactions
    const draft = draftReceipt(
      command.kind,
      command.spotcastId,
      command.forecast,
      command.price,
      command.estimatedCompletionSeconds
    )
    const claim = command.idempotency
    const charged = yield* atomically(Effect.gen(function*() {
      if (claim !== undefined) {
        const held = yield* ledger.claimKey(command.accountId, claim, draft, liveSince(draft.createdAt))
        if (Option.isSome(held)) {
          const prior = yield* resolveClaim(held.value, claim, draft.createdAt)
          if (Option.isNone(prior)) return yield* Effect.dieMessage(`idempotency key ${claim.key} neither claimed nor live`)
          return { _tag: "Replayed", receipt: prior.value } satisfies Charged as Charged
        }
      }
      yield* command.write(yield* command.check)
      const entry = chargeEntry(command.forecast, command.price, command.chargeId, command.widgetId, command.routeId)
      const after = yield* ledger.debit(entry, claim?.key)
      if (Either.isLeft(after)) {
        return yield* new InsufficientBalance({ currentBalance: after.left, requiredCredits: command.price })
      }
      return { _tag: "Created", receipt: settleReceipt(draft, after.right) } satisfies Charged as Charged
    }))
    yield* countCharge(charged)
    return charged
  }).pipe(chargeSpans[command.kind])

/**
 * Looks the key up before anything else, so that a replay answers as the first request did even when
 * the same request would no longer pass today's checks. `charge` claims the key again atomically.
 */
export const priorReceipt = (accountId: AccountId, claim: IdempotencyClaim | undefined) =>
  claim === undefined ? Effect.succeed(Option.none<Receipt>()) : Effect.gen(function*() {
    const record = yield* (yield* IdempotencyStore).find(accountId, claim.key)
    return yield* resolveClaim(Option.getOrUndefined(record), claim, yield* DateTime.now)
  }).pipe(priorSpan)
