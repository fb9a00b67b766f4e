import { DateTime, Duration, Either, Option, Schema } from "effect"
import { AccountId } from "../Ids.js"
import type { Digests } from "../Digests.js"
import { Receipt } from "./Receipt.js"

/** A replay is answered for this long after the first request (Stripe's convention). */
export const IDEMPOTENCY_WINDOW = Duration.hours(24)

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
export const requestFingerprint = (digests: Digests, method: string, path: string, body: unknown): string =>
  digests.sha256Hex(`${method.toUpperCase()} ${path}\n${canonical(body)}`)

export class IdempotencyKeyReused extends Schema.TaggedError<IdempotencyKeyReused>()("IdempotencyKeyReused", {
  key: Schema.String
}) {}

/** Records created before this instant are past the window: their key is free again. */
export const liveSince = (now: DateTime.Utc): DateTime.Utc => DateTime.subtractDuration(now, IDEMPOTENCY_WINDOW)

/**
 * What a request making `claim` does, given the record its key already has (if any): go ahead (none:
 * no record within the window), answer with the earlier receipt (the same request), or be refused (the
 * key was used for another request).
 */
export const resolveClaim = (
  record: IdempotencyRecord | undefined,
  claim: IdempotencyClaim,
  now: DateTime.Utc
): Either.Either<Option.Option<Receipt>, IdempotencyKeyReused> => {
  if (record === undefined || DateTime.lessThan(record.createdAt, liveSince(now))) return Either.right(Option.none())
  return record.fingerprint === claim.fingerprint
    ? Either.right(Option.some(record.receipt))
    : Either.left(new IdempotencyKeyReused({ key: claim.key }))
}

/** The record a charging request that took effect leaves under its key. */
export const recordOf = (accountId: AccountId, claim: IdempotencyClaim, receipt: Receipt): IdempotencyRecord => ({
  accountId,
  key: claim.key,
  fingerprint: claim.fingerprint,
  createdAt: receipt.createdAt,
  receipt
})
