import { Effect, Layer, Option } from "effect"
import type { AccountId, ForecastId, RouteId } from "../../domain/Ids.js"
import type { Route, RouteView } from "../../domain/route/Route.js"
import { RouteStore, type RouteStoreShape } from "../../ports/RouteStore.js"
import { insertIndexed, newestFirst, positionAt } from "./KeysetOrder.js"
import { MemoryDatabase, type MemoryTables } from "./MemoryDatabase.js"
import { addForecast, forecastsPage, newestForecast } from "./MemoryForecasts.js"
import { changing, setRow, unindex } from "./MemoryTransactions.js"

const owned = (db: MemoryTables, accountId: AccountId, routeId: string): Route | undefined => {
  const route = db.routes.get(routeId as RouteId)
  return route !== undefined && route.accountId === accountId ? route : undefined
}

const view = (db: MemoryTables, route: Route): RouteView => {
  const { forecastCount, latest } = newestForecast(db, route.spotcastId)
  return {
    route,
    forecastCount,
    latest,
    analysis: latest.status === "completed" ? db.routeAnalyses.get(latest.id) : undefined
  }
}

export const make = (db: MemoryTables): RouteStoreShape => {
  return {
    insert: (route, spotcast, forecast) =>
      changing((onUndo) => {
        setRow(db.spotcasts, spotcast.id, spotcast, onUndo)
        setRow(db.routeOfSpotCast, spotcast.id, route.id, onUndo)
        setRow(db.routes, route.id, route, onUndo)
        insertIndexed(db.routesOf, route.accountId, route.id, (id) => positionAt(db.routes.get(id)!.createdAt, id))
        onUndo(() => unindex(db.routesOf.get(route.accountId)!, route.id))
        addForecast(db, forecast, onUndo)
      }),

    lockLatest: (accountId, routeId) =>
      Effect.sync(() => {
        const route = owned(db, accountId, routeId)
        if (route === undefined) return Option.none()
        const { latest } = view(db, route)
        return Option.some({ route, latest: { id: latest.id, status: latest.status } })
      }),

    get: (accountId, routeId) =>
      Effect.sync(() => {
        const route = owned(db, accountId, routeId)
        return route === undefined ? Option.none() : Option.some(view(db, route))
      }),

    ofSpotCast: (accountId, spotcastId) =>
      Effect.sync(() => {
        const routeId = db.routeOfSpotCast.get(spotcastId)
        return Option.fromNullable(routeId === undefined ? undefined : owned(db, accountId, routeId))
      }),

    list: (accountId, page) =>
      Effect.sync(() =>
        newestFirst(db.routesOf.get(accountId) ?? [], (id) => positionAt(db.routes.get(id)!.createdAt, id), page)
          .map((id) => view(db, db.routes.get(id)!))
      ),

    listForecasts: (accountId, routeId, page) =>
      Effect.sync(() => {
        const route = owned(db, accountId, routeId)
        return route === undefined ? [] : forecastsPage(db, route.spotcastId, page)
      }),

    getForecast: (accountId, routeId, forecastId) =>
      Effect.sync(() => {
        const route = owned(db, accountId, routeId)
        const forecast = db.forecasts.get(forecastId as ForecastId)
        if (route === undefined || forecast === undefined || forecast.spotcastId !== route.spotcastId) return Option.none()
        return Option.some({
          forecast,
          analysis: forecast.status === "completed" ? db.routeAnalyses.get(forecast.id) : undefined
        })
      }),

    work: (forecastId) =>
      Effect.sync(() => {
        const forecast = db.forecasts.get(forecastId)
        const routeId = forecast && db.routeOfSpotCast.get(forecast.spotcastId)
        const route = routeId && db.routes.get(routeId)
        const account = route && db.accounts.get(route.accountId)
        return forecast && route && account ? Option.some({ account, route, forecast }) : Option.none()
      }),

    // The route's analysis is stored first (read only once its forecast shows completed), then the
    // forecast completes exactly as a SpotCast's does.
    saveAnalysis: (forecast, analysis) =>
      changing((onUndo) => {
        if (!db.routeAnalyses.has(forecast.id)) setRow(db.routeAnalyses, forecast.id, analysis, onUndo)
      })
  }
}

export const layer = Layer.effect(RouteStore, Effect.map(MemoryDatabase, make))
