import { Schema } from "effect"
import { AccountNotFound } from "../../../domain/account/Account.js"
import { ApiKeyNotFound } from "../../../domain/account/ApiKey.js"
import { DeliveryStatus } from "../../../domain/webhook/WebhookDelivery.js"
import { DeliveryNotFailed, DeliveryNotFound } from "../../../domain/webhook/WebhookRedelivery.js"
import { code, errorEnvelope, notFound } from "./ErrorEnvelope.js"

export const NoAccount = notFound(AccountNotFound, "No such account", {
  code: "account_not_found",
  param: "id",
  message: ["No account found with id '", "'"],
  id: (e) => e.accountId,
  make: (accountId) => new AccountNotFound({ accountId })
})

export const NoKey = notFound(ApiKeyNotFound, "No such API key on this account", {
  code: "key_not_found",
  param: "key_id",
  message: ["No API key found with id '", "' on this account"],
  id: (e) => e.keyId,
  make: (keyId) => new ApiKeyNotFound({ keyId })
})

export const NoDelivery = notFound(DeliveryNotFound, "No such webhook delivery on this account", {
  code: "delivery_not_found",
  param: "delivery_id",
  message: ["No webhook delivery found with id '", "' on this account"],
  id: (e) => e.deliveryId,
  make: (deliveryId) => new DeliveryNotFound({ deliveryId })
})

export const NotFailed = errorEnvelope(DeliveryNotFailed, 409, "Only a failed delivery can be redelivered", {
  code: code("delivery_not_failed"),
  message: Schema.String,
  delivery_id: Schema.String,
  status: DeliveryStatus
})(
  (e) => ({
    code: "delivery_not_failed",
    message: `Webhook delivery ${e.deliveryId} is ${e.status}; only a failed delivery can be redelivered`,
    delivery_id: e.deliveryId,
    status: e.status
  }),
  (w) => new DeliveryNotFailed({ deliveryId: w.delivery_id, status: w.status })
)
