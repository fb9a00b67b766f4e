import { Schema } from "effect"
import { AccountId } from "../Ids.js"

export const AccountStatus = Schema.Literal("active", "suspended")
export type AccountStatus = typeof AccountStatus.Type

/** Live accounts get real weather; sandbox accounts (test keys) get simulated data. */
export const AccountMode = Schema.Literal("live", "sandbox")
export type AccountMode = typeof AccountMode.Type

export const Account = Schema.Struct({
  id: AccountId,
  name: Schema.String,
  status: AccountStatus,
  mode: AccountMode,
  createdAt: Schema.DateTimeUtc,
  /** `whsec_` + 32 base62 characters; signs every webhook delivery of the account. */
  webhookSecret: Schema.Redacted(Schema.String),
  /** Overrides the service-wide requests-per-minute limit for this account. */
  rateLimitPerMinute: Schema.optional(Schema.Int.pipe(Schema.positive()))
})
export type Account = typeof Account.Type

export class AccountSuspended extends Schema.TaggedError<AccountSuspended>()("AccountSuspended", {}) {}

export class AccountNotFound extends Schema.TaggedError<AccountNotFound>()("AccountNotFound", {
  accountId: Schema.String
}) {}
