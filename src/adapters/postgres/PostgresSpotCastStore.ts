import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { type Forecast, ForecastInProgress } from "../../domain/forecast/Forecast.js"
import { LifecycleEvent } from "../../domain/forecast/ForecastLifecycle.js"
import { ForecastStatus, isTerminal } from "../../domain/forecast/ForecastStatus.js"
import { AccountId, ForecastId, SpotCastId } from "../../domain/Ids.js"
import { SpotCastNotFound } from "../../domain/spotcast/SpotCast.js"
import { SpotCastStore, type SpotCastStoreShape } from "../../ports/SpotCastStore.js"
import { AccountFromRow } from "./AccountRows.js"
import { makeChargeSteps } from "./ChargeSteps.js"
import { makeForecastSteps } from "./ForecastSteps.js"
import { JobFromRow } from "./QueueRows.js"
import { makeSpotCastReads } from "./SpotCastReads.js"
import { ForecastFromRow, SpotCastFromRow } from "./SpotCastRows.js"

const COMPLETION_SAMPLES = 100

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const { charge, charging, recordCharge } = makeChargeSteps(sql)
  const steps = makeForecastSteps(sql)
  const reads = makeSpotCastReads(sql)

  const insertSpotCast = SqlSchema.void({
    Request: Schema.Struct({ spotcast: SpotCastFromRow, latest: ForecastId }),
    execute: ({ latest, spotcast }) =>
      sql`INSERT INTO spotcasts ${sql.insert({ ...spotcast, forecast_count: 1, latest_forecast_id: latest })}`
  })
  const insertForecast = SqlSchema.void({
    Request: ForecastFromRow,
    execute: (row) => sql`INSERT INTO forecasts ${sql.insert(row)}`
  })
  const insertJob = SqlSchema.void({ Request: JobFromRow, execute: (row) => sql`INSERT INTO jobs ${sql.insert(row)}` })
  // Locking the SpotCast row serializes refreshes of one SpotCast: only one sees its newest forecast
  // finished. The newest forecast is read by a second statement, after the lock: a join locked in the same
  // statement would be rechecked against the old forecast row when a concurrent refresh moved it on.
  const lockSpotCast = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, spotcastId: Schema.String }),
    Result: Schema.Struct({ latest_forecast_id: ForecastId }),
    execute: ({ accountId, spotcastId }) =>
      sql`SELECT latest_forecast_id FROM spotcasts
          WHERE account_id = ${accountId} AND spotcast_id = ${spotcastId}
          FOR UPDATE`
  })
  const statusOf = SqlSchema.single({
    Request: Schema.Struct({ accountId: AccountId, forecastId: ForecastId }),
    Result: Schema.Struct({ status: ForecastStatus }),
    execute: ({ accountId, forecastId }) =>
      sql`SELECT status FROM forecasts WHERE account_id = ${accountId} AND forecast_id = ${forecastId}`
  })
  const bumpSpotCast = SqlSchema.void({
    Request: Schema.Struct({ accountId: AccountId, spotcastId: SpotCastId, latest: ForecastId }),
    execute: ({ accountId, latest, spotcastId }) =>
      sql`UPDATE spotcasts SET forecast_count = forecast_count + 1, latest_forecast_id = ${latest}
          WHERE account_id = ${accountId} AND spotcast_id = ${spotcastId}`
  })
  const findAccount = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId }),
    Result: AccountFromRow,
    execute: ({ accountId }) => sql`SELECT * FROM accounts WHERE account_id = ${accountId}`
  })
  const recentCompletions = SqlSchema.findAll({
    Request: Schema.Struct({ count: Schema.Int }),
    Result: Schema.Struct({ created_at: Schema.DateTimeUtcFromDate, completed_at: Schema.DateTimeUtcFromDate }),
    execute: ({ count }) =>
      sql`SELECT created_at, completed_at FROM forecasts
          WHERE completion_seq IS NOT NULL ORDER BY completion_seq DESC LIMIT ${count}`
  })

  /** The forecast with its first job, as create and refresh enqueue it. */
  const enqueue = (forecast: Forecast) =>
    Effect.zipRight(
      insertForecast(forecast),
      insertJob({ forecastId: forecast.id, accountId: forecast.accountId, attempts: 0, availableAt: forecast.createdAt })
    )

  const store: SpotCastStoreShape = {
    create: ({ chargeId, estimatedCompletionSeconds, forecast, idempotency, price, spotcast }) =>
      charging(
        spotcast.accountId,
        idempotency,
        {
          kind: "create",
          spotcastId: spotcast.id,
          forecastId: forecast.id,
          createdAt: forecast.createdAt,
          creditsCharged: price,
          estimatedCompletionSeconds
        },
        Effect.gen(function*() {
          const balance = yield* charge(spotcast.accountId, price)
          yield* insertSpotCast({ spotcast, latest: forecast.id })
          yield* enqueue(forecast)
          yield* recordCharge(spotcast.accountId, chargeId, forecast.id, price, forecast.createdAt)
          return balance
        })
      ).pipe(Effect.catchTags({ SqlError: Effect.die, ParseError: Effect.die }), Effect.withSpan("SpotCastStore.create")),

    refresh: ({ accountId, chargeId, estimatedCompletionSeconds, forecast, idempotency, price, spotcastId }) =>
      charging(
        accountId,
        idempotency,
        {
          kind: "refresh",
          spotcastId,
          forecastId: forecast.id,
          createdAt: forecast.createdAt,
          creditsCharged: price,
          estimatedCompletionSeconds
        },
        Effect.gen(function*() {
          const current = yield* lockSpotCast({ accountId, spotcastId })
          if (Option.isNone(current)) return yield* new SpotCastNotFound({ spotcastId })
          const latest = current.value.latest_forecast_id
          if (!isTerminal((yield* statusOf({ accountId, forecastId: latest })).status)) {
            return yield* new ForecastInProgress({ spotcastId, forecastId: latest })
          }
          const balance = yield* charge(accountId, price)
          yield* enqueue(forecast)
          yield* bumpSpotCast({ accountId, spotcastId, latest: forecast.id })
          yield* recordCharge(accountId, chargeId, forecast.id, price, forecast.createdAt)
          return balance
        })
      ).pipe(
        Effect.catchTags({ SqlError: Effect.die, ParseError: Effect.die, NoSuchElementException: Effect.die }),
        Effect.withSpan("SpotCastStore.refresh")
      ),

    get: (accountId, spotcastId) => reads.get(accountId, spotcastId).pipe(Effect.orDie, Effect.withSpan("SpotCastStore.get")),
    getForecast: (accountId, spotcastId, forecastId) =>
      reads.getForecast(accountId, spotcastId, forecastId).pipe(Effect.orDie, Effect.withSpan("SpotCastStore.getForecast")),
    list: (accountId, page) => reads.list(accountId, page).pipe(Effect.orDie, Effect.withSpan("SpotCastStore.list")),
    listForecasts: (accountId, spotcastId, page) =>
      reads.listForecasts(accountId, spotcastId, page).pipe(Effect.orDie, Effect.withSpan("SpotCastStore.listForecasts")),

    work: (forecastId) =>
      Effect.gen(function*() {
        const forecast = yield* reads.forecastById(forecastId)
        if (Option.isNone(forecast)) return Option.none()
        const view = yield* reads.get(forecast.value.accountId, forecast.value.spotcastId)
        const account = yield* findAccount({ accountId: forecast.value.accountId })
        if (Option.isNone(view) || Option.isNone(account)) return Option.none()
        return Option.some({ account: account.value, spotcast: view.value.spotcast, forecast: forecast.value })
      }).pipe(Effect.orDie, Effect.withSpan("SpotCastStore.work")),

    advance: (forecastId, stage) =>
      sql.withTransaction(Effect.gen(function*() {
        const moved = yield* steps.step(forecastId, LifecycleEvent.Advance({ stage }))
        if (Option.isNone(moved)) return false
        if (moved.value.after.progress.stage !== moved.value.before.progress.stage) yield* steps.save(moved.value.after)
        return true
      })).pipe(Effect.orDie, Effect.withSpan("SpotCastStore.advance")),

    complete: ({ analysis, at, delivery, forecastId }) =>
      sql.withTransaction(Effect.gen(function*() {
        const moved = yield* steps.step(forecastId, LifecycleEvent.Complete())
        if (Option.isNone(moved)) return false
        const finished = moved.value.after
        yield* steps.save({ ...finished, completedAt: at, analysis }, true)
        yield* steps.deleteJob({ accountId: finished.accountId, forecastId: finished.id })
        if (delivery !== undefined) yield* steps.insertDelivery(delivery)
        return true
      })).pipe(Effect.orDie, Effect.withSpan("SpotCastStore.complete")),

    fail: ({ at, delivery, error, forecastId, refundId }) =>
      sql.withTransaction(Effect.gen(function*() {
        const moved = yield* steps.step(forecastId, LifecycleEvent.Fail({ error }))
        if (Option.isNone(moved)) return false
        const finished = moved.value.after
        yield* steps.save({ ...finished, failedAt: at, error })
        yield* steps.deleteJob({ accountId: finished.accountId, forecastId: finished.id })
        if (delivery !== undefined) yield* steps.insertDelivery(delivery)
        yield* steps.refundCharge({ accountId: finished.accountId, forecastId: finished.id, refundId, at })
        return true
      })).pipe(Effect.orDie, Effect.withSpan("SpotCastStore.fail")),

    recentCompletionSeconds: (count) =>
      recentCompletions({ count: Math.max(0, Math.min(count, COMPLETION_SAMPLES)) }).pipe(
        Effect.map((rows) =>
          rows.map((r) => (DateTime.toEpochMillis(r.completed_at) - DateTime.toEpochMillis(r.created_at)) / 1000)
        ),
        Effect.orDie,
        Effect.withSpan("SpotCastStore.recentCompletionSeconds")
      )
  }
  return SpotCastStore.of(store)
})

export const layer = Layer.effect(SpotCastStore, make)
