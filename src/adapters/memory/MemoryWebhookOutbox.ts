import { Clock, DateTime, Duration, Effect, Either, Layer, Option } from "effect"
import type { AccountId, DeliveryId } from "../../domain/Ids.js"
import { isAfter } from "../../domain/paging/Page.js"
import { recordAttempt } from "../../domain/webhook/WebhookAttempt.js"
import type { WebhookDelivery } from "../../domain/webhook/WebhookDelivery.js"
import { type DeliveryNotFailed, DeliveryNotFound, redeliver } from "../../domain/webhook/WebhookRedelivery.js"
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
        return Option.some(due)
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

  record: ({ accountId, deliveryId, owner, ...attempt }) =>
    Effect.sync(() => {
      const held = leases(db)
      const delivery = owned(db, accountId, deliveryId)
      if (delivery === undefined || held.get(deliveryId)?.owner !== owner) return false
      const log = db.attempts.get(deliveryId) ?? []
      const attempted = recordAttempt(delivery, log.length, attempt)
      if (Option.isNone(attempted)) return false
      db.attempts.set(deliveryId, [...log, attempted.value.attempt])
      db.deliveries.set(deliveryId, attempted.value.delivery)
      held.delete(deliveryId)
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

  redeliver: (accountId, deliveryId, at) =>
    Effect.suspend((): Effect.Effect<WebhookDelivery, DeliveryNotFound | DeliveryNotFailed> => {
      const delivery = owned(db, accountId, deliveryId)
      if (delivery === undefined) return Effect.fail(new DeliveryNotFound({ deliveryId }))
      const again = redeliver(delivery, at)
      if (Either.isLeft(again)) return Effect.fail(again.left)
      db.deliveries.set(delivery.id, again.right)
      leases(db).delete(delivery.id)
      return Effect.succeed(again.right)
    })
})

export const layer = Layer.effect(WebhookOutbox, Effect.map(MemoryDatabase, make))
