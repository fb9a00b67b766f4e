import { DateTime, Option } from "effect"
import { delayAfterFailedAttempt } from "./WebhookSchedule.js"

/** Where a delivery stands after an attempt. */
export type DeliveryNext =
  | { readonly _tag: "Delivered"; readonly at: DateTime.Utc }
  | { readonly _tag: "Retry"; readonly at: DateTime.Utc }
  | { readonly _tag: "Failed" }

/**
 * The state after attempt `attempt` (1-based, counted since the delivery was made or redelivered)
 * that started at `startedAt`: delivered on a 2xx, else due again after the schedule's wait, measured
 * from the start of the failed attempt, else failed for good.
 */
export const nextAfterAttempt = (
  attempt: number,
  ok: boolean,
  startedAt: DateTime.Utc,
  finishedAt: DateTime.Utc
): DeliveryNext => {
  if (ok) return { _tag: "Delivered", at: finishedAt }
  return Option.match(delayAfterFailedAttempt(attempt), {
    onNone: (): DeliveryNext => ({ _tag: "Failed" }),
    onSome: (delay): DeliveryNext => ({ _tag: "Retry", at: DateTime.addDuration(startedAt, delay) })
  })
}
