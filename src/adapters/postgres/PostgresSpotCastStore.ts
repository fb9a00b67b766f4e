import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import { stagePercentage } from "../../domain/forecast/Progress.js"
import { AccountId, ForecastId } from "../../domain/Ids.js"
import { SpotCastStore, type SpotCastStoreShape } from "../../ports/SpotCastStore.js"
import { SecretSealer } from "../../ports/SecretSealer.js"
import { spanned } from "../../ports/Spans.js"
import { openSecrets } from "./AccountRows.js"
import { Timestamp } from "./Columns.js"
import { makeChargedCreates } from "./ChargedCreates.js"
import { makeForecastSteps, type Move, type StageMove } from "./ForecastSteps.js"
import { makeNewForecasts } from "./NewForecasts.js"
import { makeBatchedWrites } from "./BatchedWrites.js"
import { makeCoalescedReads } from "./CoalescedReads.js"
import { makeSpotCastReads, notHidden } from "./SpotCastReads.js"

const COMPLETION_SAMPLES = 100

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const sealer = yield* Effect.serviceOption(SecretSealer)
  const steps = makeForecastSteps(sql)
  // The worker's read decodes its account as `SELECT * FROM accounts` rows are, sealed secrets opened.
  // Identical reads at the same time share a statement (CoalescedReads), on fibers of this runtime.
  const runtime = yield* Effect.runtime<never>()
  const reads = makeSpotCastReads(sql, openSecrets(sealer), makeCoalescedReads(runtime))
  // The worker's reads of its work with their first stage, and its progress moves: those asked while one
  // is on its way share the next statement (BatchedWrites); three a forecast, and its finish below.
  const batched = makeBatchedWrites(runtime)
  const workStarted = batched(
    (asked: ReadonlyArray<Move>) => Effect.orDie(reads.workMany(asked)),
    ({ forecastId, percentage, stage }) => Effect.orDie(reads.work(forecastId, { stage, percentage }))
  )
  const advance = batched(
    (moves: ReadonlyArray<StageMove>) => Effect.orDie(steps.advanceMany(moves)),
    ({ forecastId, stage }) => Effect.orDie(steps.advance(forecastId, stage))
  )
  // The finished forecasts, written in one statement when many finish at once; the finish path's
  // transactions (a webhook, a route's analysis, a failure's refund) write theirs alone on their connection.
  const saveFinished = batched(
    (forecasts: ReadonlyArray<Forecast>) => Effect.orDie(steps.saveFinishedMany(forecasts)),
    (forecast: Forecast) => Effect.orDie(steps.saveFinished(forecast))
  )
  // The spans of the reads on every GET, made only when tracing (see Spans).
  const getSpan = spanned("SpotCastStore.get")
  const listSpan = spanned("SpotCastStore.list")
  // And those of every create.
  const insertSpan = spanned("SpotCastStore.insertCharged")
  const completionsSpan = spanned("SpotCastStore.recentCompletionSeconds")
  // The worker's calls, four a forecast (all batched, above and below).
  const workSpan = spanned("SpotCastStore.work")
  const advanceSpan = spanned("SpotCastStore.advance")
  const saveFinishedSpan = spanned("SpotCastStore.saveFinished")

  const { bumpSpotCast, enqueue, statusOf } = makeNewForecasts(sql)
  // A create's rows with its charge: one statement, and creates asked together share one (ChargedCreates).
  const insertCharged = makeChargedCreates(sql, batched)
  // Locking the SpotCast row serializes refreshes of one SpotCast: only one sees its newest forecast
  // finished. The newest forecast is read by a second statement, after the lock: a join locked in the same
  // statement would be rechecked against the old forecast row when a concurrent refresh moved it on.
  const lockSpotCast = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, spotcastId: Schema.String }),
    Result: Schema.Struct({ latest_forecast_id: ForecastId }),
    execute: ({ accountId, spotcastId }) =>
      sql`SELECT latest_forecast_id FROM spotcasts
          WHERE account_id = ${accountId} AND spotcast_id = ${spotcastId} AND ${sql.unsafe(notHidden())}
          FOR UPDATE`
  })
  const recentCompletions = SqlSchema.findAll({
    Request: Schema.Struct({ count: Schema.Int }),
    Result: Schema.Struct({ created_at: Timestamp, completed_at: Timestamp }),
    execute: ({ count }) =>
      sql`SELECT created_at, completed_at FROM forecasts
          WHERE completion_seq IS NOT NULL ORDER BY completion_seq DESC LIMIT ${count}`
  })

  const store: SpotCastStoreShape = {
    insertCharged: (spotcast, forecast, charge, settles) =>
      insertCharged({ spotcast, forecast, charge }, settles).pipe(insertSpan),

    lockLatest: (accountId, spotcastId) =>
      Effect.gen(function*() {
        const current = yield* lockSpotCast({ accountId, spotcastId })
        if (Option.isNone(current)) return Option.none()
        const id = current.value.latest_forecast_id
        const { status } = yield* statusOf({ accountId, forecastId: id })
        return Option.some({ id, status })
      }).pipe(Effect.orDie, Effect.withSpan("SpotCastStore.lockLatest")),

    addForecast: (forecast) =>
      Effect.zipRight(
        enqueue(forecast),
        bumpSpotCast({ accountId: forecast.accountId, spotcastId: forecast.spotcastId, latest: forecast.id })
      ).pipe(Effect.orDie, Effect.withSpan("SpotCastStore.addForecast")),

    get: (accountId, spotcastId) => reads.get(accountId, spotcastId).pipe(Effect.orDie, getSpan),
    getForecast: (accountId, spotcastId, forecastId) =>
      reads.getForecast(accountId, spotcastId, forecastId).pipe(Effect.orDie, Effect.withSpan("SpotCastStore.getForecast")),
    list: (accountId, page) => reads.list(accountId, page).pipe(Effect.orDie, listSpan),
    listForecasts: (accountId, spotcastId, page) =>
      reads.listForecasts(accountId, spotcastId, page).pipe(Effect.orDie, Effect.withSpan("SpotCastStore.listForecasts")),

    work: (forecastId, start) =>
      (start === undefined
        ? Effect.orDie(reads.work(forecastId))
        : workStarted({ forecastId, stage: start, percentage: stagePercentage[start] })).pipe(workSpan),

    // Batched across forecasts (above); the finish path runs its statements in the core's transaction
    // when it writes more.
    advance: (forecastId, stage) => advance({ forecastId, stage }).pipe(advanceSpan),

    lockForecast: (forecastId) => steps.lock(forecastId).pipe(Effect.orDie, Effect.withSpan("SpotCastStore.lockForecast")),

    saveFinished: (forecast) => saveFinished(forecast).pipe(saveFinishedSpan),

    recentCompletionSeconds: (count) =>
      recentCompletions({ count: Math.max(0, Math.min(count, COMPLETION_SAMPLES)) }).pipe(
        Effect.map((rows) =>
          rows.map((r) => (DateTime.toEpochMillis(r.completed_at) - DateTime.toEpochMillis(r.created_at)) / 1000)
        ),
        Effect.orDie,
        completionsSpan
      )
  }
  return SpotCastStore.of(store)
})

export const layer = Layer.effect(SpotCastStore, make)
