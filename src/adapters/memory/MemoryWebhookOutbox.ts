import { Clock, DateTime, Duration, Effect, Layer, Option } from "effect"
import type { AccountId, DeliveryId } from "../../domain/Ids.js"
import { isAfter } from "../../domain/paging/Page.js"
import type { WebhookDelivery } from "../../domain/webhook/WebhookDelivery.js"
import { type DeliveryHistory, WebhookOutbox, type WebhookOutboxShape } from "../../ports/WebhookOutbox.js"
import { changing, setRow } from "./MemoryTransactions.js"
import { MemoryDatabase, type MemoryTables } from "./MemoryDatabase.js"

interface Lease {
  readonly owner: string
  readonly untilMillis: number
}

// Leases live beside the tables (not in them) but per database, so every outbox on one database shares them.
const leasesOf = new WeakMap<MemoryTables, Map<DeliveryId, Lease>>()
const leases = (db: MemoryTables) => {
  let map = leasesOf.get(db)
  if (map === undefined) {
    map = new Map()
    leasesOf.set(db, map)
  }
  return map
}

const position = (d: WebhookDelivery) => ({ createdAtMillis: DateTime.toEpochMillis(d.createdAt), id: d.id })

const history = (db: MemoryTables, delivery: WebhookDelivery): DeliveryHistory => ({
  delivery,
  attempts: [...(db.attempts.get(delivery.id) ?? [])]
})

const owned = (db: MemoryTables, accountId: AccountId, deliveryId: string) => {
  const delivery = db.deliveries.get(deliveryId as DeliveryId)
  return delivery !== undefined && delivery.accountId === accountId ? delivery : undefined
}

/** As the database's compare-and-set: the stored delivery is still as `from` was read (status, attempt count). */
const stillAsRead = (db: MemoryTables, from: WebhookDelivery) => {
  const stored = owned(db, from.accountId, from.id)
  return stored !== undefined && stored.status === from.status && stored.attempts === from.attempts
}

export const make = (db: MemoryTables): WebhookOutboxShape => ({
  add: (delivery) =>
    changing((onUndo) => {
      setRow(db.deliveries, delivery.id, delivery, onUndo)
      setRow(db.attempts, delivery.id, [], onUndo)
    }),

  claim: (owner, lease) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.sync(() => {
        const held = leases(db)
        let due: WebhookDelivery | undefined
        for (const delivery of db.deliveries.values()) {
          if (delivery.status !== "pending" || delivery.nextAttemptAt === undefined) continue
          if (DateTime.toEpochMillis(delivery.nextAttemptAt) > now) continue
          const current = held.get(delivery.id)
          if (current !== undefined && current.untilMillis > now) continue
          if (due === undefined || DateTime.lessThan(delivery.nextAttemptAt, due.nextAttemptAt!)) due = delivery
        }
        if (due === undefined) return Option.none()
        held.set(due.id, { owner, untilMillis: now + Duration.toMillis(lease) })
        return Option.some({ delivery: due, recorded: db.attempts.get(due.id)?.length ?? 0 })
      })),

  nextDueAt: Effect.flatMap(Clock.currentTimeMillis, (now) =>
    Effect.sync(() => {
      const held = leases(db)
      let earliest: number | undefined
      for (const delivery of db.deliveries.values()) {
        if (delivery.status !== "pending" || delivery.nextAttemptAt === undefined) continue
        const lease = held.get(delivery.id)
        const due = Math.max(
          DateTime.toEpochMillis(delivery.nextAttemptAt),
          lease !== undefined && lease.untilMillis > now ? lease.untilMillis : 0
        )
        if (earliest === undefined || due < earliest) earliest = due
      }
      return earliest === undefined ? Option.none() : Option.some(DateTime.unsafeMake(earliest))
    })),

  record: ({ attempted, from, owner }) =>
    Effect.sync(() => {
      const held = leases(db)
      if (held.get(from.id)?.owner !== owner || !stillAsRead(db, from)) return false
      db.attempts.set(from.id, [...(db.attempts.get(from.id) ?? []), attempted.attempt])
      db.deliveries.set(from.id, attempted.delivery)
      held.delete(from.id)
      return true
    }),

  release: (accountId, deliveryId, owner) =>
    Effect.sync(() => {
      const held = leases(db)
      if (owned(db, accountId, deliveryId) !== undefined && held.get(deliveryId)?.owner === owner) held.delete(deliveryId)
    }),

  list: (accountId, page) =>
    Effect.sync(() => {
      const after = page.after
      return [...db.deliveries.values()]
        .filter((d) =>
          d.accountId === accountId && (page.status === undefined || d.status === page.status) &&
          (after === undefined || isAfter(position(d), after))
        )
        .sort((a, b) => (isAfter(position(a), position(b)) ? 1 : isAfter(position(b), position(a)) ? -1 : 0))
        .slice(0, page.limit)
        .map((d) => history(db, d))
    }),

  get: (accountId, deliveryId) =>
    Effect.sync(() => Option.map(Option.fromNullable(owned(db, accountId, deliveryId)), (d) => history(db, d))),

  reopen: (from, to) =>
    Effect.sync(() => {
      if (!stillAsRead(db, from)) return false
      db.deliveries.set(from.id, to)
      leases(db).delete(from.id)
      return true
    })
})

export const layer = Layer.effect(WebhookOutbox, Effect.map(MemoryDatabase, make))
