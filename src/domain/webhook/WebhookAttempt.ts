import { type DateTime, Option } from "effect"
import type { DeliveryAttempt, WebhookDelivery } from "./WebhookDelivery.js"
import type { DeliveryNext } from "./WebhookRetry.js"

/** One attempt as it happened, and where it leaves the delivery (`nextAfterAttempt`). */
export interface Attempt {
  readonly at: DateTime.Utc
  readonly durationMs: number
  readonly statusCode?: number
  readonly error?: string
  readonly next: DeliveryNext
}

/** A delivery after one more attempt, and that attempt's entry in its history. */
export interface Attempted {
  readonly delivery: WebhookDelivery
  readonly attempt: DeliveryAttempt
}

/**
 * Counts the attempt and moves the delivery to `next`: delivered (with the time), due again at the
 * retry time, or failed for good. The attempt is numbered after the `recorded` ones before it (numbers
 * run on across redeliveries). None when the delivery is no longer pending: a late attempt changes nothing.
 */
export const recordAttempt = (
  delivery: WebhookDelivery,
  recorded: number,
  attempt: Attempt
): Option.Option<Attempted> => {
  if (delivery.status !== "pending") return Option.none()
  const { deliveredAt: _delivered, nextAttemptAt: _next, ...rest } = delivery
  const counted = { ...rest, attempts: delivery.attempts + 1 }
  const next = attempt.next
  return Option.some({
    delivery: next._tag === "Delivered"
      ? { ...counted, status: "delivered", deliveredAt: next.at }
      : next._tag === "Retry"
      ? { ...counted, status: "pending", nextAttemptAt: next.at }
      : { ...counted, status: "failed" },
    attempt: {
      deliveryId: delivery.id,
      number: recorded + 1,
      at: attempt.at,
      durationMs: Math.max(0, Math.round(attempt.durationMs)),
      ...(attempt.statusCode === undefined ? {} : { statusCode: attempt.statusCode }),
      ...(attempt.error === undefined ? {} : { error: attempt.error })
    }
  })
}
