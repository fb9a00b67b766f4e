import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Clock, DateTime, Duration, Effect, Layer, Option, Schema } from "effect"
import { AccountId, DeliveryId } from "../../domain/Ids.js"
import { DeliveryStatus, type WebhookDelivery } from "../../domain/webhook/WebhookDelivery.js"
import type { AttemptRecord, DeliveryHistory, DeliveryPageRequest } from "../../ports/WebhookOutbox.js"
import { WebhookOutbox, type WebhookOutboxShape } from "../../ports/WebhookOutbox.js"
import { Timestamp } from "./Columns.js"
import { AttemptFromRow, DeliveryFromRow, RecordedDeliveryFromRow } from "./DeliveryRows.js"

const COLUMNS = "d.account_id, d.id, d.spotcast_id, d.forecast_id, d.event, d.url, d.body, d.status, d.attempts, " +
  "d.next_attempt_at, d.created_at, d.delivered_at"

const Key = Schema.Struct({ accountId: AccountId, id: Schema.String })

const encodeDelivery = Schema.encode(DeliveryFromRow)
const encodeAttempt = Schema.encode(AttemptFromRow)

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const insertDelivery = SqlSchema.void({
    Request: DeliveryFromRow,
    execute: (row) => sql`INSERT INTO webhook_deliveries ${sql.insert(row)}`
  })
  // SKIP LOCKED: dispatchers racing for the head of the outbox each take a different delivery. The
  // count of its history comes back with it: the core numbers the attempt it records from it.
  const claimNext = SqlSchema.findOne({
    Request: Schema.Struct({ owner: Schema.String, now: Timestamp, until: Timestamp }),
    Result: RecordedDeliveryFromRow,
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
          RETURNING ${sql.unsafe(COLUMNS)},
            (SELECT count(*) FROM webhook_attempts a WHERE a.account_id = d.account_id AND a.delivery_id = d.id)::int AS recorded`
  })
  const earliestDue = SqlSchema.single({
    Request: Schema.Struct({ now: Timestamp }),
    Result: Schema.Struct({ due: Schema.NullOr(Timestamp) }),
    execute: ({ now }) =>
      sql`SELECT min(CASE WHEN lease_until > ${now} THEN GREATEST(next_attempt_at, lease_until) ELSE next_attempt_at END) AS due
          FROM webhook_deliveries WHERE status = 'pending'`
  })
  // The delivery the core made, written over the one the holder claimed only while the holder still
  // holds it and it is still as claimed (compare-and-set), with the attempt's entry appended in the same
  // statement: of two recorders of one claim, the update's row lock makes the second wait, then find
  // nothing to change and append nothing.
  const recordAttempted = ({ attempted: { attempt, delivery: to }, from, owner }: AttemptRecord) =>
    Effect.flatMap(
      Effect.all([encodeDelivery(to), encodeAttempt(attempt)]),
      ([r, a]) =>
        sql<{ delivery_id: string }>`WITH saved AS (
            UPDATE webhook_deliveries
            SET status = ${r.status}, attempts = ${r.attempts}, next_attempt_at = ${r.next_attempt_at},
                delivered_at = ${r.delivered_at}, lease_owner = NULL, lease_until = NULL
            WHERE account_id = ${from.accountId} AND id = ${from.id} AND lease_owner = ${owner}
              AND status = ${from.status} AND attempts = ${from.attempts}
            RETURNING account_id, id
          )
          INSERT INTO webhook_attempts (account_id, delivery_id, number, at, duration_ms, status_code, error)
          SELECT account_id, id, ${a.number}, ${a.at}, ${a.duration_ms}, ${a.status_code}, ${a.error} FROM saved
          RETURNING delivery_id`
    )
  // The redelivered delivery the core made, written only while the stored one is still as it was read.
  const reopenRow = (from: WebhookDelivery, to: WebhookDelivery) =>
    Effect.flatMap(encodeDelivery(to), (r) =>
      sql<{ id: string }>`UPDATE webhook_deliveries
          SET status = ${r.status}, attempts = ${r.attempts}, next_attempt_at = ${r.next_attempt_at},
              delivered_at = ${r.delivered_at}, lease_owner = NULL, lease_until = NULL
          WHERE account_id = ${from.accountId} AND id = ${from.id} AND status = ${from.status} AND attempts = ${from.attempts}
          RETURNING id`)
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

    record: (record) =>
      recordAttempted(record).pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie,
        Effect.withSpan("WebhookOutbox.record")
      ),

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

    reopen: (from, to) =>
      reopenRow(from, to).pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie,
        Effect.withSpan("WebhookOutbox.reopen")
      )
  } satisfies WebhookOutboxShape)
})

export const layer = Layer.effect(WebhookOutbox, make)
