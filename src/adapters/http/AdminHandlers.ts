import { HttpApiBuilder } from "@effect/platform"
import { Effect, Redacted } from "effect"
import { adminAccount, adminKey, credits, issuedKey } from "../../domain/api/AdminResources.js"
import {
  createAccount,
  getAccount,
  grantCredits,
  issueKey,
  listAccounts,
  revokeKey,
  rotateWebhookSecret,
  setAccountStatus
} from "../../domain/usecases/ManageAccounts.js"
import { ServedApi } from "./ServedApi.js"

export const AdminLive = HttpApiBuilder.group(ServedApi, "accounts", (handlers) =>
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
