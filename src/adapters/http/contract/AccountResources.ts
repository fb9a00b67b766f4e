import { Redacted, Schema } from "effect"
import type { Account } from "../../../domain/account/Account.js"
import type { ApiKey } from "../../../domain/account/ApiKey.js"
import type { Balance } from "../../../domain/billing/Ledger.js"
import { retryScheduleSeconds } from "../../../domain/webhook/WebhookSchedule.js"
import { SIGNATURE_HEADER } from "../../../domain/webhook/WebhookSignature.js"
import { Timestamp, timestamp } from "./Wire.js"

/** GET /v3/account/balance: exactly the contract's four fields. */
export const BalanceResource = Schema.Struct({
  credit_balance: Schema.Int,
  total_credits_purchased: Schema.Int,
  total_credits_used: Schema.Int,
  purchase_url: Schema.String
}).annotations({ identifier: "Balance" })
export type BalanceResource = typeof BalanceResource.Type

export const balanceResource = (balance: Balance, purchaseUrl: string): BalanceResource => ({
  credit_balance: balance.creditBalance,
  total_credits_purchased: balance.totalPurchased,
  total_credits_used: balance.totalUsed,
  purchase_url: purchaseUrl
})

/** GET /v3/developer/info (docs/decisions.md, Account endpoints). */
export const DeveloperInfo = Schema.Struct({
  account: Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    status: Schema.Literal("active", "suspended"),
    created_at: Timestamp
  }),
  api_key: Schema.Struct({
    id: Schema.String,
    prefix: Schema.String.annotations({ description: "The first 12 characters of the key" }),
    mode: Schema.Literal("live", "sandbox"),
    created_at: Timestamp,
    last_used_at: Schema.NullOr(Timestamp).annotations({
      description: "The last use before this request (recorded at most once a minute); null when never used"
    })
  }),
  credits: BalanceResource,
  rate_limit: Schema.Struct({ limit_per_minute: Schema.Int }),
  webhook: Schema.Struct({
    secret: Schema.String.annotations({ description: "whsec_…; signs every webhook delivery (HMAC-SHA256)" }),
    signature_header: Schema.String,
    retry_schedule_seconds: Schema.Array(Schema.Int)
  })
}).annotations({ identifier: "DeveloperInfo" })
export type DeveloperInfo = typeof DeveloperInfo.Type

export const developerInfo = (info: {
  readonly account: Account
  readonly key: ApiKey
  readonly balance: Balance
  readonly rateLimitPerMinute: number
}, purchaseUrl: string): DeveloperInfo => ({
  account: {
    id: info.account.id,
    name: info.account.name,
    status: info.account.status,
    created_at: timestamp(info.account.createdAt)
  },
  api_key: {
    id: info.key.id,
    prefix: info.key.prefix,
    mode: info.key.mode,
    created_at: timestamp(info.key.createdAt),
    last_used_at: info.key.lastUsedAt === undefined ? null : timestamp(info.key.lastUsedAt)
  },
  credits: balanceResource(info.balance, purchaseUrl),
  rate_limit: { limit_per_minute: info.rateLimitPerMinute },
  webhook: {
    secret: Redacted.value(info.account.webhookSecret),
    signature_header: SIGNATURE_HEADER,
    retry_schedule_seconds: retryScheduleSeconds
  }
})
