import { Schema } from "effect"
import type { Receipt } from "../../../domain/billing/Receipt.js"
import { forecastLink, spotcastLink, statusLink } from "../../../domain/spotcast/Links.js"
import { Timestamp, timestamp } from "./Wire.js"

/**
 * The 202 of create and refresh. Refresh answers the same shape: the contract's fields (id,
 * forecast_id, status, created_at, links.self, links.status) plus, as a compatible addition, the
 * credits, the estimate and links.forecast.
 */
export const SpotCastAccepted = Schema.Struct({
  id: Schema.String,
  forecast_id: Schema.String,
  status: Schema.Literal("processing"),
  created_at: Timestamp,
  estimated_completion_seconds: Schema.Int,
  credits_charged: Schema.Int,
  credits_remaining: Schema.Int,
  links: Schema.Struct({ self: Schema.String, forecast: Schema.String, status: Schema.String })
}).annotations({ identifier: "SpotCastAccepted" })
export type SpotCastAccepted = typeof SpotCastAccepted.Type

/** Built from the receipt alone, so a replay answers byte for byte what the first request answered. */
export const spotcastAccepted = (receipt: Receipt, publicBaseUrl: string): SpotCastAccepted => ({
  id: receipt.spotcastId,
  forecast_id: receipt.forecastId,
  status: "processing",
  created_at: timestamp(receipt.createdAt),
  estimated_completion_seconds: receipt.estimatedCompletionSeconds,
  credits_charged: receipt.creditsCharged,
  credits_remaining: receipt.creditsRemaining,
  links: {
    self: spotcastLink(publicBaseUrl, receipt.spotcastId),
    forecast: forecastLink(publicBaseUrl, receipt.spotcastId, receipt.forecastId),
    status: statusLink(publicBaseUrl, receipt.spotcastId)
  }
})
