import { Context, type DateTime, type Duration, type Effect, type Option } from "effect"
import type { CursorPosition } from "../domain/paging/Cursor.js"
import type { AccountId, DeliveryId } from "../domain/Ids.js"
import type { DeliveryAttempt, DeliveryStatus, WebhookDelivery } from "../domain/webhook/WebhookDelivery.js"
import type { Attempted } from "../domain/webhook/WebhookAttempt.js"

/**
 * A delivery as a dispatcher claimed it, with how many attempts its history holds (`recorded`): the
 * core numbers the next attempt from it (numbers run on across redeliveries).
 */
export interface ClaimedDelivery {
  readonly delivery: WebhookDelivery
  readonly recorded: number
}

/**
 * An attempt as the core recorded it (the domain's `recordAttempt` over the claimed delivery): the
 * delivery as the holder claimed it, and the delivery and history entry it becomes.
 */
export interface AttemptRecord {
  /** The lease holder that made the attempt. */
  readonly owner: string
  /** The delivery as claimed: the store writes over it only while it is still so. */
  readonly from: WebhookDelivery
  readonly attempted: Attempted
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
  readonly claim: (owner: string, lease: Duration.Duration) => Effect.Effect<Option.Option<ClaimedDelivery>>
  /**
   * When `claim` will next find something, as far as the outbox knows now: the earliest time a pending
   * delivery falls due, or its lease ends if it is held; none when nothing is pending.
   */
  readonly nextDueAt: Effect.Effect<Option.Option<DateTime.Utc>>
  /**
   * Writes the delivery the core made and appends the attempt's entry, releasing the lease, all at
   * once, only while `owner` still holds the delivery and it is still as claimed (status and attempt
   * count: a compare-and-set); false, and nothing changes, otherwise. Of two recorders of one claim,
   * one writes.
   */
  readonly record: (record: AttemptRecord) => Effect.Effect<boolean>
  /** Gives a held delivery back at once (shutdown), without counting an attempt. */
  readonly release: (accountId: AccountId, deliveryId: DeliveryId, owner: string) => Effect.Effect<void>
  /** The account's deliveries with their attempts, newest first (created_at, then id), strictly after the cursor. */
  readonly list: (accountId: AccountId, page: DeliveryPageRequest) => Effect.Effect<ReadonlyArray<DeliveryHistory>>
  readonly get: (accountId: AccountId, deliveryId: string) => Effect.Effect<Option.Option<DeliveryHistory>>
  /**
   * Writes `to` (the domain's `redeliver` of `from`) over the stored delivery, freeing any lease, only
   * while it is still as `from` was read (status and attempt count: a compare-and-set); false, and
   * nothing changes, when it has moved on since.
   */
  readonly reopen: (from: WebhookDelivery, to: WebhookDelivery) => Effect.Effect<boolean>
}

export class WebhookOutbox extends Context.Tag("spotcast/WebhookOutbox")<WebhookOutbox, WebhookOutboxShape>() {}
