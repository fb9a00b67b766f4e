import { HttpApiBuilder, HttpApp, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { createRoute, refreshRoute, type RouteCharged } from "../../application/CreateRoute.js"
import { getRoute, getRouteForecast, listRouteForecasts, listRoutes } from "../../application/ReadRoutes.js"
import { InsufficientBalance } from "../../domain/billing/Ledger.js"
import { Settings } from "../../ports/Settings.js"
import { createRouteCommand } from "./contract/RouteRequest.js"
import {
  routeAccepted,
  routeForecastList,
  routeForecastResource,
  routeListItem,
  routeResource,
  routeStatus
} from "./contract/RouteResources.js"
import { InsufficientBalanceAnswer } from "./contract/SpotCastErrors.js"
import { CurrentCaller } from "./Authentication.js"
import { PurchaseUrl } from "./BillingPage.js"
import { claimOf, REPLAYED_HEADER } from "./Idempotency.js"
import { DEFAULT_ROUTE_FORECASTS_LIMIT, DEFAULT_ROUTES_LIMIT } from "./RouteApi.js"
import { ServedApi } from "./ServedApi.js"
import { checkWebhookHost } from "./WebhookHosts.js"

const account = Effect.map(CurrentCaller, (caller) => caller.account)

const withPurchaseUrl = <A, E, R>(charging: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    charging,
    (e): e is Extract<E, InsufficientBalance> => e instanceof InsufficientBalance,
    (e) =>
      Effect.flatMap(PurchaseUrl, (purchaseUrl) =>
        Effect.fail(
          new InsufficientBalanceAnswer({ currentBalance: e.currentBalance, requiredCredits: e.requiredCredits, purchaseUrl })
        ))
  )

/** The 202, from the route and receipt alone; a replay also says so in `Idempotent-Replayed: true`. */
const accepted = ({ charged, route }: RouteCharged) =>
  Effect.gen(function*() {
    if (charged._tag === "Replayed") {
      yield* HttpApp.appendPreResponseHandler((_, response) =>
        Effect.succeed(HttpServerResponse.setHeader(response, REPLAYED_HEADER, "true"))
      )
    }
    return routeAccepted(route, charged.receipt, (yield* Settings).publicBaseUrl)
  })

export const RoutesLive = HttpApiBuilder.group(ServedApi, "routes", (handlers) =>
  handlers
    .handle("create", ({ headers, payload, request }) =>
      Effect.gen(function*() {
        yield* checkWebhookHost(payload.webhook_url)
        const claim = yield* claimOf(headers["idempotency-key"], "POST", "/v3/route", request.json)
        return yield* accepted(yield* createRoute(yield* account, createRouteCommand(payload), claim))
      }).pipe(withPurchaseUrl))
    .handle("refresh", ({ headers, path }) =>
      Effect.gen(function*() {
        const claim = yield* claimOf(headers["idempotency-key"], "POST", `/v3/route/${path.id}/refresh`, Effect.succeed({}))
        return yield* accepted(yield* refreshRoute(yield* account, path.id, claim))
      }).pipe(withPurchaseUrl))
    .handle("get", ({ path }) => Effect.flatMap(account, (a) => getRoute(a, path.id)).pipe(Effect.map(routeResource)))
    .handle("status", ({ path }) => Effect.flatMap(account, (a) => getRoute(a, path.id)).pipe(Effect.map(routeStatus)))
    .handle("forecasts", ({ path, urlParams }) =>
      Effect.flatMap(account, (a) =>
        listRouteForecasts(a, path.id, { limit: urlParams.limit ?? DEFAULT_ROUTE_FORECASTS_LIMIT, after: urlParams.after })
      ).pipe(Effect.map(routeForecastList)))
    .handle("forecast", ({ path }) =>
      Effect.flatMap(account, (a) => getRouteForecast(a, path.id, path.forecast_id)).pipe(
        Effect.map(({ analysis, forecast, view }) => routeForecastResource(view.route, forecast, analysis))
      ))
    .handle("list", ({ urlParams }) =>
      Effect.flatMap(account, (a) => listRoutes(a, { limit: urlParams.limit ?? DEFAULT_ROUTES_LIMIT, after: urlParams.after }))
        .pipe(Effect.map((page) => ({
          data: page.data.map(routeListItem),
          has_more: page.hasMore,
          next_cursor: page.nextCursor
        })))))
