import { DateTime } from "effect"
import type { Digests } from "../Digests.js"
import type { WebhookDelivery } from "./WebhookDelivery.js"
import { SIGNATURE_HEADER, signBody } from "./WebhookSignature.js"

export const WEBHOOK_USER_AGENT = "Service-Webhooks/1.0"

/**
 * The headers of one attempt (docs/decisions.md, Webhooks): the signature covers the stored body bytes, the
 * timestamp is this attempt's own, the delivery id is the same on every attempt.
 */
export const webhookHeaders = (
  digests: Digests,
  delivery: Pick<WebhookDelivery, "id" | "event" | "body">,
  secret: string,
  at: DateTime.Utc
): Readonly<Record<string, string>> => ({
  "Content-Type": "application/json",
  "X-Service-Event": delivery.event,
  [SIGNATURE_HEADER]: signBody(digests, secret, delivery.body),
  "X-Service-Delivery-ID": delivery.id,
  "X-Service-Timestamp": String(Math.floor(DateTime.toEpochMillis(at) / 1000)),
  "User-Agent": WEBHOOK_USER_AGENT
})
