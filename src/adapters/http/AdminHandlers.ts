import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Effect, Layer, Redacted } from "effect"
import { adminAccount, adminKey, credits, issuedKey } from "./contract/AdminResources.js"
import { deliveryList, deliveryResource } from "./contract/WebhookDeliveryResources.js"
import {
  createAccount,
  getAccount,
  grantCredits,
  issueKey,
  listAccounts,
  revokeKey,
  rotateWebhookSecret,
  setAccountStatus
} from "../../application/account/ManageAccounts.js"
import { getWebhookDelivery, listWebhookDeliveries, redeliverWebhook } from "../../application/webhook/WebhookDeliveries.js"
import { ServedApi } from "./ServedApi.js"

const AccountsLive = HttpApiBuilder.group(ServedApi, "accounts", (handlers) =>
  handlers
    .handle("create", ({ payload }) =>
      createAccount({ name: payload.name.trim(), mode: payload.mode ?? "live", credits: payload.credits ?? 0 }).pipe(
        Effect.map(({ account, key }) => ({ account: adminAccount(account), api_key: issuedKey(key) }))
      ))
    .handle("list", () => Effect.map(listAccounts, (accounts) => ({ data: accounts.map(adminAccount) })))
    .handle("get", ({ path }) =>
      Effect.map(getAccount(path.id), (found) => ({
        account: adminAccount(found.account),
        api_keys: found.keys.map(adminKey),
        credits: credits(found.balance)
      })))
    .handle("issueKey", ({ path }) => Effect.map(issueKey(path.id), issuedKey))
    .handle("revokeKey", ({ path }) => Effect.map(revokeKey(path.id, path.key_id), adminKey))
    .handle("grantCredits", ({ path, payload }) =>
      Effect.map(grantCredits(path.id, payload.amount, payload.note), credits))
    .handle("suspend", ({ path }) => Effect.map(setAccountStatus(path.id, "suspended"), adminAccount))
    .handle("reactivate", ({ path }) => Effect.map(setAccountStatus(path.id, "active"), adminAccount))
    .handle("rotateWebhookSecret", ({ path }) =>
      Effect.map(rotateWebhookSecret(path.id), (account) => ({
        account_id: account.id,
        webhook_secret: Redacted.value(account.webhookSecret)
      }))))

const WebhooksLive = HttpApiBuilder.group(ServedApi, "webhooks", (handlers) =>
  handlers
    .handle("list", ({ path, urlParams }) =>
      Effect.map(
        listWebhookDeliveries(path.id, { limit: urlParams.limit, after: urlParams.after, status: urlParams.status }),
        deliveryList
      ))
    .handle("get", ({ path }) => Effect.map(getWebhookDelivery(path.id, path.delivery_id), deliveryResource))
    // Answers the delivery as it stands once it is due again, with its whole attempt history.
    .handle("redeliver", ({ path }) =>
      redeliverWebhook(path.id, path.delivery_id).pipe(
        Effect.zipRight(getWebhookDelivery(path.id, path.delivery_id)),
        Effect.map(deliveryResource)
      )))

/** The operator API's handlers; they need the storage ports, the webhook outbox included. */
export const AdminLive = Layer.mergeAll(AccountsLive, WebhooksLive)
