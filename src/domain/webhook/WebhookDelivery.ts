import { Schema } from "effect"
import { AccountId, DeliveryId, ForecastId, SpotCastId } from "../Ids.js"

export const WebhookEventType = Schema.Literal(
  "spotcast.forecast.completed",
  "spotcast.forecast.failed",
  "route.forecast.completed",
  "route.forecast.failed"
)
export type WebhookEventType = typeof WebhookEventType.Type

export const DeliveryStatus = Schema.Literal("pending", "delivered", "failed")
export type DeliveryStatus = typeof DeliveryStatus.Type

/** An outbox row: written in the same step that finishes the forecast, sent later, same bytes each time. */
export const WebhookDelivery = Schema.Struct({
  id: DeliveryId,
  accountId: AccountId,
  spotcastId: SpotCastId,
  forecastId: ForecastId,
  event: WebhookEventType,
  url: Schema.String,
  /** The exact request body; every attempt sends these bytes. */
  body: Schema.String,
  status: DeliveryStatus,
  /** Failed or successful attempts made so far. */
  attempts: Schema.Int,
  nextAttemptAt: Schema.optional(Schema.DateTimeUtc),
  createdAt: Schema.DateTimeUtc,
  deliveredAt: Schema.optional(Schema.DateTimeUtc)
})
export type WebhookDelivery = typeof WebhookDelivery.Type

export const DeliveryAttempt = Schema.Struct({
  deliveryId: DeliveryId,
  number: Schema.Int,
  at: Schema.DateTimeUtc,
  durationMs: Schema.Int,
  statusCode: Schema.optional(Schema.Int),
  error: Schema.optional(Schema.String)
})
export type DeliveryAttempt = typeof DeliveryAttempt.Type
