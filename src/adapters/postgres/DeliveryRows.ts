import { Schema } from "effect"
import { AccountId, DeliveryId, ForecastId, SpotCastId } from "../../domain/Ids.js"
import { DeliveryAttempt, DeliveryStatus, WebhookDelivery, WebhookEventType } from "../../domain/webhook/WebhookDelivery.js"
import { OptionalTimestamp, Timestamp } from "./Columns.js"

/** The outbox row as `SpotCastStore.complete/fail` write it; the dispatcher adds leases and attempts. */
export const DeliveryRow = Schema.Struct({
  account_id: AccountId,
  id: DeliveryId,
  spotcast_id: SpotCastId,
  forecast_id: ForecastId,
  event: WebhookEventType,
  url: Schema.String,
  body: Schema.String,
  status: DeliveryStatus,
  attempts: Schema.Int,
  next_attempt_at: OptionalTimestamp,
  created_at: Timestamp,
  delivered_at: OptionalTimestamp
})

type DeliveryRowType = typeof DeliveryRow.Type

const deliveryFromRow = (r: DeliveryRowType): WebhookDelivery => ({
  id: r.id,
  accountId: r.account_id,
  spotcastId: r.spotcast_id,
  forecastId: r.forecast_id,
  event: r.event,
  url: r.url,
  body: r.body,
  status: r.status,
  attempts: r.attempts,
  createdAt: r.created_at,
  ...(r.next_attempt_at === null ? {} : { nextAttemptAt: r.next_attempt_at }),
  ...(r.delivered_at === null ? {} : { deliveredAt: r.delivered_at })
})

const deliveryToRow = (d: WebhookDelivery): DeliveryRowType => ({
  account_id: d.accountId,
  id: d.id,
  spotcast_id: d.spotcastId,
  forecast_id: d.forecastId,
  event: d.event,
  url: d.url,
  body: d.body,
  status: d.status,
  attempts: d.attempts,
  next_attempt_at: d.nextAttemptAt ?? null,
  created_at: d.createdAt,
  delivered_at: d.deliveredAt ?? null
})

export const DeliveryFromRow = Schema.transform(DeliveryRow, Schema.typeSchema(WebhookDelivery), {
  strict: true,
  decode: deliveryFromRow,
  encode: deliveryToRow
})

/** A delivery with how many attempts its history holds (`recorded`), as a claim hands it out. */
export const RecordedDeliveryFromRow = Schema.transform(
  Schema.Struct({ ...DeliveryRow.fields, recorded: Schema.Int }),
  Schema.typeSchema(Schema.Struct({ delivery: WebhookDelivery, recorded: Schema.Int })),
  {
    strict: true,
    decode: ({ recorded, ...row }) => ({ delivery: deliveryFromRow(row), recorded }),
    encode: ({ delivery, recorded }) => ({ ...deliveryToRow(delivery), recorded })
  }
)

/** One entry of a delivery's attempt history (the table also keeps `account_id` and its own sequence). */
export const AttemptRow = Schema.Struct({
  delivery_id: DeliveryId,
  number: Schema.Int,
  at: Timestamp,
  duration_ms: Schema.Int,
  status_code: Schema.NullOr(Schema.Int),
  error: Schema.NullOr(Schema.String)
})

export const AttemptFromRow = Schema.transform(AttemptRow, Schema.typeSchema(DeliveryAttempt), {
  strict: true,
  decode: (r) => ({
    deliveryId: r.delivery_id,
    number: r.number,
    at: r.at,
    durationMs: r.duration_ms,
    ...(r.status_code === null ? {} : { statusCode: r.status_code }),
    ...(r.error === null ? {} : { error: r.error })
  }),
  encode: (a) => ({
    delivery_id: a.deliveryId,
    number: a.number,
    at: a.at,
    duration_ms: a.durationMs,
    status_code: a.statusCode ?? null,
    error: a.error ?? null
  })
})
