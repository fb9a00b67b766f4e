import { Context, type Effect, type Option } from "effect"
import type { Account } from "../domain/account/Account.js"
import type { Forecast } from "../domain/forecast/Forecast.js"
import type { AccountId, ForecastId, SpotCastId } from "../domain/Ids.js"
import type { Route, RouteAnalysis, RouteForecast, RouteView } from "../domain/route/Route.js"
import type { SpotCast } from "../domain/spotcast/SpotCast.js"
import type { PageRequest } from "./SpotCastStore.js"

/** Everything a worker needs to produce one route forecast. */
export interface RouteWork {
  readonly account: Account
  readonly route: Route
  readonly forecast: Forecast
}

/**
 * Routes and their forecasts. A route's create and refresh are charging commands: the core runs these
 * rows with the charge in one `Transactions.atomically` (each charge names its route); a route's
 * forecasts are ordinary forecasts of its hidden SpotCast, so jobs, progress, failure with refund and
 * the webhook outbox are SpotCastStore's.
 */
export interface RouteStoreShape {
  /** Stores a new route with its hidden SpotCast, that SpotCast's first forecast and the forecast's job. */
  readonly insert: (route: Route, spotcast: SpotCast, forecast: Forecast) => Effect.Effect<void>
  /**
   * A route of the account with its newest forecast, its hidden SpotCast's row locked until the
   * transaction ends so that refreshes of one route queue here; none when not found. A refresh's new
   * forecast is then stored as any SpotCast's (`SpotCastStore.addForecast`).
   */
  readonly lockLatest: (
    accountId: AccountId,
    routeId: string
  ) => Effect.Effect<Option.Option<{ readonly route: Route; readonly latest: Pick<Forecast, "id" | "status"> }>>
  readonly get: (accountId: AccountId, routeId: string) => Effect.Effect<Option.Option<RouteView>>
  /** The route of a hidden SpotCast (a receipt names the SpotCast): for idempotent replays. */
  readonly ofSpotCast: (accountId: AccountId, spotcastId: SpotCastId) => Effect.Effect<Option.Option<Route>>
  /** The account's routes, newest first (created_at, then id, descending), strictly after the cursor. */
  readonly list: (accountId: AccountId, page: PageRequest) => Effect.Effect<ReadonlyArray<RouteView>>
  /** A route's forecasts, newest first, strictly after the cursor; none when the route is not the account's. */
  readonly listForecasts: (
    accountId: AccountId,
    routeId: string,
    page: PageRequest
  ) => Effect.Effect<ReadonlyArray<Forecast>>
  readonly getForecast: (
    accountId: AccountId,
    routeId: string,
    forecastId: string
  ) => Effect.Effect<Option.Option<RouteForecast>>
  /** Worker side: the route forecast with its route and account; none when the forecast is not a route's. */
  readonly work: (forecastId: ForecastId) => Effect.Effect<Option.Option<RouteWork>>
  /** Stores a completed route forecast's own analysis beside it (once: a second write changes nothing). */
  readonly saveAnalysis: (forecast: Pick<Forecast, "id" | "accountId">, analysis: RouteAnalysis) => Effect.Effect<void>
}

export class RouteStore extends Context.Tag("spotcast/RouteStore")<RouteStore, RouteStoreShape>() {}
