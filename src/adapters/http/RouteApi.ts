import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Schema } from "effect"
import { IdempotencyHeaders } from "./contract/IdempotencyHeaders.js"
import { listQuery } from "./contract/ListQuery.js"
import * as RouteErrors from "./contract/RouteErrors.js"
import { CreateRouteRequest } from "./contract/RouteRequest.js"
import { IncludeQuery, RouteAccepted, RouteForecastList, RouteForecastResource, RouteList, RouteResource, RouteStatus } from "./contract/RouteResources.js"
import * as SpotCastErrors from "./contract/SpotCastErrors.js"
import { Authentication } from "./Authentication.js"
import { documentConditional } from "./ConditionalGet.js"

export const DEFAULT_ROUTES_LIMIT = 20
export const DEFAULT_ROUTE_FORECASTS_LIMIT = 10

const RoutePath = Schema.Struct({ id: Schema.String.annotations({ description: "Route id (rte_…)" }) })
const RouteForecastPath = Schema.Struct({
  id: Schema.String.annotations({ description: "Route id (rte_…)" }),
  forecast_id: Schema.String.annotations({ description: "Forecast id (fcst_…)" })
})

/** Route forecasts with departure planning (announced by the reference as upcoming; built here). */
export class RoutesGroup extends HttpApiGroup.make("routes")
  .add(
    HttpApiEndpoint.post("create", "/v3/route")
      .setPayload(CreateRouteRequest)
      .setHeaders(IdempotencyHeaders)
      .addSuccess(RouteAccepted, { status: 202 })
      .addError(SpotCastErrors.Insufficient)
      .addError(SpotCastErrors.IdempotencyReused)
      .annotate(OpenApi.Summary, "Create a route forecast (charges max(2, days the passage and window span) credits)")
  )
  .add(
    HttpApiEndpoint.get("get", "/v3/route/:id")
      .setPath(RoutePath)
      .setUrlParams(IncludeQuery)
      .addSuccess(RouteResource)
      .addError(RouteErrors.NoRoute)
      .annotate(OpenApi.Summary, "A route with its plan and latest forecast (legs, departures; samples with ?include=samples)")
      .annotate(OpenApi.Transform, documentConditional)
  )
  .add(
    HttpApiEndpoint.get("status", "/v3/route/:id/status")
      .setPath(RoutePath)
      .addSuccess(RouteStatus)
      .addError(RouteErrors.NoRoute)
      .annotate(OpenApi.Summary, "Processing status of the route's newest forecast, for polling")
      .annotate(OpenApi.Transform, documentConditional)
  )
  .add(
    HttpApiEndpoint.post("refresh", "/v3/route/:id/refresh")
      .setPath(RoutePath)
      .setHeaders(IdempotencyHeaders)
      .addSuccess(RouteAccepted, { status: 202 })
      .addError(RouteErrors.NoRoute)
      .addError(SpotCastErrors.Insufficient)
      .addError(RouteErrors.RouteInProgress)
      .addError(SpotCastErrors.IdempotencyReused)
      .annotate(OpenApi.Summary, "A new forecast of the route (charged as at creation)")
  )
  .add(
    HttpApiEndpoint.get("forecasts", "/v3/route/:id/forecasts")
      .setPath(RoutePath)
      .setUrlParams(listQuery(DEFAULT_ROUTE_FORECASTS_LIMIT))
      .addSuccess(RouteForecastList)
      .addError(RouteErrors.NoRoute)
      .annotate(OpenApi.Summary, "The route's forecast history, newest first")
  )
  .add(
    HttpApiEndpoint.get("forecast", "/v3/route/:id/forecast/:forecast_id")
      .setPath(RouteForecastPath)
      .setUrlParams(IncludeQuery)
      .addSuccess(RouteForecastResource)
      .addError(RouteErrors.NoRouteForecast)
      .annotate(OpenApi.Summary, "One forecast of the route")
      .annotate(OpenApi.Transform, documentConditional)
  )
  .add(
    HttpApiEndpoint.get("list", "/v3/routes")
      .setUrlParams(listQuery(DEFAULT_ROUTES_LIMIT))
      .addSuccess(RouteList)
      .annotate(OpenApi.Summary, "The account's routes, newest first")
  )
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Routes")
{}
