import { Schema } from "effect"
import type { Account } from "../../../domain/account/Account.js"
import type { ApiKey } from "../../../domain/account/ApiKey.js"
import type { Balance } from "../../../domain/billing/Ledger.js"
import { isStorableText, UNSTORABLE_TEXT } from "../../../domain/Text.js"
import { Timestamp, timestamp } from "./Wire.js"
import { says, strict } from "./SchemaAnnotations.js"


/** POST /admin/v1/accounts */
export const CreateAccountRequest = Schema.Struct({
  name: Schema.String.pipe(Schema.filter((s) => s.trim().length > 0 && isStorableText(s)), Schema.maxLength(200)).annotations(
    says(`name must be a non-blank string of at most 200 characters that ${UNSTORABLE_TEXT.replace("must not", "does not")}`)
  ),
  mode: Schema.optional(Schema.Literal("live", "sandbox").annotations(says("mode must be live or sandbox"))),
  credits: Schema.optional(
    Schema.Int.pipe(Schema.nonNegative()).annotations(says("credits must be an integer of 0 or more"))
  )
}).annotations({ ...strict, identifier: "CreateAccountRequest" })
export type CreateAccountRequest = typeof CreateAccountRequest.Type

/** POST /admin/v1/accounts/{id}/credits */
export const GrantCreditsRequest = Schema.Struct({
  amount: Schema.Int.pipe(Schema.positive()).annotations(says("amount must be a positive integer")),
  note: Schema.optional(
    Schema.String.pipe(Schema.maxLength(500), Schema.filter(isStorableText)).annotations(
      says(`note must be at most 500 characters and ${UNSTORABLE_TEXT.replace("must not", "not")}`)
    )
  )
}).annotations({ ...strict, identifier: "GrantCreditsRequest" })
export type GrantCreditsRequest = typeof GrantCreditsRequest.Type

export const AdminAccount = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  status: Schema.Literal("active", "suspended"),
  mode: Schema.Literal("live", "sandbox"),
  created_at: Timestamp,
  rate_limit_per_minute: Schema.NullOr(Schema.Int).annotations({ description: "null: the service-wide limit" })
}).annotations({ identifier: "AdminAccount" })
export type AdminAccount = typeof AdminAccount.Type

export const adminAccount = (account: Account): AdminAccount => ({
  id: account.id,
  name: account.name,
  status: account.status,
  mode: account.mode,
  created_at: timestamp(account.createdAt),
  rate_limit_per_minute: account.rateLimitPerMinute ?? null
})

/** A key as the operator sees it: by its prefix, never the key itself. */
export const AdminKey = Schema.Struct({
  id: Schema.String,
  prefix: Schema.String,
  mode: Schema.Literal("live", "sandbox"),
  created_at: Timestamp,
  last_used_at: Schema.NullOr(Timestamp),
  revoked_at: Schema.NullOr(Timestamp)
}).annotations({ identifier: "AdminKey" })
export type AdminKey = typeof AdminKey.Type

export const adminKey = (key: ApiKey): AdminKey => ({
  id: key.id,
  prefix: key.prefix,
  mode: key.mode,
  created_at: timestamp(key.createdAt),
  last_used_at: key.lastUsedAt === undefined ? null : timestamp(key.lastUsedAt),
  revoked_at: key.revokedAt === undefined ? null : timestamp(key.revokedAt)
})

/** A key just made: the only time the key itself is shown. */
export const IssuedKey = Schema.Struct({
  ...AdminKey.fields,
  key: Schema.String.annotations({ description: "The API key; shown once, never again" })
}).annotations({ identifier: "IssuedKey" })
export type IssuedKey = typeof IssuedKey.Type

export const issuedKey = (issued: { readonly record: ApiKey; readonly secret: string }): IssuedKey => ({
  ...adminKey(issued.record),
  key: issued.secret
})

export const CreatedAccount = Schema.Struct({ account: AdminAccount, api_key: IssuedKey }).annotations({
  identifier: "CreatedAccount"
})
export type CreatedAccount = typeof CreatedAccount.Type

export const Credits = Schema.Struct({
  credit_balance: Schema.Int,
  total_credits_purchased: Schema.Int,
  total_credits_used: Schema.Int
}).annotations({ identifier: "Credits" })
export type Credits = typeof Credits.Type

export const credits = (balance: Balance): Credits => ({
  credit_balance: balance.creditBalance,
  total_credits_purchased: balance.totalPurchased,
  total_credits_used: balance.totalUsed
})

export const AccountDetail = Schema.Struct({
  account: AdminAccount,
  api_keys: Schema.Array(AdminKey),
  credits: Credits
}).annotations({ identifier: "AccountDetail" })
export type AccountDetail = typeof AccountDetail.Type

export const AccountList = Schema.Struct({ data: Schema.Array(AdminAccount) }).annotations({
  identifier: "AccountList"
})
export type AccountList = typeof AccountList.Type

export const WebhookSecretRotated = Schema.Struct({
  account_id: Schema.String,
  webhook_secret: Schema.String
}).annotations({ identifier: "WebhookSecretRotated" })
export type WebhookSecretRotated = typeof WebhookSecretRotated.Type
