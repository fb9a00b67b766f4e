import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Clock, DateTime, Duration, Effect, Layer, Option, Schema } from "effect"
import { ForecastId } from "../../domain/Ids.js"
import { JobQueue, type JobQueueShape } from "../../ports/JobQueue.js"
import { spanned } from "../../ports/Spans.js"
import { Credits, Timestamp } from "./Columns.js"
import { JobFromRow } from "./JobRows.js"

const leaseEnd = (lease: Duration.Duration) =>
  Effect.map(Clock.currentTimeMillis, (now) => ({
    now: DateTime.unsafeMake(now),
    until: DateTime.unsafeMake(now + Duration.toMillis(lease))
  }))

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  // SKIP LOCKED: claimers racing for the head of the queue each take different jobs instead of waiting.
  // Up to `max` at once, handed back oldest first (RETURNING alone does not keep the subquery's order),
  // each saying whether its forecast is a route's (the worker then reads only the store that holds it).
  const claimNext = SqlSchema.findAll({
    Request: Schema.Struct({ owner: Schema.String, now: Timestamp, until: Timestamp, max: Schema.Int }),
    Result: JobFromRow,
    execute: ({ max, now, owner, until }) =>
      sql`WITH claimed AS (
          UPDATE jobs j SET attempts = j.attempts + 1, lease_owner = ${owner}, lease_until = ${until}
          FROM (
            SELECT account_id, forecast_id FROM jobs
            WHERE available_at <= ${now} AND (lease_until IS NULL OR lease_until <= ${now})
            ORDER BY available_at, enqueued_seq
            LIMIT ${max}
            FOR UPDATE SKIP LOCKED
          ) next
          WHERE j.account_id = next.account_id AND j.forecast_id = next.forecast_id
          RETURNING j.account_id, j.forecast_id, j.attempts, j.available_at, j.lease_owner, j.lease_until, j.enqueued_seq
          )
          SELECT c.account_id, c.forecast_id, c.attempts, c.available_at, c.lease_owner, c.lease_until,
            s.route_id IS NOT NULL AS of_route
          FROM claimed c
          LEFT JOIN forecasts f ON f.forecast_id = c.forecast_id
          LEFT JOIN spotcasts s ON s.account_id = f.account_id AND s.spotcast_id = f.spotcast_id
          ORDER BY c.available_at, c.enqueued_seq`
  })
  const extendLease = SqlSchema.findOne({
    Request: Schema.Struct({ forecastId: ForecastId, owner: Schema.String, now: Timestamp, until: Timestamp }),
    Result: Schema.Struct({ forecast_id: ForecastId }),
    execute: ({ forecastId, now, owner, until }) =>
      sql`UPDATE jobs SET lease_until = ${until}
          WHERE forecast_id = ${forecastId} AND lease_owner = ${owner} AND lease_until > ${now}
          RETURNING forecast_id`
  })
  // One statement for every job the owner renews; ids it no longer holds are left out of the answer.
  const extendLeases = SqlSchema.findAll({
    Request: Schema.Struct({ forecastIds: Schema.Array(ForecastId), owner: Schema.String, now: Timestamp, until: Timestamp }),
    Result: Schema.Struct({ forecast_id: ForecastId }),
    execute: ({ forecastIds, now, owner, until }) =>
      sql`UPDATE jobs SET lease_until = ${until}
          WHERE lease_owner = ${owner} AND lease_until > ${now} AND forecast_id IN ${sql.in(forecastIds)}
          RETURNING forecast_id`
  })
  const releaseLease = SqlSchema.void({
    Request: Schema.Struct({ forecastId: ForecastId, owner: Schema.String }),
    execute: ({ forecastId, owner }) =>
      sql`UPDATE jobs SET lease_owner = NULL, lease_until = NULL, attempts = GREATEST(0, attempts - 1)
          WHERE forecast_id = ${forecastId} AND lease_owner = ${owner}`
  })
  const countJobs = SqlSchema.single({
    Request: Schema.Void,
    Result: Schema.Struct({ count: Credits }),
    execute: () => sql`SELECT count(*) AS count FROM jobs`
  })

  // The worker's claims and renewals, made only when tracing (see Spans).
  const claimManySpan = spanned("JobQueue.claimMany")
  const extendAllSpan = spanned("JobQueue.extendAll")

  return JobQueue.of({
    claim: (owner, lease) =>
      leaseEnd(lease).pipe(
        Effect.flatMap(({ now, until }) => claimNext({ owner, now, until, max: 1 })),
        Effect.map((jobs) => Option.fromNullable(jobs[0])),
        Effect.orDie,
        Effect.withSpan("JobQueue.claim")
      ),
    claimMany: (owner, lease, max) =>
      leaseEnd(lease).pipe(
        Effect.flatMap(({ now, until }) => claimNext({ owner, now, until, max: Math.max(0, Math.floor(max)) })),
        Effect.orDie,
        claimManySpan
      ),
    extend: (forecastId, owner, lease) =>
      leaseEnd(lease).pipe(
        Effect.flatMap(({ now, until }) => extendLease({ forecastId, owner, now, until })),
        Effect.map(Option.isSome),
        Effect.orDie,
        Effect.withSpan("JobQueue.extend")
      ),
    extendAll: (owner, forecastIds, lease) =>
      forecastIds.length === 0
        ? Effect.succeed([])
        : leaseEnd(lease).pipe(
          Effect.flatMap(({ now, until }) => extendLeases({ forecastIds: [...new Set(forecastIds)], owner, now, until })),
          Effect.map((rows) => rows.map((r) => r.forecast_id)),
          Effect.orDie,
          extendAllSpan
        ),
    release: (forecastId, owner) =>
      releaseLease({ forecastId, owner }).pipe(Effect.orDie, Effect.withSpan("JobQueue.release")),
    depth: countJobs(undefined).pipe(Effect.map((r) => r.count), Effect.orDie, Effect.withSpan("JobQueue.depth"))
  } satisfies JobQueueShape)
})

export const layer = Layer.effect(JobQueue, make)
