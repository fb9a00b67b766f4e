import { DateTime, Effect, Either, Layer, Option } from "effect"
import { isTerminal } from "../../domain/forecast/ForecastStatus.js"
import { progressAt, type Stage } from "../../domain/forecast/Progress.js"
import type { AccountId, ForecastId, SpotCastId } from "../../domain/Ids.js"
import type { SpotCastView } from "../../ports/SpotCastStore.js"
import { SpotCastStore, type SpotCastStoreShape } from "../../ports/SpotCastStore.js"
import { insertSorted, newestFirst, positionAt } from "./KeysetOrder.js"
import { debitIn } from "./MemoryChargeLedger.js"
import { MemoryDatabase, type MemoryTables } from "./MemoryDatabase.js"
import { addForecast, forecastsPage } from "./MemoryForecasts.js"
import { changing, changingAlone, setRow, unindex } from "./MemoryTransactions.js"

const COMPLETION_SAMPLES = 100

const view = (db: MemoryTables, spotcastId: SpotCastId): SpotCastView | undefined => {
  const spotcast = db.spotcasts.get(spotcastId)
  const ids = db.forecastsOf.get(spotcastId)
  if (spotcast === undefined || ids === undefined || ids.length === 0) return undefined
  return { spotcast, forecastCount: ids.length, latest: db.forecasts.get(ids[ids.length - 1]!)! }
}

/**
 * The one rule for a widget's or route's hidden SpotCast: it is none of the account's SpotCasts, so
 * no SpotCast read (the SpotCast, its forecasts, a page of them, a refresh's lock) finds it.
 */
const ownedSpotCast = (db: MemoryTables, accountId: AccountId, spotcastId: string) => {
  const spotcast = db.spotcasts.get(spotcastId as SpotCastId)
  return spotcast !== undefined && spotcast.accountId === accountId && !db.widgetOfSpotCast.has(spotcast.id) &&
      !db.routeOfSpotCast.has(spotcast.id)
    ? spotcast
    : undefined
}

/**
 * The guard at the write that the domain's `advanced` states, as the database's conditional update
 * keeps it (`ForecastSteps.advance`): an unfinished forecast moves on to `stage` (never back); false,
 * and nothing changes, when it has finished or is not there.
 */
const moveOn = (db: MemoryTables, forecastId: ForecastId, stage: Exclude<Stage, "completed">): boolean => {
  const forecast = db.forecasts.get(forecastId)
  if (forecast === undefined || isTerminal(forecast.status)) return false
  const progress = progressAt(stage)
  if (forecast.progress.percentage < progress.percentage) db.forecasts.set(forecastId, { ...forecast, status: "processing", progress })
  return true
}

export const make = (db: MemoryTables): SpotCastStoreShape => ({
  insertCharged: (spotcast, forecast, charge, settles) =>
    changingAlone(db, (onUndo) => {
      const charged = debitIn(db, charge, settles, onUndo)
      if (Either.isLeft(charged)) return charged
      setRow(db.spotcasts, spotcast.id, spotcast, onUndo)
      const owned = db.spotcastsOf.get(spotcast.accountId)
      if (owned !== undefined) {
        insertSorted(owned, spotcast.id, (id) => positionAt(db.spotcasts.get(id)!.createdAt, id))
        onUndo(() => unindex(owned, spotcast.id))
      }
      addForecast(db, forecast, onUndo)
      return charged
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
        forecast !== undefined && forecast.spotcastId === spotcastId && ownedSpotCast(db, accountId, spotcastId) !== undefined
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
      if (start !== undefined) moveOn(db, forecastId, start)
      return Option.some({ account, spotcast, forecast })
    }),

  advance: (forecastId, stage) => Effect.sync(() => moveOn(db, forecastId, stage)),

  lockForecast: (forecastId) => Effect.sync(() => Option.fromNullable(db.forecasts.get(forecastId))),

  saveFinished: (forecast) =>
    changing((onUndo) => {
      const stored = db.forecasts.get(forecast.id)
      // As the database's conditional update: only an unfinished forecast is written.
      if (stored === undefined || isTerminal(stored.status)) return false
      setRow(db.forecasts, forecast.id, forecast, onUndo)
      const job = db.jobs.get(forecast.id)
      db.jobs.delete(forecast.id)
      if (job !== undefined) onUndo(() => db.jobs.set(forecast.id, job))
      if (forecast.completedAt !== undefined) {
        const samples = db.completionSeconds
        samples.push((DateTime.toEpochMillis(forecast.completedAt) - DateTime.toEpochMillis(forecast.createdAt)) / 1000)
        const dropped = samples.length > COMPLETION_SAMPLES ? samples.shift() : undefined
        onUndo(() => {
          samples.pop()
          if (dropped !== undefined) samples.unshift(dropped)
        })
      }
      return true
    }),

  recentCompletionSeconds: (count) => Effect.sync(() => db.completionSeconds.slice(-count).reverse())
})

export const layer = Layer.effect(SpotCastStore, Effect.map(MemoryDatabase, make))
