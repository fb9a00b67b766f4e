import { Either, Option, Schema } from "effect"
import { Account, AccountMode, AccountStatus } from "../../domain/account/Account.js"
import { ApiKey } from "../../domain/account/ApiKey.js"
import { AccountId, ApiKeyId } from "../../domain/Ids.js"
import { Balance } from "../../domain/billing/Ledger.js"
import { Credits, OptionalTimestamp, Timestamp } from "./Columns.js"
import type { SecretSealerShape } from "../../ports/SecretSealer.js"

export const AccountRow = Schema.Struct({
  account_id: AccountId,
  name: Schema.String,
  status: AccountStatus,
  mode: AccountMode,
  created_at: Timestamp,
  webhook_secret: Schema.Redacted(Schema.String),
  rate_limit_per_minute: Schema.NullOr(Schema.Int)
})

export const AccountFromRow = Schema.transform(AccountRow, Schema.typeSchema(Account), {
  strict: true,
  decode: ({ rate_limit_per_minute, ...r }) => ({
    id: r.account_id,
    name: r.name,
    status: r.status,
    mode: r.mode,
    createdAt: r.created_at,
    webhookSecret: r.webhook_secret,
    ...(rate_limit_per_minute === null ? {} : { rateLimitPerMinute: rate_limit_per_minute })
  }),
  encode: (a) => ({
    account_id: a.id,
    name: a.name,
    status: a.status,
    mode: a.mode,
    created_at: a.createdAt,
    webhook_secret: a.webhookSecret,
    rate_limit_per_minute: a.rateLimitPerMinute ?? null
  })
})

/**
 * `accounts` rows as read, with the webhook secret opened (sealed at rest when a key is configured, see
 * SecretSealer; legacy plain text reads as it is). A secret this process cannot open is a defect that
 * says which settings to check. Without a sealer, rows pass as they are.
 */
export const openSecrets = (sealer: Option.Option<SecretSealerShape>) =>
<R extends object>(rows: ReadonlyArray<R>): ReadonlyArray<R> =>
  Option.isNone(sealer) ? rows : rows.map((row) => {
    const { account_id, webhook_secret } = row as { account_id?: unknown; webhook_secret?: unknown }
    if (typeof webhook_secret !== "string") return row
    const opened = sealer.value.open(webhook_secret, String(account_id))
    if (Either.isLeft(opened)) throw new Error(`the webhook secret of ${String(account_id)} is ${opened.left}`)
    return { ...row, webhook_secret: opened.right }
  })

/** The webhook secret as it is written to `accounts.webhook_secret` for that account. */
export const sealSecret = (sealer: Option.Option<SecretSealerShape>, accountId: string, secret: string) =>
  Option.isNone(sealer) ? secret : sealer.value.seal(secret, accountId)

export const ApiKeyRow = Schema.Struct({
  account_id: AccountId,
  key_id: ApiKeyId,
  prefix: Schema.String,
  hash: Schema.String,
  mode: AccountMode,
  created_at: Timestamp,
  last_used_at: OptionalTimestamp,
  revoked_at: OptionalTimestamp
})

export const ApiKeyFromRow = Schema.transform(ApiKeyRow, Schema.typeSchema(ApiKey), {
  strict: true,
  decode: (r) => ({
    id: r.key_id,
    accountId: r.account_id,
    prefix: r.prefix,
    hash: r.hash,
    mode: r.mode,
    createdAt: r.created_at,
    ...(r.last_used_at === null ? {} : { lastUsedAt: r.last_used_at }),
    ...(r.revoked_at === null ? {} : { revokedAt: r.revoked_at })
  }),
  encode: (k) => ({
    account_id: k.accountId,
    key_id: k.id,
    prefix: k.prefix,
    hash: k.hash,
    mode: k.mode,
    created_at: k.createdAt,
    last_used_at: k.lastUsedAt ?? null,
    revoked_at: k.revokedAt ?? null
  })
})

export const BalanceFromRow = Schema.transform(
  Schema.Struct({ credit_balance: Credits, total_purchased: Credits, total_used: Credits }),
  Schema.typeSchema(Balance),
  {
    strict: true,
    decode: (r) => ({ creditBalance: r.credit_balance, totalPurchased: r.total_purchased, totalUsed: r.total_used }),
    encode: (b) => ({ credit_balance: b.creditBalance, total_purchased: b.totalPurchased, total_used: b.totalUsed })
  }
)
