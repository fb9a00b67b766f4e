import { Effect, Layer, Option } from "effect"
import { type Account, AccountNotFound } from "../../domain/account/Account.js"
import type { AccountId } from "../../domain/Ids.js"
import { applyEntry, emptyBalance, type LedgerEntry } from "../../domain/billing/Ledger.js"
import { AccountStore, type AccountStoreShape } from "../../ports/AccountStore.js"
import { MemoryDatabase, type MemoryTables } from "./MemoryDatabase.js"

/** Appends the entry the core made and applies it to its account's balance. */
const appendEntry = (db: MemoryTables, entry: LedgerEntry) => {
  db.ledger.get(entry.accountId)!.push(entry)
  const balance = applyEntry(db.balances.get(entry.accountId) ?? emptyBalance, entry)
  db.balances.set(entry.accountId, balance)
  return balance
}

const updateAccount = (db: MemoryTables, accountId: AccountId, f: (a: Account) => Account) =>
  Effect.suspend(() => {
    const account = db.accounts.get(accountId)
    if (account === undefined) return Effect.fail(new AccountNotFound({ accountId }))
    const next = f(account)
    db.accounts.set(accountId, next)
    return Effect.succeed(next)
  })

export const make = (db: MemoryTables): AccountStoreShape => ({
  create: ({ account, grant, key }) =>
    Effect.sync(() => {
      if (db.accounts.has(account.id)) throw new Error(`account ${account.id} exists`)
      if (key !== undefined && db.keyByHash.has(key.hash)) throw new Error("API key hash exists")
      db.accounts.set(account.id, account)
      db.ledger.set(account.id, [])
      db.balances.set(account.id, emptyBalance)
      db.spotcastsOf.set(account.id, [])
      if (key !== undefined) {
        db.keys.set(key.id, key)
        db.keyByHash.set(key.hash, key.id)
      }
      if (grant !== undefined) appendEntry(db, grant)
    }),
  get: (id) => Effect.sync(() => Option.fromNullable(db.accounts.get(id))),
  list: Effect.sync(() => [...db.accounts.values()]),
  count: Effect.sync(() => db.accounts.size),
  findKeyByHash: (hash) =>
    Effect.sync(() => {
      const key = Option.fromNullable(db.keyByHash.get(hash)).pipe(Option.flatMapNullable((id) => db.keys.get(id)))
      return Option.flatMap(key, (key) =>
        Option.map(Option.fromNullable(db.accounts.get(key.accountId)), (account) => ({ account, key })))
    }),
  keys: (accountId) => Effect.sync(() => [...db.keys.values()].filter((k) => k.accountId === accountId)),
  addKey: (key) =>
    Effect.suspend(() => {
      if (!db.accounts.has(key.accountId)) return Effect.fail(new AccountNotFound({ accountId: key.accountId }))
      if (db.keyByHash.has(key.hash)) return Effect.die(new Error("API key hash exists"))
      db.keys.set(key.id, key)
      db.keyByHash.set(key.hash, key.id)
      return Effect.void
    }),
  revokeKey: (accountId, keyId, at) =>
    Effect.sync(() => {
      const key = db.keys.get(keyId)
      if (key === undefined || key.accountId !== accountId) return Option.none()
      const revoked = key.revokedAt === undefined ? { ...key, revokedAt: at } : key
      db.keys.set(keyId, revoked)
      return Option.some(revoked)
    }),
  touchKey: (keyId, at) =>
    Effect.sync(() => {
      const key = db.keys.get(keyId)
      if (key !== undefined) db.keys.set(keyId, { ...key, lastUsedAt: at })
    }),
  setStatus: (accountId, status) => updateAccount(db, accountId, (a) => ({ ...a, status })),
  setWebhookSecret: (accountId, webhookSecret) => updateAccount(db, accountId, (a) => ({ ...a, webhookSecret })),
  grant: (entry) =>
    Effect.suspend(() =>
      db.accounts.has(entry.accountId)
        ? Effect.succeed(appendEntry(db, entry))
        : Effect.fail(new AccountNotFound({ accountId: entry.accountId }))
    ),
  balance: (accountId) => Effect.sync(() => db.balances.get(accountId) ?? emptyBalance)
})

export const layer = Layer.effect(AccountStore, Effect.map(MemoryDatabase, make))
