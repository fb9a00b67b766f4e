import { DateTime, Effect, Either, Layer, Option } from "effect"
import { applyEntry, type Balance, emptyBalance, type LedgerEntry } from "../../domain/billing/Ledger.js"
import { ChargeLedger, type ChargeLedgerShape } from "../../ports/ChargeLedger.js"
import { idempotencyKey, MemoryDatabase, type MemoryTables } from "./MemoryDatabase.js"
import { changing, setRow, type Undo } from "./MemoryTransactions.js"

/**
 * The charge as the database's charge statement makes it (`ChargeLedger.debit`): the entry appended and
 * the balance changed unless it would go below zero, the claimed key's receipt settled. Right: the
 * balance after; left: the balance as it was, nothing changed. Shared with a create that stores its
 * rows in the same command (`SpotCastStore.insertCharged`).
 */
export const debitIn = (
  db: MemoryTables,
  entry: LedgerEntry,
  settles: string | undefined,
  onUndo: Undo
): Either.Either<Balance, number> => {
  const before = db.balances.get(entry.accountId) ?? emptyBalance
  const after = applyEntry(before, entry)
  // As the database's conditional update: never below zero.
  if (after.creditBalance < 0) return Either.left(before.creditBalance)
  const ledger = db.ledger.get(entry.accountId)
  if (ledger === undefined) throw new Error(`no ledger for account ${entry.accountId}`)
  ledger.push(entry)
  onUndo(() => {
    ledger.pop()
  })
  setRow(db.balances, entry.accountId, after, onUndo)
  if (entry.forecastId !== undefined) setRow(db.chargeOf, entry.forecastId, entry.id, onUndo)
  if (settles !== undefined) {
    const at = idempotencyKey(entry.accountId, settles)
    const claimed = db.claimedKeys.get(at)
    if (claimed !== undefined) {
      setRow(db.idempotency, at, { ...claimed.record, receipt: { ...claimed.draft, creditsRemaining: after.creditBalance } }, onUndo)
      db.claimedKeys.delete(at)
      onUndo(() => db.claimedKeys.set(at, claimed))
    }
  }
  return Either.right(after)
}

export const make = (db: MemoryTables): ChargeLedgerShape => ({
  claimKey: (accountId, claim, draft, liveSince) =>
    changing((onUndo) => {
      const at = idempotencyKey(accountId, claim.key)
      const held = db.idempotency.get(at)
      // As the database's conditional upsert: a record from `liveSince` on keeps the key.
      if (held !== undefined && !DateTime.lessThan(held.createdAt, liveSince)) return Option.some(held)
      const record = { accountId, key: claim.key, fingerprint: claim.fingerprint, createdAt: draft.createdAt }
      setRow(db.claimedKeys, at, { record, draft }, onUndo)
      return Option.none()
    }),

  debit: (entry, settles) => changing((onUndo) => debitIn(db, entry, settles, onUndo)),

  chargeOf: (accountId, forecastId) =>
    Effect.sync(() => {
      const chargeId = db.chargeOf.get(forecastId)
      return Option.fromNullable(
        chargeId === undefined ? undefined : db.ledger.get(accountId)?.find((entry) => entry.id === chargeId)
      )
    }),

  refund: (entry) =>
    changing((onUndo) => {
      const ledger = db.ledger.get(entry.accountId)
      // As the database's unique (account, refund_of): a charge is refunded once.
      if (ledger === undefined || entry.refundOf === undefined || db.refunded.has(entry.refundOf)) return false
      const refundOf = entry.refundOf
      ledger.push(entry)
      onUndo(() => {
        ledger.pop()
      })
      setRow(db.balances, entry.accountId, applyEntry(db.balances.get(entry.accountId) ?? emptyBalance, entry), onUndo)
      db.refunded.add(refundOf)
      onUndo(() => db.refunded.delete(refundOf))
      return true
    })
})

export const layer = Layer.effect(ChargeLedger, Effect.map(MemoryDatabase, make))
