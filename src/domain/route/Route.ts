import { Schema } from "effect"
import { Classification } from "../forecast/Analysis.js"
import { Forecast } from "../forecast/Forecast.js"
import { AccountId, ForecastId, RouteId, SpotCastId } from "../Ids.js"
import { DayConditions } from "../weather/DayConditions.js"
import { Coordinates } from "../spotcast/Coordinates.js"
import { MetadataText } from "../spotcast/Metadata.js"
import { Preferences } from "../spotcast/Preferences.js"
import { Vessel } from "../spotcast/Vessel.js"
import { WebhookUrl } from "../webhook/WebhookUrl.js"

export const MIN_WAYPOINTS = 2
export const MAX_WAYPOINTS = 50
export const MAX_LEG_NM = 1000
export const MIN_SPEED_KTS = 0.5
export const MAX_SPEED_KTS = 60
export const MAX_WINDOW_HOURS = 72

/**
 * A passage along great-circle legs between waypoints, planned at a speed through the water from a
 * departure time; with a departure window, later departures are rated too. Its forecasts are produced
 * through a hidden SpotCast (`spotcastId`), as a widget's are: the same forecasts, jobs, charges,
 * refunds and webhook outbox.
 */
export const Route = Schema.Struct({
  id: RouteId,
  accountId: AccountId,
  createdAt: Schema.DateTimeUtc,
  spotcastId: SpotCastId,
  waypoints: Schema.Array(Coordinates),
  departure: Schema.DateTimeUtc,
  speedKts: Schema.Finite,
  departureWindowHours: Schema.Int,
  preferences: Preferences,
  vessel: Schema.optional(Vessel),
  /** The client's metadata JSON text exactly as sent: echoed back byte for byte (docs/robustness.md). */
  metadata: Schema.optional(MetadataText),
  webhookUrl: Schema.optional(WebhookUrl)
})
export type Route = typeof Route.Type

const TimeZone = Schema.String.annotations({
  description: "IANA time zone the weather provider reports for that place (absent when it names none)"
})
const LocalTimeText = Schema.String.annotations({
  description: "The same instant in local time at that place, ISO 8601 to the millisecond with its UTC offset (e.g. 2026-11-27T14:00:00.000+01:00)"
})

/** One sample of the passage: where and when the vessel is expected, the weather of that hour there and its class. */
export const RouteSample = Schema.Struct({
  leg: Schema.Int,
  position: Coordinates,
  distance_nm: Schema.Number.annotations({ description: "From the departure, along the route" }),
  eta: Schema.String,
  eta_local: Schema.optional(LocalTimeText),
  time_zone: Schema.optional(TimeZone),
  daylight: Schema.Boolean,
  classification: Classification,
  worst_factor: Schema.NullOr(Schema.String),
  conditions: DayConditions
})
export type RouteSample = typeof RouteSample.Type

export const RouteLeg = Schema.Struct({
  index: Schema.Int,
  from: Coordinates,
  to: Coordinates,
  distance_nm: Schema.Number,
  eta_start: Schema.String,
  eta_end: Schema.String,
  eta_start_local: Schema.optional(LocalTimeText),
  eta_end_local: Schema.optional(LocalTimeText),
  time_zone_start: Schema.optional(TimeZone),
  time_zone_end: Schema.optional(TimeZone),
  classification: Classification,
  summary: Schema.String,
  worst_factor: Schema.NullOr(Schema.String),
  /** The conditions of the leg's worst sample. */
  conditions: DayConditions
})
export type RouteLeg = typeof RouteLeg.Type

export const RouteDeparture = Schema.Struct({
  departure_time: Schema.String,
  arrival_time: Schema.String,
  departure_local: Schema.optional(LocalTimeText),
  arrival_local: Schema.optional(LocalTimeText),
  departure_time_zone: Schema.optional(TimeZone),
  arrival_time_zone: Schema.optional(TimeZone),
  classification: Classification,
  worst_factor: Schema.NullOr(Schema.String),
  /** False on every departure when all of them are AVOID: none is recommended. */
  recommended: Schema.Boolean
})
export type RouteDeparture = typeof RouteDeparture.Type

/**
 * A route forecast's `ai_analysis`. Distances are in nautical miles and times UTC, each also given in
 * local time (`*_local`, with the zone); the summary speaks the requested units. `best_departure` is
 * absent when every candidate departure is AVOID (none is recommended).
 */
export const RouteAnalysis = Schema.Struct({
  summary: Schema.String,
  classification: Classification,
  legs: Schema.Array(RouteLeg),
  samples: Schema.Array(RouteSample),
  departures: Schema.optional(Schema.Array(RouteDeparture)),
  best_departure: Schema.optional(Schema.Struct({
    departure_time: Schema.String,
    departure_local: Schema.optional(LocalTimeText),
    departure_time_zone: Schema.optional(TimeZone),
    classification: Classification,
    reason: Schema.String
  }))
})
export type RouteAnalysis = typeof RouteAnalysis.Type

/** A route as read: its forecasts count, its newest forecast and, once that completed, its analysis. */
export interface RouteView {
  readonly route: Route
  readonly forecastCount: number
  readonly latest: Forecast
  readonly analysis?: RouteAnalysis | undefined
}

/** One forecast of a route with its analysis when completed. */
export interface RouteForecast {
  readonly forecast: Forecast
  readonly analysis?: RouteAnalysis | undefined
}

export class MarineRouteNotFound extends Schema.TaggedError<MarineRouteNotFound>()("MarineRouteNotFound", {
  routeId: Schema.String
}) {}

export class RouteRefreshInProgress extends Schema.TaggedError<RouteRefreshInProgress>()("RouteRefreshInProgress", {
  routeId: RouteId,
  forecastId: ForecastId
}) {}

/** A forecast that is not one of this route's (answered `forecast_not_found`, like a SpotCast's). */
export class RouteForecastNotFound extends Schema.TaggedError<RouteForecastNotFound>()("RouteForecastNotFound", {
  forecastId: Schema.String
}) {}
