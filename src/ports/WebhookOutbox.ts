import { Context, type DateTime, type Duration, type Effect, type Option } from "effect"
import type { CursorPosition } from "../domain/paging/Cursor.js"
import type { AccountId, DeliveryId } from "../domain/Ids.js"
import type { DeliveryAttempt, DeliveryStatus, WebhookDelivery } from "../domain/webhook/WebhookDelivery.js"
import type { Attempt } from "../domain/webhook/WebhookAttempt.js"
import type { DeliveryNotFailed, DeliveryNotFound } from "../domain/webhook/WebhookRedelivery.js"

/** One attempt as it happened, and what the delivery becomes after it, as the lease holder reports it. */
export interface AttemptRecord extends Attempt {
  readonly accountId: AccountId
  readonly deliveryId: DeliveryId
  /** The lease holder that made the attempt. */
  readonly owner: string
}

/** A delivery with its attempts, oldest first. Attempt numbers run on across redeliveries. */
export interface DeliveryHistory {
  readonly delivery: WebhookDelivery
  readonly attempts: ReadonlyArray<DeliveryAttempt>
}

export interface DeliveryPageRequest {
  /** Rows wanted; callers ask for one more than the page size to learn whether more follow. */
  readonly limit: number
  readonly after?: CursorPosition
  readonly status?: DeliveryStatus
}

/**
 * The webhook outbox. A delivery is added in the transaction that finishes its forecast; this port
 * hands due ones to dispatchers under a lease and records attempts.
 */
export interface WebhookOutboxShape {
  /** Adds a new pending delivery (with no attempts yet). */
  readonly add: (delivery: WebhookDelivery) => Effect.Effect<void>
  /**
   * Leases the pending delivery that has been due longest (next attempt at or before now, no live
   * lease) to `owner` until now + lease. Two claimers never hold the same delivery at once.
   */
  readonly claim: (owner: string, lease: Duration.Duration) => Effect.Effect<Option.Option<WebhookDelivery>>
  /**
   * When `claim` will next find something, as far as the outbox knows now: the earliest time a pending
   * delivery falls due, or its lease ends if it is held; none when nothing is pending.
   */
  readonly nextDueAt: Effect.Effect<Option.Option<DateTime.Utc>>
  /**
   * Appends the attempt, counts it and moves the delivery to `next` (the domain's `recordAttempt`),
   * releasing the lease, all at once; false (nothing changes) when `owner` no longer holds the delivery.
   */
  readonly record: (attempt: AttemptRecord) => Effect.Effect<boolean>
  /** Gives a held delivery back at once (shutdown), without counting an attempt. */
  readonly release: (accountId: AccountId, deliveryId: DeliveryId, owner: string) => Effect.Effect<void>
  /** The account's deliveries with their attempts, newest first (created_at, then id), strictly after the cursor. */
  readonly list: (accountId: AccountId, page: DeliveryPageRequest) => Effect.Effect<ReadonlyArray<DeliveryHistory>>
  readonly get: (accountId: AccountId, deliveryId: string) => Effect.Effect<Option.Option<DeliveryHistory>>
  /** Makes a failed delivery of the account due at `at` with a fresh attempt count (same id, same body). */
  readonly redeliver: (
    accountId: AccountId,
    deliveryId: string,
    at: DateTime.Utc
  ) => Effect.Effect<WebhookDelivery, DeliveryNotFound | DeliveryNotFailed>
}

export class WebhookOutbox extends Context.Tag("spotcast/WebhookOutbox")<WebhookOutbox, WebhookOutboxShape>() {}
