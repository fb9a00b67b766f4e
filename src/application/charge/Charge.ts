import { DateTime, Effect, Either, Metric, Option } from "effect"
import { type IdempotencyClaim, liveSince, resolveClaim } from "../../domain/billing/Idempotency.js"
import { type Balance, chargeEntry, InsufficientBalance, type LedgerEntry } from "../../domain/billing/Ledger.js"
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

/** What `charge` needs of every charging command, whichever form it takes. */
interface ChargeBasis extends ChargeParts {
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
}

/** A charging command as the product's use case describes it to `charge`: a check, then its rows, then the charge. */
export interface ChargeCommand<A, E, R> extends ChargeBasis {
  /** Refuses the command before anything is stored (locking what it reads), or answers what `write` needs. */
  readonly check: Effect.Effect<A, E, R>
  /** Stores what the command adds besides the charge. */
  readonly write: (checked: A) => Effect.Effect<void, never, R>
}

/**
 * A charging command with nothing to check, whose store writes its rows and the charge in one command
 * (`SpotCastStore.insertCharged`): the charge `entry` as `ChargeLedger.debit` makes it, the claimed key
 * settled by `settles`. Without a key it runs alone, outside any transaction.
 */
export interface ChargedWriteCommand<R> extends ChargeBasis {
  readonly writeCharged: (
    entry: LedgerEntry,
    settles: string | undefined
  ) => Effect.Effect<Either.Either<Balance, number>, never, R>
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
 * Every charging command, in one order: a live idempotency key replays (or is refused); otherwise
 * `check` may refuse, `write` stores what the command adds, and the receipt's price is charged last with
 * its ledger entry, all in one transaction. On Postgres the balance update locks the account's row until
 * the commit and every charge of the account queues on that lock: taken last, it is held for one round
 * trip plus the commit. A command whose store writes its rows with the charge (`writeCharged`) and that
 * claims no key runs that one command alone, with no transaction: the row is held for one statement and
 * its commit. A short balance fails the command, and nothing it wrote stays.
 */
export const charge = <A = void, E = never, R = never>(command: ChargeCommand<A, E, R> | ChargedWriteCommand<R>) =>
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
    const entry = chargeEntry(command.forecast, command.price, command.chargeId, command.widgetId, command.routeId)
    const settle = (after: Either.Either<Balance, number>) =>
      Either.isLeft(after)
        ? new InsufficientBalance({ currentBalance: after.left, requiredCredits: command.price })
        : Effect.succeed({ _tag: "Created", receipt: settleReceipt(draft, after.right) } satisfies Charged as Charged)
    const claim = command.idempotency
    const charged = claim === undefined && "writeCharged" in command
      ? yield* Effect.flatMap(command.writeCharged(entry, undefined), settle)
      : yield* atomically(Effect.gen(function*() {
        if (claim !== undefined) {
          const held = yield* ledger.claimKey(command.accountId, claim, draft, liveSince(draft.createdAt))
          if (Option.isSome(held)) {
            const prior = yield* resolveClaim(held.value, claim, draft.createdAt)
            if (Option.isNone(prior)) return yield* Effect.dieMessage(`idempotency key ${claim.key} neither claimed nor live`)
            return { _tag: "Replayed", receipt: prior.value } satisfies Charged as Charged
          }
        }
        if ("writeCharged" in command) return yield* settle(yield* command.writeCharged(entry, claim?.key))
        yield* command.write(yield* command.check)
        return yield* settle(yield* ledger.debit(entry, claim?.key))
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
