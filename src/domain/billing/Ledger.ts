import { type DateTime, Schema } from "effect"
import type { Forecast } from "../forecast/Forecast.js"
import { AccountId, ForecastId, LedgerEntryId, RouteId, WidgetId } from "../Ids.js"

/**
 * Every credit movement is an append-only entry (TigerBeetle/Stripe style). A grant adds credits;
 * a charge spends them; a refund reverses one charge, once.
 */
export const LedgerEntryKind = Schema.Literal("grant", "charge", "refund")
export type LedgerEntryKind = typeof LedgerEntryKind.Type

/**
 * What a charge paid for, as usage analytics report it. Entries made before this was recorded have
 * none: `productOf` reads them as a route's or a widget's when they name one, else a SpotCast's.
 */
export const ChargeProduct = Schema.Literal("spotcast", "widget", "route")
export type ChargeProduct = typeof ChargeProduct.Type

export const LedgerEntry = Schema.Struct({
  id: LedgerEntryId,
  accountId: AccountId,
  kind: LedgerEntryKind,
  amount: Schema.Int.pipe(Schema.positive()),
  forecastId: Schema.optional(ForecastId),
  widgetId: Schema.optional(WidgetId),
  /** A route forecast's charge (and its refund) names the route: the ledger's product is `route`. */
  routeId: Schema.optional(RouteId),
  /** On a refund: the charge it reverses. */
  refundOf: Schema.optional(LedgerEntryId),
  /** On a charge, and copied to its refund: what it paid for (see `productOf`). */
  product: Schema.optional(ChargeProduct),
  note: Schema.optional(Schema.String),
  createdAt: Schema.DateTimeUtc
})
export type LedgerEntry = typeof LedgerEntry.Type

export const Balance = Schema.Struct({
  creditBalance: Schema.Int,
  totalPurchased: Schema.Int,
  totalUsed: Schema.Int
})
export type Balance = typeof Balance.Type

export const emptyBalance: Balance = { creditBalance: 0, totalPurchased: 0, totalUsed: 0 }

/** Whether a grant of `amount` keeps the purchased total an exact integer everywhere it is sent (JSON numbers). */
export const canGrant = (totalPurchased: number, amount: number): boolean =>
  Number.isSafeInteger(amount) && amount > 0 && Number.isSafeInteger(totalPurchased + amount)

/**
 * What one entry adds to each of the balance's figures: a grant to the purchased total, a charge to
 * the used total, a refund back off it; the balance is purchased minus used. Storage applies these
 * deltas as they are, so the arithmetic is written once, here.
 */
export const entryDelta = (entry: Pick<LedgerEntry, "kind" | "amount">): Balance => {
  const totalPurchased = entry.kind === "grant" ? entry.amount : 0
  const totalUsed = entry.kind === "charge" ? entry.amount : entry.kind === "refund" ? -entry.amount : 0
  return { creditBalance: totalPurchased - totalUsed, totalPurchased, totalUsed }
}

/** Applies one entry: `used` is charges minus refunds, and the balance is purchased minus used. */
export const applyEntry = (balance: Balance, entry: Pick<LedgerEntry, "kind" | "amount">): Balance => {
  const delta = entryDelta(entry)
  return {
    creditBalance: balance.creditBalance + delta.creditBalance,
    totalPurchased: balance.totalPurchased + delta.totalPurchased,
    totalUsed: balance.totalUsed + delta.totalUsed
  }
}

/** The product a charge or refund counts for: the recorded one, else a widget's when it names one. */
export const productOf = (entry: Pick<LedgerEntry, "product" | "widgetId" | "routeId">): ChargeProduct =>
  entry.product ?? (entry.routeId !== undefined ? "route" : entry.widgetId === undefined ? "spotcast" : "widget")

export const balanceOf = (entries: Iterable<Pick<LedgerEntry, "kind" | "amount">>): Balance => {
  let balance = emptyBalance
  for (const entry of entries) balance = applyEntry(balance, entry)
  return balance
}

/** A credit grant as an operator (or the bootstrap) asks for it. */
export interface Grant {
  readonly entryId: LedgerEntryId
  readonly amount: number
  readonly note?: string
  readonly at: DateTime.Utc
}

/** The ledger entry that records a grant. */
export const grantEntry = (accountId: AccountId, grant: Grant): LedgerEntry => ({
  id: grant.entryId,
  accountId,
  kind: "grant",
  amount: grant.amount,
  createdAt: grant.at,
  ...(grant.note === undefined ? {} : { note: grant.note })
})

/** The charge for a forecast (a create's first, or a refresh's), dated when the forecast was made; a widget's names it. */
export const chargeEntry = (
  forecast: Pick<Forecast, "id" | "accountId" | "createdAt">,
  price: number,
  entryId: LedgerEntryId,
  widgetId?: WidgetId,
  routeId?: RouteId
): LedgerEntry => ({
  id: entryId,
  accountId: forecast.accountId,
  kind: "charge",
  amount: price,
  forecastId: forecast.id,
  ...(widgetId === undefined ? {} : { widgetId }),
  ...(routeId === undefined ? {} : { routeId }),
  createdAt: forecast.createdAt
})

/** The refund that reverses `charge` in full, naming it (a charge is refunded at most once). */
export const refundEntry = (charge: LedgerEntry, entryId: LedgerEntryId, at: DateTime.Utc): LedgerEntry => ({
  id: entryId,
  accountId: charge.accountId,
  kind: "refund",
  amount: charge.amount,
  ...(charge.forecastId === undefined ? {} : { forecastId: charge.forecastId }),
  ...(charge.widgetId === undefined ? {} : { widgetId: charge.widgetId }),
  ...(charge.product === undefined ? {} : { product: charge.product }),
  ...(charge.routeId === undefined ? {} : { routeId: charge.routeId }),
  refundOf: charge.id,
  createdAt: at
})

export const canAfford = (balance: Balance, price: number): boolean => balance.creditBalance >= price

export class InsufficientBalance extends Schema.TaggedError<InsufficientBalance>()("InsufficientBalance", {
  currentBalance: Schema.Int,
  requiredCredits: Schema.Int
}) {}

/**
 * The balance after each of `entries`, applied in order, given the balance after all of them: what each
 * would have left had they been applied one after another (several charges written at once).
 */
export const balancesAlongTheWay = (
  after: Balance,
  entries: ReadonlyArray<Pick<LedgerEntry, "kind" | "amount">>
): Array<Balance> => {
  const all = balanceOf(entries)
  let balance: Balance = {
    creditBalance: after.creditBalance - all.creditBalance,
    totalPurchased: after.totalPurchased - all.totalPurchased,
    totalUsed: after.totalUsed - all.totalUsed
  }
  return entries.map((entry) => (balance = applyEntry(balance, entry)))
}
