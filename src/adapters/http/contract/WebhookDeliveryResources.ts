import { Schema } from "effect"
import { type DeliveryAttempt, DeliveryStatus, type WebhookDelivery, WebhookEventType } from "../../../domain/webhook/WebhookDelivery.js"
import { listQuery } from "./ListQuery.js"
import { listOf, Timestamp, timestamp } from "./Wire.js"
import { says } from "./SchemaAnnotations.js"

/** The page size when `limit` is absent; the use case applies the same default (`DEFAULT_DELIVERIES_LIMIT`). */
export const DEFAULT_DELIVERIES_LIMIT = 20

/** A delivery with its attempts, as the outbox reports it. */
export interface DeliveryWithAttempts {
  readonly delivery: WebhookDelivery
  readonly attempts: ReadonlyArray<DeliveryAttempt>
}

/** GET /admin/v1/accounts/{id}/webhook-deliveries: `limit`, `after` and an optional `status` filter. */
export const ListDeliveriesQuery = Schema.Struct({
  ...listQuery(DEFAULT_DELIVERIES_LIMIT).fields,
  status: Schema.optional(
    DeliveryStatus.annotations({
      ...says("status must be pending, delivered or failed"),
      description: "Only deliveries in this status: pending, delivered or failed"
    })
  )
})

export const DeliveryAttemptBody = Schema.Struct({
  number: Schema.Int.annotations({ description: "1, 2, …: numbers run on across redeliveries" }),
  at: Timestamp,
  duration_ms: Schema.Int,
  status_code: Schema.NullOr(Schema.Int).annotations({ description: "null: no HTTP answer (see error)" }),
  error: Schema.NullOr(Schema.String).annotations({ description: "why no HTTP answer counted (timeout, TLS, refused address…)" })
}).annotations({ identifier: "WebhookDeliveryAttempt" })
export type DeliveryAttemptBody = typeof DeliveryAttemptBody.Type

export const DeliveryResource = Schema.Struct({
  id: Schema.String.annotations({ description: "whk_…, the X-Service-Delivery-ID of every attempt" }),
  event: WebhookEventType,
  url: Schema.String,
  status: DeliveryStatus,
  attempts: Schema.Int.annotations({ description: "Attempts since the delivery was made or last redelivered (at most 5)" }),
  next_attempt_at: Schema.NullOr(Timestamp).annotations({ description: "When the next attempt is due; null unless pending" }),
  created_at: Timestamp,
  delivered_at: Schema.NullOr(Timestamp),
  spotcast_id: Schema.String,
  forecast_id: Schema.String,
  attempt_log: Schema.Array(DeliveryAttemptBody).annotations({ description: "Every attempt, oldest first" })
}).annotations({ identifier: "WebhookDelivery" })
export type DeliveryResource = typeof DeliveryResource.Type

export const DeliveryList = Schema.Struct(listOf(DeliveryResource)).annotations({ identifier: "WebhookDeliveryList" })
export type DeliveryList = typeof DeliveryList.Type

const attemptBody = (attempt: DeliveryAttempt): DeliveryAttemptBody => ({
  number: attempt.number,
  at: timestamp(attempt.at),
  duration_ms: attempt.durationMs,
  status_code: attempt.statusCode ?? null,
  error: attempt.error ?? null
})

export const deliveryResource = ({ attempts, delivery }: DeliveryWithAttempts): DeliveryResource => ({
  id: delivery.id,
  event: delivery.event,
  url: delivery.url,
  status: delivery.status,
  attempts: delivery.attempts,
  next_attempt_at: delivery.status === "pending" && delivery.nextAttemptAt !== undefined ? timestamp(delivery.nextAttemptAt) : null,
  created_at: timestamp(delivery.createdAt),
  delivered_at: delivery.deliveredAt === undefined ? null : timestamp(delivery.deliveredAt),
  spotcast_id: delivery.spotcastId,
  forecast_id: delivery.forecastId,
  attempt_log: attempts.map(attemptBody)
})

export const deliveryList = (page: {
  readonly data: ReadonlyArray<DeliveryWithAttempts>
  readonly hasMore: boolean
  readonly nextCursor: string | null
}): DeliveryList => ({
  data: page.data.map(deliveryResource),
  has_more: page.hasMore,
  next_cursor: page.nextCursor
})
