import { DateTime, Effect, Option } from "effect"
import type { Account } from "../../domain/account/Account.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import { isForecastId, isRouteId } from "../../domain/Ids.js"
import type { CursorPosition } from "../../domain/paging/Cursor.js"
import { MarineRouteNotFound, RouteForecastNotFound, type RouteView } from "../../domain/route/Route.js"
import { RouteStore } from "../../ports/RouteStore.js"
import { type PageQuery, readPage } from "../KeysetPage.js"

export const ROUTES_LIST = "routes"
export const routeForecastsList = (routeId: string) => `route-forecasts:${routeId}`

const at = (createdAt: DateTime.Utc, id: string): CursorPosition => ({ createdAtMillis: DateTime.toEpochMillis(createdAt), id })

/** The account's route; another account's, or a malformed id, is not found like a missing one. */
export const getRoute = Effect.fn("GetRoute")(function*(account: Account, routeId: string) {
  if (!isRouteId(routeId)) return yield* new MarineRouteNotFound({ routeId })
  const found = yield* (yield* RouteStore).get(account.id, routeId)
  if (Option.isNone(found)) return yield* new MarineRouteNotFound({ routeId })
  return found.value
})

export const getRouteForecast = Effect.fn("GetRouteForecast")(function*(account: Account, routeId: string, forecastId: string) {
  if (!isRouteId(routeId) || !isForecastId(forecastId)) return yield* new RouteForecastNotFound({ forecastId })
  const store = yield* RouteStore
  const route = yield* store.get(account.id, routeId)
  const forecast = yield* store.getForecast(account.id, routeId, forecastId)
  if (Option.isNone(route) || Option.isNone(forecast)) return yield* new RouteForecastNotFound({ forecastId })
  return { view: route.value, ...forecast.value }
})

export const listRoutes = (account: Account, query: PageQuery) =>
  Effect.flatMap(RouteStore, (store) =>
    readPage<RouteView>(
      { accountId: account.id, list: ROUTES_LIST },
      query,
      (v) => at(v.route.createdAt, v.route.id),
      (page) => store.list(account.id, page)
    )).pipe(Effect.withSpan("ListRoutes"))

export const listRouteForecasts = (account: Account, routeId: string, query: PageQuery) =>
  Effect.gen(function*() {
    const { route } = yield* getRoute(account, routeId)
    const store = yield* RouteStore
    const page = yield* readPage<Forecast>(
      { accountId: account.id, list: routeForecastsList(route.id) },
      query,
      (f) => at(f.createdAt, f.id),
      (p) => store.listForecasts(account.id, route.id, p)
    )
    return { routeId: route.id, ...page }
  }).pipe(Effect.withSpan("ListRouteForecasts"))
