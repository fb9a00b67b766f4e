import * as HttpApi from "@effect/platform/HttpApi"
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Schema } from "effect"
import {
  AccountDetail,
  AccountList,
  AdminAccount,
  AdminKey,
  CreateAccountRequest,
  CreatedAccount,
  Credits,
  GrantCreditsRequest,
  IssuedKey,
  WebhookSecretRotated
} from "./contract/AdminResources.js"
import { DeliveryList, DeliveryResource, ListDeliveriesQuery } from "./contract/WebhookDeliveryResources.js"
import { AdminAuth } from "./AdminAuth.js"
import * as AdminErrors from "./contract/AdminErrors.js"
import * as RequestErrors from "./contract/RequestErrors.js"
import * as OpenApiDocument from "./OpenApiDocument.js"
import { UsageAdminGroup } from "./UsageApi.js"
import { WidgetsAdminGroup } from "./WidgetApi.js"

const AccountPath = Schema.Struct({ id: Schema.String.annotations({ description: "Account id (acct_…)" }) })
const KeyPath = Schema.Struct({
  id: Schema.String.annotations({ description: "Account id (acct_…)" }),
  key_id: Schema.String.annotations({ description: "API key id (key_…)" })
})

const DeliveryPath = Schema.Struct({
  id: Schema.String.annotations({ description: "Account id (acct_…)" }),
  delivery_id: Schema.String.annotations({ description: "Webhook delivery id (whk_…)" })
})

const accountAction = <const Name extends string>(name: Name, path: `/${string}`, summary: string) =>
  HttpApiEndpoint.post(name, path)
    .setPath(AccountPath)
    .addSuccess(AdminAccount)
    .addError(AdminErrors.NoAccount)
    .annotate(OpenApi.Summary, summary)

export class AccountsAdminGroup extends HttpApiGroup.make("accounts")
  .add(
    HttpApiEndpoint.post("create", "/admin/v1/accounts")
      .setPayload(CreateAccountRequest)
      .addSuccess(CreatedAccount, { status: 201 })
      .annotate(OpenApi.Summary, "Create an account with its first API key (shown once) and opening credits")
  )
  .add(
    HttpApiEndpoint.get("list", "/admin/v1/accounts")
      .addSuccess(AccountList)
      .annotate(OpenApi.Summary, "All accounts")
  )
  .add(
    HttpApiEndpoint.get("get", "/admin/v1/accounts/:id")
      .setPath(AccountPath)
      .addSuccess(AccountDetail)
      .addError(AdminErrors.NoAccount)
      .annotate(OpenApi.Summary, "An account with its keys (by prefix) and credits")
  )
  .add(
    HttpApiEndpoint.post("issueKey", "/admin/v1/accounts/:id/keys")
      .setPath(AccountPath)
      .addSuccess(IssuedKey, { status: 201 })
      .addError(AdminErrors.NoAccount)
      .annotate(OpenApi.Summary, "Issue a new API key (shown once)")
  )
  .add(
    HttpApiEndpoint.post("revokeKey", "/admin/v1/accounts/:id/keys/:key_id/revoke")
      .setPath(KeyPath)
      .addSuccess(AdminKey)
      .addError(AdminErrors.NoAccount)
      .addError(AdminErrors.NoKey)
      .annotate(OpenApi.Summary, "Revoke an API key (revoking twice keeps the first time)")
  )
  .add(
    HttpApiEndpoint.post("grantCredits", "/admin/v1/accounts/:id/credits")
      .setPath(AccountPath)
      .setPayload(GrantCreditsRequest)
      .addSuccess(Credits)
      .addError(AdminErrors.NoAccount)
      .annotate(OpenApi.Summary, "Grant credits")
  )
  .add(accountAction("suspend", "/admin/v1/accounts/:id/suspend", "Suspend: its keys get 403 account_suspended"))
  .add(accountAction("reactivate", "/admin/v1/accounts/:id/reactivate", "Reactivate a suspended account"))
  .add(
    HttpApiEndpoint.post("rotateWebhookSecret", "/admin/v1/accounts/:id/webhook-secret/rotate")
      .setPath(AccountPath)
      .addSuccess(WebhookSecretRotated)
      .addError(AdminErrors.NoAccount)
      .annotate(OpenApi.Summary, "Replace the account's webhook signing secret")
  )
  .middleware(AdminAuth)
  .annotate(OpenApi.Title, "Accounts (operator)")
{}

export class WebhookDeliveriesAdminGroup extends HttpApiGroup.make("webhooks")
  .add(
    HttpApiEndpoint.get("list", "/admin/v1/accounts/:id/webhook-deliveries")
      .setPath(AccountPath)
      .setUrlParams(ListDeliveriesQuery)
      .addSuccess(DeliveryList)
      .addError(AdminErrors.NoAccount)
      .annotate(OpenApi.Summary, "The account's webhook deliveries with their attempts, newest first")
  )
  .add(
    HttpApiEndpoint.get("get", "/admin/v1/accounts/:id/webhook-deliveries/:delivery_id")
      .setPath(DeliveryPath)
      .addSuccess(DeliveryResource)
      .addError(AdminErrors.NoAccount)
      .addError(AdminErrors.NoDelivery)
      .annotate(OpenApi.Summary, "One webhook delivery with its attempts")
  )
  .add(
    HttpApiEndpoint.post("redeliver", "/admin/v1/accounts/:id/webhook-deliveries/:delivery_id/redeliver")
      .setPath(DeliveryPath)
      .addSuccess(DeliveryResource)
      .addError(AdminErrors.NoAccount)
      .addError(AdminErrors.NoDelivery)
      .addError(AdminErrors.NotFailed)
      .annotate(OpenApi.Summary, "Send a failed delivery again: same id and body, due now, five fresh attempts")
  )
  .middleware(AdminAuth)
  .annotate(OpenApi.Title, "Webhook deliveries (operator)")
{}

/** The operator API (`/admin/v1`), served beside the public API; `spotcast admin` is a client of it. */
export class AdminApi extends HttpApi.make("spotcast-admin")
  .add(AccountsAdminGroup)
  .add(WebhookDeliveriesAdminGroup)
  .add(WidgetsAdminGroup)
  .add(UsageAdminGroup)
  .addError(RequestErrors.Validation)
  .addError(RequestErrors.TooLarge)
  .addError(RequestErrors.Unsupported)
  .addError(RequestErrors.Unavailable)
  .addError(RequestErrors.RateLimited)
  .addError(RequestErrors.Internal)
  .addError(RequestErrors.NoRoute)
  .addError(RequestErrors.WrongMethod)
  .annotate(OpenApi.Title, "SpotCast operator API")
  .annotate(OpenApi.Version, "1")
  .annotate(OpenApi.Transform, OpenApiDocument.tidy)
{}
