import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Effect, Either, Layer, Option, Redacted, Schema } from "effect"
import { AccountNotFound, AccountStatus } from "../../domain/account/Account.js"
import { AccountId, ApiKeyId } from "../../domain/Ids.js"
import { type Balance, emptyBalance, entryDelta, type LedgerEntry } from "../../domain/billing/Ledger.js"
import { AccountStore, type AccountStoreShape } from "../../ports/AccountStore.js"
import { spanned } from "../../ports/Spans.js"
import { SecretSealer, type SecretSealerShape, SecretsUnreadable } from "../../ports/SecretSealer.js"
import { AccountFromRow, ApiKeyFromRow, BalanceFromRow, openSecrets, sealSecret } from "./AccountRows.js"
import { Credits, Timestamp } from "./Columns.js"
import { makeCoalescedReads } from "./CoalescedReads.js"
import { makeKeyWithAccount } from "./KeyWithAccount.js"
import { makeRecentKeys } from "./RecentKeys.js"
import { LedgerEntryFromRow } from "./LedgerRows.js"

const ById = Schema.Struct({ accountId: AccountId })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const sealer = yield* Effect.serviceOption(SecretSealer)
  const opened = openSecrets(sealer)

  const insertAccount = SqlSchema.void({
    Request: AccountFromRow,
    execute: (row) => sql`INSERT INTO accounts ${sql.insert({ ...row, webhook_secret: sealSecret(sealer, row.account_id, row.webhook_secret) })}`
  })
  const insertKey = SqlSchema.void({ Request: ApiKeyFromRow, execute: (row) => sql`INSERT INTO api_keys ${sql.insert(row)}` })
  const insertEntry = SqlSchema.void({
    Request: LedgerEntryFromRow,
    execute: (row) => sql`INSERT INTO ledger_entries ${sql.insert(row)}`
  })
  const findAccount = SqlSchema.findOne({
    Request: ById,
    Result: AccountFromRow,
    execute: ({ accountId }) => Effect.map(sql`SELECT * FROM accounts WHERE account_id = ${accountId}`, opened)
  })
  const allAccounts = SqlSchema.findAll({
    Request: Schema.Void,
    Result: AccountFromRow,
    execute: () => Effect.map(sql`SELECT * FROM accounts ORDER BY created_at, account_id`, opened)
  })
  const countAccounts = SqlSchema.single({
    Request: Schema.Void,
    Result: Schema.Struct({ count: Credits }),
    execute: () => sql`SELECT count(*) AS count FROM accounts`
  })
  // One round trip per authenticated request (its own module; the account decodes as findAccount's does),
  // and then none for RECENT_KEY_MILLIS: revocations, suspensions and secret changes empty the cache.
  // Its account rows are opened (sealed secrets) as every other read of `accounts` here.
  const keyWithAccount = makeKeyWithAccount(sql, opened)
  const recentKeys = makeRecentKeys(yield* Effect.runtime<never>(), (hash) => keyWithAccount(hash).pipe(Effect.orDie))
  const keysOf = SqlSchema.findAll({
    Request: ById,
    Result: ApiKeyFromRow,
    execute: ({ accountId }) => sql`SELECT * FROM api_keys WHERE account_id = ${accountId} ORDER BY created_at, key_id`
  })
  const revoke = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, keyId: ApiKeyId, at: Timestamp }),
    Result: ApiKeyFromRow,
    execute: ({ accountId, at, keyId }) =>
      sql`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ${at})
          WHERE account_id = ${accountId} AND key_id = ${keyId} RETURNING *`
  })
  const touch = SqlSchema.void({
    Request: Schema.Struct({ keyId: ApiKeyId, at: Timestamp }),
    execute: ({ at, keyId }) => sql`UPDATE api_keys SET last_used_at = ${at} WHERE key_id = ${keyId}`
  })
  const updateAccount = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, status: Schema.NullOr(AccountStatus), secret: Schema.NullOr(Schema.String) }),
    Result: AccountFromRow,
    execute: ({ accountId, secret, status }) =>
      Effect.map(
        sql`UPDATE accounts SET status = COALESCE(${status}, status),
            webhook_secret = COALESCE(${secret === null ? null : sealSecret(sealer, accountId, secret)}, webhook_secret)
            WHERE account_id = ${accountId} RETURNING *`,
        opened
      )
  })
  // The entry's balance change as the domain's `entryDelta` gives it, applied as it is.
  const credit = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, balance: Schema.Int, purchased: Schema.Int, used: Schema.Int }),
    Result: BalanceFromRow,
    execute: ({ accountId, balance, purchased, used }) =>
      sql`UPDATE accounts
          SET credit_balance = credit_balance + ${balance}, total_purchased = total_purchased + ${purchased},
              total_used = total_used + ${used}
          WHERE account_id = ${accountId}
          RETURNING credit_balance, total_purchased, total_used`
  })
  // Read on every GET /v3/account/balance, so mapped by hand rather than through Schema (see ReadRows):
  // the bigint columns arrive as strings, and the table's checks keep them integers that sum up.
  const balanceOf = (accountId: AccountId) =>
    Effect.map(
      sql<{ credit_balance: string; total_purchased: string; total_used: string }>`
        SELECT credit_balance, total_purchased, total_used FROM accounts WHERE account_id = ${accountId}`,
      (rows): Balance => {
        const row = rows[0]
        return row === undefined ? emptyBalance : {
          creditBalance: Number(row.credit_balance),
          totalPurchased: Number(row.total_purchased),
          totalUsed: Number(row.total_used)
        }
      }
    )
  // The same account's balance asked at once by several requests: one read for those waiting (CoalescedReads).
  const sharedBalance = makeCoalescedReads(yield* Effect.runtime<never>())((id: AccountId) => id, (id) => Effect.orDie(balanceOf(id)))
  // The read path's spans, made only when tracing (see Spans).
  const findKeySpan = spanned("AccountStore.findKeyByHash")
  const touchKeySpan = spanned("AccountStore.touchKey")
  const balanceSpan = spanned("AccountStore.balance")

  /** Appends the entry the core made and applies it to its account's balance. */
  const appendEntry = (entry: LedgerEntry) =>
    Effect.gen(function*() {
      const delta = entryDelta(entry)
      const balance = yield* credit({
        accountId: entry.accountId,
        balance: delta.creditBalance,
        purchased: delta.totalPurchased,
        used: delta.totalUsed
      })
      if (Option.isNone(balance)) return yield* new AccountNotFound({ accountId: entry.accountId })
      yield* insertEntry(entry)
      return balance.value
    })

  const orNotFound = (accountId: AccountId) =>
    Option.match({ onNone: () => Effect.fail(new AccountNotFound({ accountId })), onSome: Effect.succeed })

  if (Option.isSome(sealer)) yield* reseal(sql, sealer.value)

  return AccountStore.of({
    create: ({ account, grant, key }) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* insertAccount(account)
        if (key !== undefined) yield* insertKey(key)
        if (grant !== undefined) yield* appendEntry(grant)
      })).pipe(Effect.orDie, Effect.withSpan("AccountStore.create")),
    get: (accountId) => findAccount({ accountId }).pipe(Effect.orDie, Effect.withSpan("AccountStore.get")),
    list: allAccounts(undefined).pipe(Effect.orDie, Effect.withSpan("AccountStore.list")),
    count: countAccounts(undefined).pipe(Effect.map((r) => r.count), Effect.orDie, Effect.withSpan("AccountStore.count")),
    findKeyByHash: (hash) =>
      recentKeys.find(hash).pipe(findKeySpan),
    keys: (accountId) => keysOf({ accountId }).pipe(Effect.orDie, Effect.withSpan("AccountStore.keys")),
    addKey: (key) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* findAccount({ accountId: key.accountId }).pipe(Effect.flatMap(orNotFound(key.accountId)))
        yield* insertKey(key)
      })).pipe(
        Effect.catchTags({ SqlError: Effect.die, ParseError: Effect.die }),
        Effect.withSpan("AccountStore.addKey")
      ),
    revokeKey: (accountId, keyId, at) =>
      revoke({ accountId, keyId, at }).pipe(Effect.ensuring(recentKeys.clear), Effect.orDie, Effect.withSpan("AccountStore.revokeKey")),
    // The cached key is marked first: the requests that read it while the write is on its way see it
    // touched and do not each send the same UPDATE (queued on the row's lock, every minute).
    touchKey: (keyId, at) =>
      recentKeys.touched(keyId, at).pipe(Effect.zipRight(touch({ keyId, at })), Effect.orDie, touchKeySpan),
    setStatus: (accountId, status) =>
      updateAccount({ accountId, status, secret: null }).pipe(
        Effect.ensuring(recentKeys.clear),
        Effect.catchTags({ SqlError: Effect.die, ParseError: Effect.die }),
        Effect.flatMap(orNotFound(accountId)),
        Effect.withSpan("AccountStore.setStatus")
      ),
    setWebhookSecret: (accountId, secret) =>
      updateAccount({ accountId, status: null, secret: Redacted.value(secret) }).pipe(
        Effect.ensuring(recentKeys.clear),
        Effect.catchTags({ SqlError: Effect.die, ParseError: Effect.die }),
        Effect.flatMap(orNotFound(accountId)),
        Effect.withSpan("AccountStore.setWebhookSecret")
      ),
    grant: (entry) =>
      sql.withTransaction(appendEntry(entry)).pipe(
        Effect.catchTags({ SqlError: Effect.die, ParseError: Effect.die }),
        Effect.withSpan("AccountStore.grant")
      ),
    balance: (accountId) =>
      sharedBalance(accountId).pipe(balanceSpan)
  } satisfies AccountStoreShape)
})

/**
 * At start-up, with a sealer: secrets in plain text (legacy rows) or sealed under the previous key are
 * sealed under the current one, each only if it is still what was read (another process may be doing the
 * same). A secret no configured key opens stops start-up, naming the settings.
 */
const reseal = (sql: SqlClient.SqlClient, sealer: SecretSealerShape) =>
  Effect.gen(function*() {
    const rows = yield* sql<{ account_id: string; webhook_secret: string }>`SELECT account_id, webhook_secret FROM accounts`
    let resealed = 0
    const unreadable: Array<string> = []
    for (const row of rows) {
      const plain = sealer.open(row.webhook_secret, row.account_id)
      if (Either.isLeft(plain)) unreadable.push(`${row.account_id}: ${plain.left}`)
      else if (sealer.stale(row.webhook_secret)) {
        yield* sql`UPDATE accounts SET webhook_secret = ${sealer.seal(plain.right, row.account_id)}
                   WHERE account_id = ${row.account_id} AND webhook_secret = ${row.webhook_secret}`
        resealed++
      }
    }
    if (resealed > 0) yield* Effect.logInfo(`sealed ${resealed} webhook secrets under SPOTCAST_SECRETS_KEY`)
    if (unreadable.length > 0) {
      return yield* new SecretsUnreadable({
        message: `${unreadable.length} webhook secrets cannot be opened; set SPOTCAST_SECRETS_KEY (and SPOTCAST_SECRETS_KEY_PREVIOUS during a rotation) to the keys that sealed them. First: ${unreadable[0]}`
      })
    }
  }).pipe(Effect.withSpan("AccountStore.resealSecrets"))

export const layer = Layer.effect(AccountStore, make)
