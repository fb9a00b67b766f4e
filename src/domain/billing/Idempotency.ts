import { DateTime, Duration, Schema } from "effect"
import { AccountId, ForecastId, SpotCastId } from "../Ids.js"
import { sha256, toHex, utf8 } from "../Sha256.js"

/** A replay is answered for this long after the first request (Stripe's convention). */
export const IDEMPOTENCY_WINDOW = Duration.hours(24)

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

export const IdempotencyRecord = Schema.Struct({
  accountId: AccountId,
  key: Schema.String,
  fingerprint: Schema.String,
  createdAt: Schema.DateTimeUtc,
  receipt: Receipt
})
export type IdempotencyRecord = typeof IdempotencyRecord.Type

/** The idempotency key a charging command carries, with the fingerprint of its request. */
export interface IdempotencyClaim {
  readonly key: string
  readonly fingerprint: string
}

const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
    return `{${entries.join(",")}}`
  }
  return JSON.stringify(value) ?? "null"
}

/** Same method, path and JSON body (key order and whitespace aside) give the same fingerprint. */
export const requestFingerprint = (method: string, path: string, body: unknown): string =>
  toHex(sha256(utf8(`${method.toUpperCase()} ${path}\n${canonical(body)}`)))

export type IdempotencyDecision =
  | { readonly _tag: "Fresh" }
  | { readonly _tag: "Replay"; readonly receipt: Receipt }
  | { readonly _tag: "Reused" }

/** What to do with a request given the record its key already has (if any and still in the window). */
export const decide = (
  record: IdempotencyRecord | undefined,
  fingerprint: string,
  now: DateTime.Utc
): IdempotencyDecision => {
  if (record === undefined) return { _tag: "Fresh" }
  if (DateTime.lessThan(DateTime.addDuration(record.createdAt, IDEMPOTENCY_WINDOW), now)) return { _tag: "Fresh" }
  return record.fingerprint === fingerprint ? { _tag: "Replay", receipt: record.receipt } : { _tag: "Reused" }
}

export class IdempotencyKeyReused extends Schema.TaggedError<IdempotencyKeyReused>()("IdempotencyKeyReused", {
  key: Schema.String
}) {}
