import { DateTime, Schema } from "effect"
import type { Receipt } from "../../../domain/billing/Receipt.js"
import { ForecastError } from "../../../domain/forecast/ForecastError.js"
import type { Forecast } from "../../../domain/forecast/Forecast.js"
import { routeFigures } from "../../../domain/route/AnalyzeRoute.js"
import { type Route, RouteAnalysis, type RouteView } from "../../../domain/route/Route.js"
import { apiBase } from "../../../domain/spotcast/Links.js"
import { Metadata } from "../../../domain/spotcast/Metadata.js"
import { stringifyWithRaw } from "../../../domain/RawJson.js"
import { acceptedBody, acceptedFields } from "./AcceptedBody.js"
import { preferencesBody } from "./CreateBodyFields.js"
import { ForecastListItem, forecastListItem } from "./ForecastResource.js"
import { CoordinatesBody, ForecastStatusBody, listBody, listOf, ProgressBody, Timestamp, timestamp } from "./Wire.js"

const routeLink = (base: string, routeId: string) => `${apiBase(base)}/route/${routeId}`

/** The 202 of create and refresh: a SpotCast's shape, with the route's id. */
export const RouteAccepted = Schema.Struct(acceptedFields).annotations({ identifier: "RouteAccepted" })
export type RouteAccepted = typeof RouteAccepted.Type

/** From the route and the receipt alone, so a replay answers byte for byte what the first request answered. */
export const routeAccepted = (route: Route, receipt: Receipt, publicBaseUrl: string): RouteAccepted =>
  acceptedBody(route.id, receipt, {
    self: routeLink(publicBaseUrl, route.id),
    forecast: `${routeLink(publicBaseUrl, route.id)}/forecast/${receipt.forecastId}`,
    status: `${routeLink(publicBaseUrl, route.id)}/status`
  })

const Unfinished = Schema.Literal("pending", "processing")

/**
 * `?include=samples` on a route GET: the analysis's `samples` (every point along the passage, the
 * bulk of a long route's body) are left out unless asked for; `sample_count` always says how many.
 */
export const IncludeQuery = Schema.Struct({
  include: Schema.optional(
    Schema.Literal("samples").annotations({
      message: () => "include must be samples",
      description: "samples: the analysis's samples too (left out by default: a 50-waypoint route's are most of its body)"
    })
  )
})

/** A route forecast's analysis on the wire: the stored one, its samples only when asked for, and their count. */
export const RouteAnalysisBody = Schema.Struct({
  ...RouteAnalysis.fields,
  samples: Schema.optional(RouteAnalysis.fields.samples).annotations({
    description: "Every sample along the passage, only with ?include=samples"
  }),
  sample_count: Schema.Int.annotations({ description: "How many samples the analysis has (listed only with ?include=samples)" })
}).annotations({ identifier: "RouteAnalysis" })
export type RouteAnalysisBody = typeof RouteAnalysisBody.Type

const analysisBody = (analysis: RouteAnalysis, withSamples: boolean): RouteAnalysisBody => {
  const { samples, ...rest } = analysis
  return withSamples ? { ...rest, samples, sample_count: samples.length } : { ...rest, sample_count: samples.length }
}

/** A route forecast by state: completed with the route's analysis, unfinished with progress, or failed. */
export const RouteForecastBody = Schema.Union(
  Schema.Struct({
    forecast_id: Schema.String,
    status: Schema.Literal("completed"),
    created_at: Timestamp,
    completed_at: Timestamp,
    ai_analysis: RouteAnalysisBody
  }),
  Schema.Struct({ forecast_id: Schema.String, status: Unfinished, created_at: Timestamp, progress: ProgressBody }),
  Schema.Struct({
    forecast_id: Schema.String,
    status: Schema.Literal("failed"),
    created_at: Timestamp,
    progress: ProgressBody,
    error: ForecastError
  })
).annotations({ identifier: "RouteForecast" })
export type RouteForecastBody = typeof RouteForecastBody.Type

const FALLBACK_ERROR: ForecastError = { code: "processing_failed", message: "The forecast could not be produced" }

export const routeForecastBody = (
  forecast: Forecast,
  analysis: RouteAnalysis | undefined,
  withSamples = false
): RouteForecastBody => {
  const base = { forecast_id: forecast.id, created_at: timestamp(forecast.createdAt) }
  if (forecast.status === "completed") {
    if (analysis === undefined || forecast.completedAt === undefined) {
      throw new Error(`route forecast ${forecast.id} is completed without its analysis`)
    }
    return {
      ...base,
      status: "completed",
      completed_at: timestamp(forecast.completedAt),
      ai_analysis: analysisBody(analysis, withSamples)
    }
  }
  if (forecast.status === "failed") {
    return { ...base, status: "failed", progress: forecast.progress, error: forecast.error ?? FALLBACK_ERROR }
  }
  return { ...base, status: forecast.status, progress: forecast.progress }
}

const VesselBody = Schema.Struct({ type: Schema.String, length_ft: Schema.Number })
const PreferencesBody = Schema.Struct({
  language: Schema.String,
  distance_units: Schema.String,
  speed_units: Schema.String,
  height_units: Schema.String.annotations({ description: "Addition: the height unit stored at create (ft or m)" }),
  temperature_units: Schema.String.annotations({ description: "Addition: the temperature unit stored at create (c or f)" })
})

const routeHead = {
  id: Schema.String,
  status: ForecastStatusBody,
  created_at: Timestamp,
  waypoints: Schema.Array(CoordinatesBody),
  departure_time: Timestamp,
  speed_kts: Schema.Number,
  departure_window_hours: Schema.Int,
  total_distance_nm: Schema.Number,
  duration_hours: Schema.Number,
  arrival_time: Timestamp
}

/** GET /v3/route/{id}: the route, its plan's figures and its newest forecast. */
export const RouteResource = Schema.Struct({
  ...routeHead,
  vessel_info: Schema.optional(VesselBody),
  preferences: PreferencesBody,
  forecast_count: Schema.Int,
  metadata: Schema.optional(Metadata),
  latest_forecast: RouteForecastBody
}).annotations({ identifier: "Route" })
export type RouteResource = typeof RouteResource.Type

const head = (route: Route, latest: Forecast) => {
  const figures = routeFigures(route)
  return {
    id: route.id,
    status: latest.status,
    created_at: timestamp(route.createdAt),
    waypoints: route.waypoints.map((w) => ({ latitude: w.latitude, longitude: w.longitude })),
    departure_time: timestamp(route.departure),
    speed_kts: route.speedKts,
    departure_window_hours: route.departureWindowHours,
    total_distance_nm: figures.totalDistanceNm,
    duration_hours: figures.durationHours,
    arrival_time: timestamp(DateTime.unsafeMake(figures.arrivalMillis))
  }
}

/** The resource without its metadata: `routeResourceText` puts the metadata in as the client sent it. */
const resourceWith = ({ analysis, forecastCount, latest, route }: RouteView, withSamples: boolean): RouteResource => ({
  ...head(route, latest),
  ...(route.vessel === undefined ? {} : { vessel_info: { type: route.vessel.type, length_ft: route.vessel.lengthFt } }),
  preferences: preferencesBody(route.preferences),
  forecast_count: forecastCount,
  latest_forecast: routeForecastBody(latest, analysis, withSamples)
})

const encodeResource = Schema.encodeSync(RouteResource)

/**
 * The resource's JSON text as HttpApi would encode it, with the metadata byte for byte as the client
 * sent it (in its place, before `latest_forecast`); the samples only when asked for.
 */
export const routeResourceText = (view: RouteView, withSamples = false): string => {
  const sent = view.route.metadata
  const { latest_forecast, ...rest } = encodeResource(resourceWith(view, withSamples))
  return sent === undefined
    ? JSON.stringify({ ...rest, latest_forecast })
    : stringifyWithRaw(sent, (slot) => ({ ...rest, metadata: slot, latest_forecast }))
}

/** One entry of GET /v3/routes. */
export const RouteListItem = Schema.Struct({
  ...routeHead,
  latest_forecast: Schema.Struct({ forecast_id: Schema.String, status: ForecastStatusBody })
}).annotations({ identifier: "RouteListItem" })

export const routeListItem = ({ latest, route }: RouteView): typeof RouteListItem.Type => ({
  ...head(route, latest),
  latest_forecast: { forecast_id: latest.id, status: latest.status }
})

export const RouteList = Schema.Struct(listOf(RouteListItem)).annotations({ identifier: "RouteList" })

/** GET /v3/route/{id}/status. */
export const RouteStatus = Schema.Struct({
  id: Schema.String,
  forecast_id: Schema.String,
  status: ForecastStatusBody,
  created_at: Timestamp,
  completed_at: Schema.optional(Timestamp),
  progress: ProgressBody,
  error: Schema.optional(ForecastError)
}).annotations({ identifier: "RouteStatus" })

export const routeStatus = ({ latest, route }: RouteView): typeof RouteStatus.Type => ({
  id: route.id,
  forecast_id: latest.id,
  status: latest.status,
  created_at: timestamp(latest.createdAt),
  ...(latest.status === "completed" && latest.completedAt !== undefined ? { completed_at: timestamp(latest.completedAt) } : {}),
  progress: latest.progress,
  ...(latest.status === "failed" ? { error: latest.error ?? FALLBACK_ERROR } : {})
})

/** GET /v3/route/{id}/forecast/{forecast_id}. */
export const RouteForecastResource = Schema.extend(
  Schema.Struct({ route_id: Schema.String }),
  RouteForecastBody
).annotations({ identifier: "RouteForecastResource" })

export const routeForecastResource = (route: Route, forecast: Forecast, analysis: RouteAnalysis | undefined, withSamples = false) => ({
  route_id: route.id,
  ...routeForecastBody(forecast, analysis, withSamples)
})

/** GET /v3/route/{id}/forecasts: newest first, keyset-paginated. */
export const RouteForecastList = Schema.Struct({
  route_id: Schema.String,
  ...listOf(ForecastListItem)
}).annotations({ identifier: "RouteForecastList" })

export const routeForecastList = (page: {
  readonly routeId: string
  readonly data: ReadonlyArray<Forecast>
  readonly hasMore: boolean
  readonly nextCursor: string | null
}): typeof RouteForecastList.Type => ({
  route_id: page.routeId,
  ...listBody(page, forecastListItem)
})
