import { Effect, Either, Option } from "effect"
import { type IdempotencyClaim, type IdempotencyKeyReused, recordOf, resolveClaim } from "../../domain/billing/Idempotency.js"
import { applyEntry, canAfford, chargeEntry, emptyBalance, InsufficientBalance } from "../../domain/billing/Ledger.js"
import { type ReceiptDraft, settleReceipt } from "../../domain/billing/Receipt.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import type { AccountId, LedgerEntryId, RouteId, WidgetId } from "../../domain/Ids.js"
import type { Charged } from "../../ports/SpotCastStore.js"
import { idempotencyKey, type MemoryTables } from "./MemoryDatabase.js"

/** The charge step shared by create and refresh; returns the balance it leaves or the shortfall. */
const charge = (
  db: MemoryTables,
  accountId: AccountId,
  forecast: Forecast,
  price: number,
  chargeId: LedgerEntryId,
  widgetId: WidgetId | undefined,
  routeId: RouteId | undefined
) => {
  const balance = db.balances.get(accountId) ?? emptyBalance
  if (!canAfford(balance, price)) {
    return Either.left(new InsufficientBalance({ currentBalance: balance.creditBalance, requiredCredits: price }))
  }
  const entry = chargeEntry(forecast, price, chargeId, widgetId, routeId)
  const ledger = db.ledger.get(accountId)
  if (ledger === undefined) throw new Error(`no ledger for account ${accountId}`)
  ledger.push(entry)
  const after = applyEntry(balance, entry)
  db.balances.set(accountId, after)
  db.chargeOf.set(forecast.id, chargeId)
  return Either.right(after)
}

interface Charging<E> {
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
  readonly check: () => Either.Either<void, E>
  /** Stores what the command adds besides the charge. */
  readonly write: () => void
}

/**
 * A charging command in one synchronous step: a live idempotency key replays (or is refused); else
 * `check` may refuse, the receipt's price is charged, `write` stores the rest and the key keeps the receipt.
 */
export const charging = <E>(db: MemoryTables, c: Charging<E>): Effect.Effect<Charged, E | InsufficientBalance | IdempotencyKeyReused> => {
  if (c.idempotency !== undefined) {
    const prior = resolveClaim(db.idempotency.get(idempotencyKey(c.accountId, c.idempotency.key)), c.idempotency, c.draft.createdAt)
    if (Either.isLeft(prior)) return Effect.fail(prior.left)
    if (Option.isSome(prior.right)) return Effect.succeed({ _tag: "Replayed", receipt: prior.right.value })
  }
  const allowed = c.check()
  if (Either.isLeft(allowed)) return Effect.fail(allowed.left)
  const charged = charge(db, c.accountId, c.forecast, c.draft.creditsCharged, c.chargeId, c.widgetId, c.routeId)
  if (Either.isLeft(charged)) return Effect.fail(charged.left)
  c.write()
  const receipt = settleReceipt(c.draft, charged.right)
  if (c.idempotency !== undefined) {
    db.idempotency.set(idempotencyKey(c.accountId, c.idempotency.key), recordOf(c.accountId, c.idempotency, receipt))
  }
  return Effect.succeed({ _tag: "Created", receipt })
}
