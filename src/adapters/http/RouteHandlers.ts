import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import type * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import { Effect } from "effect"
import { createRoute, refreshRoute, type RouteCharged } from "../../application/route/CreateRoute.js"
import { getRoute, getRouteForecast, listRouteForecasts, listRoutes } from "../../application/route/ReadRoutes.js"
import { Settings } from "../../ports/Settings.js"
import { createRouteCommand } from "./contract/RouteRequest.js"
import {
  routeAccepted,
  routeForecastList,
  RouteForecastResource,
  routeForecastResource,
  routeListItem,
  routeResourceText,
  RouteStatus,
  routeStatus
} from "./contract/RouteResources.js"
import { callerAccount } from "./CallerAccount.js"
import { claimOf, markReplayed } from "./Idempotency.js"
import { withPurchaseUrl } from "./PurchaseUrlOnShortfall.js"
import { DEFAULT_ROUTE_FORECASTS_LIMIT, DEFAULT_ROUTES_LIMIT } from "./RouteApi.js"
import { listBody } from "./contract/Wire.js"
import { ServedApi } from "./ServedApi.js"
import { conditionalBytes, conditionalJson } from "./ConditionalGet.js"
import { metadataAsSent } from "./RawMember.js"

/** The 202, from the route and receipt alone; a replay also says so in `Idempotent-Replayed: true`. */
// The generators are made once, here: one made per request costs V8 new hidden classes (docs/performance.md).
const accepted = Effect.fnUntraced(function*({ charged, route }: RouteCharged) {
  yield* markReplayed(charged._tag === "Replayed")
  return routeAccepted(route, charged.receipt, (yield* Settings).publicBaseUrl)
})

const create = Effect.fnUntraced(function*(
  idempotencyKey: string | undefined,
  payload: Parameters<typeof createRouteCommand>[0],
  request: HttpServerRequest.HttpServerRequest
) {
  const claim = yield* claimOf(idempotencyKey, "POST", "/v3/route", request.json)
  const metadata = yield* metadataAsSent(request)
  return yield* accepted(yield* createRoute(yield* callerAccount, createRouteCommand(payload, metadata), claim))
}, withPurchaseUrl)

const refresh = Effect.fnUntraced(function*(idempotencyKey: string | undefined, id: string) {
  const claim = yield* claimOf(idempotencyKey, "POST", `/v3/route/${id}/refresh`, Effect.succeed({}))
  return yield* accepted(yield* refreshRoute(yield* callerAccount, id, claim))
}, withPurchaseUrl)

const utf8 = new TextEncoder()
const statusAnswer = conditionalJson(RouteStatus)
const forecastAnswer = conditionalJson(RouteForecastResource)

export const RoutesLive = HttpApiBuilder.group(ServedApi, "routes", (handlers) =>
  handlers
    .handle("create", ({ headers, payload, request }) => create(headers["idempotency-key"], payload, request))
    .handle("refresh", ({ headers, path }) => refresh(headers["idempotency-key"], path.id))
    .handle("get", ({ path, urlParams }) =>
      Effect.flatMap(callerAccount, (a) => getRoute(a, path.id)).pipe(
        Effect.flatMap((v) => conditionalBytes(utf8.encode(routeResourceText(v, urlParams.include === "samples"))))
      ))
    .handle("status", ({ path }) => Effect.flatMap(callerAccount, (a) => getRoute(a, path.id)).pipe(Effect.flatMap((v) => statusAnswer(routeStatus(v)))))
    .handle("forecasts", ({ path, urlParams }) =>
      Effect.flatMap(callerAccount, (a) =>
        listRouteForecasts(a, path.id, { limit: urlParams.limit ?? DEFAULT_ROUTE_FORECASTS_LIMIT, after: urlParams.after })
      ).pipe(Effect.map(routeForecastList)))
    .handle("forecast", ({ path, urlParams }) =>
      Effect.flatMap(callerAccount, (a) => getRouteForecast(a, path.id, path.forecast_id)).pipe(
        Effect.flatMap(({ analysis, forecast, view }) =>
          forecastAnswer(routeForecastResource(view.route, forecast, analysis, urlParams.include === "samples"))
        )
      ))
    .handle("list", ({ urlParams }) =>
      Effect.flatMap(callerAccount, (a) => listRoutes(a, { limit: urlParams.limit ?? DEFAULT_ROUTES_LIMIT, after: urlParams.after }))
        .pipe(Effect.map((page) => listBody(page, routeListItem)))))
