import { DateTime, Effect, Either, Layer, Option } from "effect"
import { applyEntry, emptyBalance, refundEntry } from "../../domain/billing/Ledger.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import { advanced, completed, failed } from "../../domain/forecast/ForecastLifecycle.js"
import type { AccountId, ForecastId, SpotCastId } from "../../domain/Ids.js"
import type { SpotCastView } from "../../domain/spotcast/SpotCast.js"
import type { WebhookDelivery } from "../../domain/webhook/WebhookDelivery.js"
import { SpotCastStore, type SpotCastStoreShape } from "../../ports/SpotCastStore.js"
import { insertSorted, newestFirst, positionAt } from "./KeysetOrder.js"
import { MemoryDatabase, type MemoryTables } from "./MemoryDatabase.js"
import { addForecast, forecastsPage } from "./MemoryForecasts.js"
import { changing, setRow, unindex } from "./MemoryTransactions.js"

const COMPLETION_SAMPLES = 100

const view = (db: MemoryTables, spotcastId: SpotCastId): SpotCastView | undefined => {
  const spotcast = db.spotcasts.get(spotcastId)
  const ids = db.forecastsOf.get(spotcastId)
  if (spotcast === undefined || ids === undefined || ids.length === 0) return undefined
  return { spotcast, forecastCount: ids.length, latest: db.forecasts.get(ids[ids.length - 1]!)! }
}

const ownedSpotCast = (db: MemoryTables, accountId: AccountId, spotcastId: string) => {
  const spotcast = db.spotcasts.get(spotcastId as SpotCastId)
  // A widget's or route's hidden SpotCast is not one of the account's SpotCasts.
  return spotcast !== undefined && spotcast.accountId === accountId && !db.widgetOfSpotCast.has(spotcast.id) &&
      !db.routeOfSpotCast.has(spotcast.id)
    ? spotcast
    : undefined
}

/** The forecast as the domain's `move` leaves it; undefined when it is missing or has finished. */
const step = (db: MemoryTables, forecastId: ForecastId, move: (forecast: Forecast) => Either.Either<Forecast, unknown>) => {
  const forecast = db.forecasts.get(forecastId)
  return forecast === undefined ? undefined : Either.getOrUndefined(move(forecast))
}

const finish = (db: MemoryTables, forecast: Forecast, delivery: WebhookDelivery | undefined) => {
  db.forecasts.set(forecast.id, forecast)
  db.jobs.delete(forecast.id)
  if (delivery !== undefined) {
    db.deliveries.set(delivery.id, delivery)
    db.attempts.set(delivery.id, [])
  }
}

export const make = (db: MemoryTables): SpotCastStoreShape => ({
  insert: (spotcast, forecast) =>
    changing((onUndo) => {
      setRow(db.spotcasts, spotcast.id, spotcast, onUndo)
      const owned = db.spotcastsOf.get(spotcast.accountId)
      if (owned !== undefined) {
        insertSorted(owned, spotcast.id, (id) => positionAt(db.spotcasts.get(id)!.createdAt, id))
        onUndo(() => unindex(owned, spotcast.id))
      }
      addForecast(db, forecast, onUndo)
    }),

  lockLatest: (accountId, spotcastId) =>
    Effect.sync(() => {
      const current = ownedSpotCast(db, accountId, spotcastId) && view(db, spotcastId as SpotCastId)
      return current ? Option.some({ id: current.latest.id, status: current.latest.status }) : Option.none()
    }),

  addForecast: (forecast) => changing((onUndo) => addForecast(db, forecast, onUndo)),

  get: (accountId, spotcastId) =>
    Effect.sync(() =>
      Option.fromNullable(ownedSpotCast(db, accountId, spotcastId) && view(db, spotcastId as SpotCastId))
    ),

  getForecast: (accountId, spotcastId, forecastId) =>
    Effect.sync(() => {
      const forecast = db.forecasts.get(forecastId as ForecastId)
      return Option.fromNullable(
        forecast !== undefined && forecast.accountId === accountId && forecast.spotcastId === spotcastId
          ? forecast
          : undefined
      )
    }),

  list: (accountId, page) =>
    Effect.sync(() =>
      newestFirst(db.spotcastsOf.get(accountId) ?? [], (id) => positionAt(db.spotcasts.get(id)!.createdAt, id), page)
        .map((id) => view(db, id)!)
    ),

  listForecasts: (accountId, spotcastId, page) =>
    Effect.sync(() => {
      return ownedSpotCast(db, accountId, spotcastId) === undefined ? [] : forecastsPage(db, spotcastId, page)
    }),

  work: (forecastId, start) =>
    Effect.sync(() => {
      const forecast = db.forecasts.get(forecastId)
      const spotcast = forecast && db.spotcasts.get(forecast.spotcastId)
      const account = spotcast && db.accounts.get(spotcast.accountId)
      if (!(forecast && spotcast && account)) return Option.none()
      const ofRoute = db.routeOfSpotCast.has(spotcast.id)
      if (start !== undefined && !ofRoute) {
        const next = step(db, forecastId, (before) => advanced(before, start))
        if (next !== undefined) db.forecasts.set(forecastId, next)
      }
      return Option.some({ account, spotcast, forecast, ofRoute })
    }),

  advance: (forecastId, stage) =>
    Effect.sync(() => {
      const next = step(db, forecastId, (forecast) => advanced(forecast, stage))
      if (next === undefined) return false
      db.forecasts.set(forecastId, next)
      return true
    }),

  complete: ({ analysis, at, delivery, forecastId }) =>
    Effect.sync(() => {
      const done = step(db, forecastId, (forecast) => completed(forecast, analysis, at))
      if (done === undefined) return false
      finish(db, done, delivery)
      db.completionSeconds.push((DateTime.toEpochMillis(at) - DateTime.toEpochMillis(done.createdAt)) / 1000)
      if (db.completionSeconds.length > COMPLETION_SAMPLES) db.completionSeconds.shift()
      return true
    }),

  fail: ({ at, delivery, error, forecastId, refundId }) =>
    Effect.sync(() => {
      const done = step(db, forecastId, (forecast) => failed(forecast, error, at))
      if (done === undefined) return false
      finish(db, done, delivery)
      const chargeId = db.chargeOf.get(forecastId)
      const charged = chargeId && db.ledger.get(done.accountId)?.find((e) => e.id === chargeId)
      if (chargeId !== undefined && charged && !db.refunded.has(chargeId)) {
        const refund = refundEntry(charged, refundId, at)
        db.ledger.get(done.accountId)!.push(refund)
        db.balances.set(done.accountId, applyEntry(db.balances.get(done.accountId) ?? emptyBalance, refund))
        db.refunded.add(chargeId)
      }
      return true
    }),

  recentCompletionSeconds: (count) => Effect.sync(() => db.completionSeconds.slice(-count).reverse())
})

export const layer = Layer.effect(SpotCastStore, Effect.map(MemoryDatabase, make))
