import { Schema } from "effect"
import { IdempotencyRecord } from "../../domain/billing/Idempotency.js"
import { Receipt } from "../../domain/billing/Receipt.js"
import { AccountId, ForecastId, SpotCastId } from "../../domain/Ids.js"
import { Credits, Timestamp } from "./Columns.js"

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
