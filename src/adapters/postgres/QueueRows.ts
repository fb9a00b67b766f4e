import { Schema } from "effect"
import { IdempotencyRecord, Receipt } from "../../domain/billing/Idempotency.js"
import { AccountId, DeliveryId, ForecastId, SpotCastId } from "../../domain/Ids.js"
import { Job } from "../../domain/forecast/Job.js"
import { DeliveryStatus, WebhookDelivery, WebhookEventType } from "../../domain/webhook/WebhookDelivery.js"
import { Credits } from "./AccountRows.js"

const Timestamp = Schema.DateTimeUtcFromDate
const OptionalTimestamp = Schema.NullOr(Timestamp)

export const JobRow = Schema.Struct({
  account_id: AccountId,
  forecast_id: ForecastId,
  attempts: Schema.Int,
  available_at: Timestamp,
  lease_owner: Schema.NullOr(Schema.String),
  lease_until: OptionalTimestamp
})

export const JobFromRow = Schema.transform(JobRow, Schema.typeSchema(Job), {
  strict: true,
  decode: (r) => ({
    forecastId: r.forecast_id,
    accountId: r.account_id,
    attempts: r.attempts,
    availableAt: r.available_at,
    ...(r.lease_owner === null ? {} : { leaseOwner: r.lease_owner }),
    ...(r.lease_until === null ? {} : { leaseUntil: r.lease_until })
  }),
  encode: (j) => ({
    account_id: j.accountId,
    forecast_id: j.forecastId,
    attempts: j.attempts,
    available_at: j.availableAt,
    lease_owner: j.leaseOwner ?? null,
    lease_until: j.leaseUntil ?? null
  })
})

export const IdempotencyRow = Schema.Struct({
  account_id: AccountId,
  key: Schema.String,
  fingerprint: Schema.String,
  created_at: Timestamp,
  kind: Receipt.fields.kind,
  spotcast_id: SpotCastId,
  forecast_id: ForecastId,
  credits_charged: Credits,
  credits_remaining: Credits,
  estimated_completion_seconds: Schema.Int
})

export const IdempotencyRecordFromRow = Schema.transform(IdempotencyRow, Schema.typeSchema(IdempotencyRecord), {
  strict: true,
  decode: (r) => ({
    accountId: r.account_id,
    key: r.key,
    fingerprint: r.fingerprint,
    createdAt: r.created_at,
    receipt: {
      kind: r.kind,
      spotcastId: r.spotcast_id,
      forecastId: r.forecast_id,
      createdAt: r.created_at,
      creditsCharged: r.credits_charged,
      creditsRemaining: r.credits_remaining,
      estimatedCompletionSeconds: r.estimated_completion_seconds
    }
  }),
  encode: ({ receipt, ...r }) => ({
    account_id: r.accountId,
    key: r.key,
    fingerprint: r.fingerprint,
    created_at: r.createdAt,
    kind: receipt.kind,
    spotcast_id: receipt.spotcastId,
    forecast_id: receipt.forecastId,
    credits_charged: receipt.creditsCharged,
    credits_remaining: receipt.creditsRemaining,
    estimated_completion_seconds: receipt.estimatedCompletionSeconds
  })
})

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

export const DeliveryFromRow = Schema.transform(DeliveryRow, Schema.typeSchema(WebhookDelivery), {
  strict: true,
  decode: (r) => ({
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
  }),
  encode: (d) => ({
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
})
