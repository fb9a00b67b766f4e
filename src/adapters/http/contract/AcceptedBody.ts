import { Schema } from "effect"
import type { Receipt } from "../../../domain/billing/Receipt.js"
import { Timestamp, timestamp } from "./Wire.js"

/** The fields of a charging request's 202 (a SpotCast's, a route's): each names it under its own identifier. */
export const acceptedFields = {
  id: Schema.String,
  forecast_id: Schema.String,
  status: Schema.Literal("processing"),
  created_at: Timestamp,
  estimated_completion_seconds: Schema.Int,
  credits_charged: Schema.Int,
  credits_remaining: Schema.Int,
  links: Schema.Struct({ self: Schema.String, forecast: Schema.String, status: Schema.String })
}

/** A 202 of `id` from the receipt alone, so a replay answers byte for byte what the first request answered. */
export const acceptedBody = (
  id: string,
  receipt: Receipt,
  links: { readonly self: string; readonly forecast: string; readonly status: string }
) => ({
  id,
  forecast_id: receipt.forecastId,
  status: "processing" as const,
  created_at: timestamp(receipt.createdAt),
  estimated_completion_seconds: receipt.estimatedCompletionSeconds,
  credits_charged: receipt.creditsCharged,
  credits_remaining: receipt.creditsRemaining,
  links
})
