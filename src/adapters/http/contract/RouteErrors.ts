import { Schema } from "effect"
import { ForecastId, RouteId } from "../../../domain/Ids.js"
import { MarineRouteNotFound, RouteForecastNotFound, RouteRefreshInProgress } from "../../../domain/route/Route.js"
import { code, errorEnvelope, notFound } from "./ErrorEnvelope.js"

export const NoRoute = notFound(MarineRouteNotFound, "No such route for this account", {
  code: "route_not_found",
  param: "id",
  message: ["No route found with id '", "'"],
  id: (e) => e.routeId,
  make: (routeId) => new MarineRouteNotFound({ routeId })
})

export const RouteInProgress = errorEnvelope(
  RouteRefreshInProgress,
  409,
  "The route's newest forecast is still being produced",
  { code: code("forecast_in_progress"), message: Schema.String, route_id: RouteId, forecast_id: ForecastId }
)(
  (e) => ({
    code: "forecast_in_progress",
    message: `Forecast ${e.forecastId} of this route is still in progress; refresh once it has finished`,
    route_id: e.routeId,
    forecast_id: e.forecastId
  }),
  (w) => new RouteRefreshInProgress({ routeId: w.route_id, forecastId: w.forecast_id })
)

export const NoRouteForecast = notFound(RouteForecastNotFound, "No such forecast in this route for this account", {
  code: "forecast_not_found",
  param: "forecast_id",
  message: ["No forecast found with id '", "' in this route"],
  id: (e) => e.forecastId,
  make: (forecastId) => new RouteForecastNotFound({ forecastId })
})
