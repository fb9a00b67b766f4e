import { DateTime } from "effect"
import type { Forecast } from "../../forecast/Forecast.js"
import { routeFigures } from "../../route/AnalyzeRoute.js"
import type { Route, RouteAnalysis } from "../../route/Route.js"
import { apiBase } from "../../spotcast/Links.js"
import type { WebhookEvent } from "./SpotCastEvent.js"

/** The route's own address in the API, as its events link it. */
export const routeLink = (publicBaseUrl: string, routeId: string) => `${apiBase(publicBaseUrl)}/route/${routeId}`

/**
 * The event for a finished route forecast: `route.forecast.completed` with the route's
 * classification, summary and best departure, or `route.forecast.failed` with the error.
 */
export const routeEvent = (
  route: Route,
  forecast: Forecast,
  routeAnalysis: RouteAnalysis | undefined,
  publicBaseUrl: string,
  at: DateTime.Utc
): WebhookEvent => {
  const figures = routeFigures(route)
  const common = {
    route_id: route.id,
    forecast_id: forecast.id,
    status: forecast.status,
    departure_time: DateTime.formatIso(route.departure),
    arrival_time: new Date(figures.arrivalMillis).toISOString(),
    total_distance_nm: figures.totalDistanceNm,
    links: { route: routeLink(publicBaseUrl, route.id) }
  }
  // Spliced into `data` as its last member, byte for byte as sent, by eventBody.
  const metadata = route.metadata === undefined ? {} : { metadataText: route.metadata }
  return forecast.status === "completed"
    ? {
      event: "route.forecast.completed",
      created_at: DateTime.formatIso(at),
      data: {
        ...common,
        classification: routeAnalysis?.classification,
        summary: routeAnalysis?.summary,
        ...(routeAnalysis?.best_departure === undefined ? {} : { best_departure: routeAnalysis.best_departure })
      },
      ...metadata
    }
    : {
      event: "route.forecast.failed",
      created_at: DateTime.formatIso(at),
      data: {
        ...common,
        error: forecast.error ?? { code: "processing_failed", message: "The forecast could not be produced" }
      },
      ...metadata
    }
}
