import { Schema } from "effect"
import { ForecastId, SpotCastId } from "../Ids.js"
import type { Balance } from "./Ledger.js"

/** What a charging request produced; a replay answers from it with the same status and body. */
export const Receipt = Schema.Struct({
  kind: Schema.Literal("create", "refresh"),
  spotcastId: SpotCastId,
  forecastId: ForecastId,
  createdAt: Schema.DateTimeUtc,
  creditsCharged: Schema.Int,
  creditsRemaining: Schema.Int,
  estimatedCompletionSeconds: Schema.Int
})
export type Receipt = typeof Receipt.Type

/** A receipt before the charge: everything but the balance the charge leaves. */
export type ReceiptDraft = Omit<Receipt, "creditsRemaining">

/** The receipt of a create or refresh that charges `price` for `forecast` of `spotcastId`. */
export const draftReceipt = (
  kind: Receipt["kind"],
  spotcastId: SpotCastId,
  forecast: { readonly id: ForecastId; readonly createdAt: Receipt["createdAt"] },
  price: number,
  estimatedCompletionSeconds: number
): ReceiptDraft => ({
  kind,
  spotcastId,
  forecastId: forecast.id,
  createdAt: forecast.createdAt,
  creditsCharged: price,
  estimatedCompletionSeconds
})

/** The receipt once the charge has left `after`. */
export const settleReceipt = (draft: ReceiptDraft, after: Balance): Receipt => ({
  ...draft,
  creditsRemaining: after.creditBalance
})
