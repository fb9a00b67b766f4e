import { Context, type DateTime, type Effect, type Option, type Redacted } from "effect"
import type { Account, AccountNotFound, AccountStatus } from "../domain/account/Account.js"
import type { ApiKey } from "../domain/account/ApiKey.js"
import type { AccountId, ApiKeyId } from "../domain/Ids.js"
import type { Balance, LedgerEntry } from "../domain/billing/Ledger.js"

/** Accounts, their API keys and their credit grants. Charges and refunds are written through ChargeLedger. */
export interface AccountStoreShape {
  /** Creates the account, and optionally its first key and grant (the entry the core made), all at once. */
  readonly create: (input: {
    readonly account: Account
    readonly key?: ApiKey
    readonly grant?: LedgerEntry
  }) => Effect.Effect<void>
  readonly get: (id: AccountId) => Effect.Effect<Option.Option<Account>>
  readonly list: Effect.Effect<ReadonlyArray<Account>>
  readonly count: Effect.Effect<number>
  /** The key with this SHA-256 hash and its account, revoked or not. */
  readonly findKeyByHash: (hash: string) => Effect.Effect<Option.Option<{ readonly account: Account; readonly key: ApiKey }>>
  readonly keys: (accountId: AccountId) => Effect.Effect<ReadonlyArray<ApiKey>>
  readonly addKey: (key: ApiKey) => Effect.Effect<void, AccountNotFound>
  /** Revokes a key of the account; none when the account has no such key. Revoking twice keeps the first time. */
  readonly revokeKey: (accountId: AccountId, keyId: ApiKeyId, at: DateTime.Utc) => Effect.Effect<Option.Option<ApiKey>>
  readonly touchKey: (keyId: ApiKeyId, at: DateTime.Utc) => Effect.Effect<void>
  readonly setStatus: (accountId: AccountId, status: AccountStatus) => Effect.Effect<Account, AccountNotFound>
  readonly setWebhookSecret: (accountId: AccountId, secret: Redacted.Redacted<string>) => Effect.Effect<Account, AccountNotFound>
  /**
   * Appends a grant's ledger entry as the core made it (`grantEntry`) and adds it to its account's
   * balance (`entryDelta`), at once; the balance after it.
   */
  readonly grant: (entry: LedgerEntry) => Effect.Effect<Balance, AccountNotFound>
  readonly balance: (accountId: AccountId) => Effect.Effect<Balance>
}

export class AccountStore extends Context.Tag("spotcast/AccountStore")<AccountStore, AccountStoreShape>() {}
