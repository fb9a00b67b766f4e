import { Context, type DateTime, type Effect, type Option } from "effect"
import type { Account } from "../domain/account/Account.js"
import type { IdempotencyKeyReused } from "../domain/billing/Idempotency.js"
import type { InsufficientBalance } from "../domain/billing/Ledger.js"
import type { Analysis } from "../domain/forecast/Analysis.js"
import type { Forecast } from "../domain/forecast/Forecast.js"
import type { AccountId, ForecastId, SpotCastId } from "../domain/Ids.js"
import type { Route, RouteAnalysis, RouteForecast, MarineRouteNotFound, RouteRefreshInProgress, RouteView } from "../domain/route/Route.js"
import type { SpotCast } from "../domain/spotcast/SpotCast.js"
import type { WebhookDelivery } from "../domain/webhook/WebhookDelivery.js"
import type { ChargeParts, Charged, PageRequest } from "./SpotCastStore.js"

export interface CreateRouteCommand extends ChargeParts {
  readonly route: Route
  /** The hidden SpotCast whose forecasts are the route's (never shown as one of the account's SpotCasts). */
  readonly spotcast: SpotCast
  readonly forecast: Forecast
}

export interface RefreshRouteCommand extends ChargeParts {
  readonly accountId: AccountId
  readonly routeId: string
  /** A forecast of the route's hidden SpotCast. */
  readonly forecast: Forecast
}

/** Everything a worker needs to produce one route forecast. */
export interface RouteWork {
  readonly account: Account
  readonly route: Route
  readonly forecast: Forecast
}

/**
 * Routes and their forecasts. Charging commands use the same atomic steps and ledger as SpotCasts (the
 * balance never goes below zero whatever runs beside them; each charge names its route); a route's
 * forecasts are ordinary forecasts of its hidden SpotCast, so jobs, progress, failure with refund and
 * the webhook outbox are SpotCastStore's.
 */
export interface RouteStoreShape {
  /** Checks the balance, charges, stores the route, its hidden SpotCast, first forecast and job, and the key's claim. */
  readonly create: (command: CreateRouteCommand) => Effect.Effect<Charged, InsufficientBalance | IdempotencyKeyReused>
  /** A new forecast of a route whose newest forecast has finished; charged like create. */
  readonly refresh: (
    command: RefreshRouteCommand
  ) => Effect.Effect<Charged, InsufficientBalance | MarineRouteNotFound | RouteRefreshInProgress | IdempotencyKeyReused>
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
  /**
   * Completes an unfinished route forecast with its analysis (the passage's as an `Analysis` on the
   * forecast, the route's own beside it), removes its job and writes its webhook delivery at once.
   * False when the forecast had already finished: then nothing changes.
   */
  readonly complete: (command: {
    readonly forecastId: ForecastId
    readonly analysis: Analysis
    readonly routeAnalysis: RouteAnalysis
    readonly at: DateTime.Utc
    readonly delivery?: WebhookDelivery
  }) => Effect.Effect<boolean>
}

export class RouteStore extends Context.Tag("spotcast/RouteStore")<RouteStore, RouteStoreShape>() {}
