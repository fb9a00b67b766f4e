import { type DateTime, Either, Schema } from "effect"
import { DeliveryStatus, type WebhookDelivery } from "./WebhookDelivery.js"

export class DeliveryNotFound extends Schema.TaggedError<DeliveryNotFound>()("DeliveryNotFound", {
  deliveryId: Schema.String
}) {}

/** Only a delivery that gave up can be sent again by an operator. */
export class DeliveryNotFailed extends Schema.TaggedError<DeliveryNotFailed>()("DeliveryNotFailed", {
  deliveryId: Schema.String,
  status: DeliveryStatus
}) {}

/** A failed delivery made due again at `now`: the same `whk_` id and body, a fresh count of attempts. */
export const redeliver = (
  delivery: WebhookDelivery,
  now: DateTime.Utc
): Either.Either<WebhookDelivery, DeliveryNotFailed> =>
  delivery.status !== "failed"
    ? Either.left(new DeliveryNotFailed({ deliveryId: delivery.id, status: delivery.status }))
    : Either.right({ ...delivery, status: "pending", attempts: 0, nextAttemptAt: now })
