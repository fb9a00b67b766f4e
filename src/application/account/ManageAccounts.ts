import { DateTime, Effect, Option } from "effect"
import type { Account, AccountMode, AccountStatus } from "../../domain/account/Account.js"
import { AccountNotFound } from "../../domain/account/Account.js"
import { type ApiKey, apiKeyMode, ApiKeyNotFound, displayPrefix, hashApiKey } from "../../domain/account/ApiKey.js"
import { AccountId, ApiKeyId, IdPrefix, LedgerEntryId, isAccountId, isApiKeyId } from "../../domain/Ids.js"
import { canGrant, grantEntry } from "../../domain/billing/Ledger.js"
import { invalid } from "../../domain/Validation.js"
import { AccountStore } from "../../ports/AccountStore.js"
import { Crypto } from "../../ports/Crypto.js"
import { newApiKey, newId, newWebhookSecret } from "../NewIds.js"

/** A key as made: the stored record and the key itself, which is shown this once and never again. */
export interface IssuedKey {
  readonly record: ApiKey
  readonly secret: string
}

const keyRecord = (accountId: AccountId, secret: string, now: DateTime.Utc) =>
  Effect.zipWith(newId(IdPrefix.apiKey), Crypto, (id, crypto): ApiKey => ({
    id: ApiKeyId.make(id),
    accountId,
    prefix: displayPrefix(secret),
    hash: hashApiKey(crypto, secret),
    mode: apiKeyMode(secret)!,
    createdAt: now
  }))

/** The ledger entry of a grant to the account: the core makes it, the store only writes it. */
const grantOf = (accountId: AccountId, amount: number, note: string, at: DateTime.Utc) =>
  Effect.map(newId(IdPrefix.ledgerEntry), (id) => grantEntry(accountId, { entryId: LedgerEntryId.make(id), amount, note, at }))

const checkCredits = (credits: number) =>
  Number.isSafeInteger(credits) && credits >= 0
    ? Effect.void
    : Effect.fail(invalid("invalid_request", "credits must be a non-negative integer", "credits"))

/**
 * Makes an account with its webhook secret, its first API key (a given one, or a new one of the
 * account's mode) and an opening grant, in one step.
 */
export const createAccount = Effect.fn("CreateAccount")(function*(input: {
  readonly name: string
  readonly mode: AccountMode
  readonly credits: number
  readonly apiKey?: string
}) {
  yield* checkCredits(input.credits)
  const now = yield* DateTime.now
  const account: Account = {
    id: AccountId.make(yield* newId(IdPrefix.account)),
    name: input.name,
    status: "active",
    mode: input.mode,
    createdAt: now,
    webhookSecret: yield* newWebhookSecret
  }
  const secret = input.apiKey ?? (yield* newApiKey(input.mode))
  const record = yield* keyRecord(account.id, secret, now)
  const grant = input.credits > 0 ? yield* grantOf(account.id, input.credits, "opening grant", now) : undefined
  yield* (yield* AccountStore).create({ account, key: record, ...(grant === undefined ? {} : { grant }) })
  return { account, key: { record, secret } satisfies IssuedKey }
})

/** The account, or AccountNotFound. */
export const requireAccount = (accountId: string) =>
  (isAccountId(accountId)
    ? Effect.flatMap(AccountStore, (store) => store.get(accountId))
    : Effect.succeed(Option.none<Account>())).pipe(
    Effect.flatMap(Option.match({
      onNone: () => Effect.fail(new AccountNotFound({ accountId })),
      onSome: Effect.succeed
    }))
  )

export const getAccount = Effect.fn("GetAccount")(function*(accountId: string) {
  const account = yield* requireAccount(accountId)
  const store = yield* AccountStore
  return { account, keys: yield* store.keys(account.id), balance: yield* store.balance(account.id) }
})

export const listAccounts = Effect.flatMap(AccountStore, (store) => store.list).pipe(Effect.withSpan("ListAccounts"))

/** A new key for the account, of the account's mode. */
export const issueKey = Effect.fn("IssueKey")(function*(accountId: string) {
  const account = yield* requireAccount(accountId)
  const secret = yield* newApiKey(account.mode)
  const record = yield* keyRecord(account.id, secret, yield* DateTime.now)
  yield* (yield* AccountStore).addKey(record)
  return { record, secret } satisfies IssuedKey
})

export const revokeKey = Effect.fn("RevokeKey")(function*(accountId: string, keyId: string) {
  const account = yield* requireAccount(accountId)
  if (!isApiKeyId(keyId)) return yield* new ApiKeyNotFound({ keyId })
  const revoked = yield* (yield* AccountStore).revokeKey(account.id, keyId, yield* DateTime.now)
  if (Option.isNone(revoked)) return yield* new ApiKeyNotFound({ keyId })
  return revoked.value
})

export const grantCredits = Effect.fn("GrantCredits")(function*(accountId: string, amount: number, note?: string) {
  if (!Number.isSafeInteger(amount) || amount < 1) {
    return yield* invalid("invalid_request", "amount must be a positive integer", "amount")
  }
  const account = yield* requireAccount(accountId)
  const store = yield* AccountStore
  const { totalPurchased } = yield* store.balance(account.id)
  if (!canGrant(totalPurchased, amount)) {
    return yield* invalid("invalid_request", `amount would take the account's credits past ${Number.MAX_SAFE_INTEGER}`, "amount")
  }
  return yield* store.grant(yield* grantOf(account.id, amount, note ?? "grant", yield* DateTime.now))
})

export const setAccountStatus = Effect.fn("SetAccountStatus")(function*(accountId: string, status: AccountStatus) {
  const account = yield* requireAccount(accountId)
  return yield* (yield* AccountStore).setStatus(account.id, status)
})

export const rotateWebhookSecret = Effect.fn("RotateWebhookSecret")(function*(accountId: string) {
  const account = yield* requireAccount(accountId)
  return yield* (yield* AccountStore).setWebhookSecret(account.id, yield* newWebhookSecret)
})

export const DEMO_CREDITS = 100

export type Bootstrap =
  | { readonly _tag: "Existing" }
  | { readonly _tag: "Created"; readonly account: Account; readonly key: IssuedKey; readonly generated: boolean }

/**
 * Start-up: with a key configured, make sure an account with that key exists (granting `credits` only
 * when it is made, never again); with none configured and no accounts at all, make a sandbox demo
 * account whose new key the caller prints once.
 */
export const ensureBootstrapAccount = Effect.fn("EnsureBootstrapAccount")(function*(config: {
  readonly key?: string | undefined
  readonly credits?: number | undefined
}) {
  const store = yield* AccountStore
  const credits = config.credits ?? DEMO_CREDITS
  if (config.key !== undefined) {
    const mode = apiKeyMode(config.key)
    if (mode === undefined) {
      return yield* invalid("invalid_request", "The bootstrap key must be sk_live_ or sk_test_ followed by 32 base62 characters", "key")
    }
    if (Option.isSome(yield* store.findKeyByHash(hashApiKey(yield* Crypto, config.key)))) return { _tag: "Existing" } as Bootstrap
    const made = yield* createAccount({ name: "Bootstrap account", mode, credits, apiKey: config.key })
    return { _tag: "Created", ...made, generated: false } as Bootstrap
  }
  if ((yield* store.count) > 0) return { _tag: "Existing" } as Bootstrap
  const made = yield* createAccount({ name: "Demo account", mode: "sandbox", credits })
  return { _tag: "Created", ...made, generated: true } as Bootstrap
})
