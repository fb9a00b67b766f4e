import { Schema } from "effect"
import type { Receipt } from "../../../domain/billing/Receipt.js"
import { forecastLink, spotcastLink, statusLink } from "../../../domain/spotcast/Links.js"
import { acceptedBody, acceptedFields } from "./AcceptedBody.js"

/**
 * The 202 of create and refresh. Refresh answers the same shape: the contract's fields (id,
 * forecast_id, status, created_at, links.self, links.status) plus, as a compatible addition, the
 * credits, the estimate and links.forecast.
 */
export const SpotCastAccepted = Schema.Struct(acceptedFields).annotations({ identifier: "SpotCastAccepted" })
export type SpotCastAccepted = typeof SpotCastAccepted.Type

/** Built from the receipt alone, so a replay answers byte for byte what the first request answered. */
export const spotcastAccepted = (receipt: Receipt, publicBaseUrl: string): SpotCastAccepted =>
  acceptedBody(receipt.spotcastId, receipt, {
    self: spotcastLink(publicBaseUrl, receipt.spotcastId),
    forecast: forecastLink(publicBaseUrl, receipt.spotcastId, receipt.forecastId),
    status: statusLink(publicBaseUrl, receipt.spotcastId)
  })
