import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Clock, DateTime, Duration, Effect, Either, Layer, Option, Schema } from "effect"
import { AccountId, DeliveryId } from "../../domain/Ids.js"
import { recordAttempt } from "../../domain/webhook/WebhookAttempt.js"
import { DeliveryStatus, type WebhookDelivery } from "../../domain/webhook/WebhookDelivery.js"
import { DeliveryNotFound, redeliver } from "../../domain/webhook/WebhookRedelivery.js"
import type { DeliveryHistory, DeliveryPageRequest } from "../../ports/WebhookOutbox.js"
import { WebhookOutbox, type WebhookOutboxShape } from "../../ports/WebhookOutbox.js"
import { Timestamp } from "./Columns.js"
import { AttemptFromRow, DeliveryFromRow, RecordedDeliveryFromRow } from "./DeliveryRows.js"

const COLUMNS = "d.account_id, d.id, d.spotcast_id, d.forecast_id, d.event, d.url, d.body, d.status, d.attempts, " +
  "d.next_attempt_at, d.created_at, d.delivered_at"

const Key = Schema.Struct({ accountId: AccountId, id: Schema.String })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  // SKIP LOCKED: dispatchers racing for the head of the outbox each take a different delivery.
  const insertDelivery = SqlSchema.void({
    Request: DeliveryFromRow,
    execute: (row) => sql`INSERT INTO webhook_deliveries ${sql.insert(row)}`
  })
  const claimNext = SqlSchema.findOne({
    Request: Schema.Struct({ owner: Schema.String, now: Timestamp, until: Timestamp }),
    Result: DeliveryFromRow,
    execute: ({ now, owner, until }) =>
      sql`UPDATE webhook_deliveries d SET lease_owner = ${owner}, lease_until = ${until}
          FROM (
            SELECT account_id, id FROM webhook_deliveries
            WHERE status = 'pending' AND next_attempt_at <= ${now} AND (lease_until IS NULL OR lease_until <= ${now})
            ORDER BY next_attempt_at, id
            LIMIT 1
            FOR UPDATE SKIP LOCKED
          ) due
          WHERE d.account_id = due.account_id AND d.id = due.id
          RETURNING ${sql.unsafe(COLUMNS)}`
  })
  const earliestDue = SqlSchema.single({
    Request: Schema.Struct({ now: Timestamp }),
    Result: Schema.Struct({ due: Schema.NullOr(Timestamp) }),
    execute: ({ now }) =>
      sql`SELECT min(CASE WHEN lease_until > ${now} THEN GREATEST(next_attempt_at, lease_until) ELSE next_attempt_at END) AS due
          FROM webhook_deliveries WHERE status = 'pending'`
  })
  // The row lock keeps the attempt's number and the delivery's new state to this one recorder.
  const lockHeld = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, id: DeliveryId, owner: Schema.String }),
    Result: RecordedDeliveryFromRow,
    execute: ({ accountId, id, owner }) =>
      sql`SELECT ${sql.unsafe(COLUMNS)},
            (SELECT count(*) FROM webhook_attempts a WHERE a.account_id = d.account_id AND a.delivery_id = d.id)::int AS recorded
          FROM webhook_deliveries d
          WHERE d.account_id = ${accountId} AND d.id = ${id} AND d.lease_owner = ${owner}
          FOR UPDATE`
  })
  /** Writes the state the domain gave the delivery and frees its lease. */
  const saveState = SqlSchema.void({
    Request: DeliveryFromRow,
    execute: (r) =>
      sql`UPDATE webhook_deliveries
          SET status = ${r.status}, attempts = ${r.attempts}, next_attempt_at = ${r.next_attempt_at},
              delivered_at = ${r.delivered_at}, lease_owner = NULL, lease_until = NULL
          WHERE account_id = ${r.account_id} AND id = ${r.id}`
  })
  const appendAttempt = SqlSchema.void({
    Request: Schema.Struct({ accountId: AccountId, attempt: AttemptFromRow }),
    execute: ({ accountId, attempt }) =>
      sql`INSERT INTO webhook_attempts ${sql.insert({ account_id: accountId, ...attempt })}`
  })
  const releaseLease = SqlSchema.void({
    Request: Schema.Struct({ accountId: AccountId, id: DeliveryId, owner: Schema.String }),
    execute: (r) =>
      sql`UPDATE webhook_deliveries SET lease_owner = NULL, lease_until = NULL
          WHERE account_id = ${r.accountId} AND id = ${r.id} AND lease_owner = ${r.owner}`
  })
  const pageOfDeliveries = SqlSchema.findAll({
    Request: Schema.Struct({
      accountId: AccountId,
      limit: Schema.Int,
      status: Schema.NullOr(DeliveryStatus),
      after: Schema.NullOr(Schema.Struct({ createdAt: Timestamp, id: Schema.String }))
    }),
    Result: DeliveryFromRow,
    execute: ({ accountId, after, limit, status }) =>
      sql`SELECT ${sql.unsafe(COLUMNS)} FROM webhook_deliveries d
          WHERE d.account_id = ${accountId}
            ${status === null ? sql`` : sql`AND d.status = ${status}`}
            ${after === null ? sql`` : sql`AND (d.created_at, d.id) < (${after.createdAt}, ${after.id})`}
          ORDER BY d.created_at DESC, d.id DESC
          LIMIT ${limit}`
  })
  const findDelivery = SqlSchema.findOne({
    Request: Key,
    Result: DeliveryFromRow,
    execute: ({ accountId, id }) => sql`SELECT ${sql.unsafe(COLUMNS)} FROM webhook_deliveries d WHERE d.account_id = ${accountId} AND d.id = ${id}`
  })
  const lockDelivery = SqlSchema.findOne({
    Request: Key,
    Result: DeliveryFromRow,
    execute: ({ accountId, id }) =>
      sql`SELECT ${sql.unsafe(COLUMNS)} FROM webhook_deliveries d WHERE d.account_id = ${accountId} AND d.id = ${id} FOR UPDATE`
  })
  const attemptsOf = SqlSchema.findAll({
    Request: Schema.Struct({ accountId: AccountId, ids: Schema.NonEmptyArray(Schema.String) }),
    Result: AttemptFromRow,
    execute: ({ accountId, ids }) =>
      sql`SELECT delivery_id, number, at, duration_ms, status_code, error FROM webhook_attempts
          WHERE account_id = ${accountId} AND delivery_id IN ${sql.in(ids)}
          ORDER BY delivery_id, number`
  })

  const histories = (accountId: AccountId, deliveries: ReadonlyArray<WebhookDelivery>) =>
    Effect.gen(function*() {
      const [first, ...rest] = deliveries.map((d) => d.id as string)
      if (first === undefined) return []
      const attempts = yield* attemptsOf({ accountId, ids: [first, ...rest] })
      return deliveries.map((delivery): DeliveryHistory => ({
        delivery,
        attempts: attempts.filter((a) => a.deliveryId === delivery.id)
      }))
    })

  const now = Effect.map(Clock.currentTimeMillis, DateTime.unsafeMake)

  return WebhookOutbox.of({
    add: (delivery) => insertDelivery(delivery).pipe(Effect.orDie, Effect.withSpan("WebhookOutbox.add")),

    claim: (owner, lease) =>
      Effect.flatMap(Clock.currentTimeMillis, (millis) =>
        claimNext({
          owner,
          now: DateTime.unsafeMake(millis),
          until: DateTime.unsafeMake(millis + Duration.toMillis(lease))
        })).pipe(Effect.orDie, Effect.withSpan("WebhookOutbox.claim")),

    nextDueAt: Effect.flatMap(now, (now) => earliestDue({ now })).pipe(
      Effect.map(({ due }) => Option.fromNullable(due)),
      Effect.orDie,
      Effect.withSpan("WebhookOutbox.nextDueAt")
    ),

    record: ({ accountId, deliveryId, owner, ...attempt }) =>
      Effect.gen(function*() {
        const held = yield* lockHeld({ accountId, id: deliveryId, owner })
        if (Option.isNone(held)) return false
        const attempted = recordAttempt(held.value.delivery, held.value.recorded, attempt)
        if (Option.isNone(attempted)) return false
        yield* saveState(attempted.value.delivery)
        yield* appendAttempt({ accountId, attempt: attempted.value.attempt })
        return true
      }).pipe(sql.withTransaction, Effect.orDie, Effect.withSpan("WebhookOutbox.record")),

    release: (accountId, deliveryId, owner) =>
      releaseLease({ accountId, id: deliveryId, owner }).pipe(Effect.orDie, Effect.withSpan("WebhookOutbox.release")),

    list: (accountId, page: DeliveryPageRequest) =>
      pageOfDeliveries({
        accountId,
        limit: page.limit,
        status: page.status ?? null,
        after: page.after === undefined ? null : { createdAt: DateTime.unsafeMake(page.after.createdAtMillis), id: page.after.id }
      }).pipe(
        Effect.flatMap((deliveries) => histories(accountId, deliveries)),
        Effect.orDie,
        Effect.withSpan("WebhookOutbox.list")
      ),

    get: (accountId, deliveryId) =>
      findDelivery({ accountId, id: deliveryId }).pipe(
        Effect.flatMap(Option.match({
          onNone: () => Effect.succeed(Option.none<DeliveryHistory>()),
          onSome: (d) => Effect.map(histories(accountId, [d]), (h) => Option.fromNullable(h[0]))
        })),
        Effect.orDie,
        Effect.withSpan("WebhookOutbox.get")
      ),

    redeliver: (accountId, deliveryId, at) =>
      Effect.gen(function*() {
        const found = yield* lockDelivery({ accountId, id: deliveryId }).pipe(Effect.orDie)
        if (Option.isNone(found)) return yield* new DeliveryNotFound({ deliveryId })
        const again = redeliver(found.value, at)
        if (Either.isLeft(again)) return yield* again.left
        yield* saveState(again.right).pipe(Effect.orDie)
        return again.right
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die), Effect.withSpan("WebhookOutbox.redeliver"))
  } satisfies WebhookOutboxShape)
})

export const layer = Layer.effect(WebhookOutbox, make)
