import { Schema } from "effect"
import { stringifyWithRaw } from "../../../domain/RawJson.js"
import { Metadata } from "../../../domain/spotcast/Metadata.js"
import type { SpotCastView } from "../../../ports/SpotCastStore.js"
import type { SpotCastSummary } from "../../../ports/SpotCastStore.js"
import { ForecastPeriodBody, forecastPeriod, LatestForecast, latestForecast } from "./ForecastResource.js"
import { CoordinatesBody, ForecastStatusBody, listOf, Timestamp, timestamp } from "./Wire.js"

/** GET /v3/spotcast/{id}: the SpotCast with its newest forecast, whose status is the SpotCast's. */
export const SpotCastResource = Schema.Struct({
  id: Schema.String,
  status: ForecastStatusBody,
  created_at: Timestamp,
  coordinates: CoordinatesBody,
  forecast_period: ForecastPeriodBody,
  trip_duration_hours: Schema.optional(Schema.Int.annotations({ description: "Present when supplied at creation" })),
  forecast_count: Schema.Int,
  metadata: Schema.optional(Metadata.annotations({ description: "Exactly as sent; present only when supplied" })),
  latest_forecast: LatestForecast
}).annotations({ identifier: "SpotCast" })
export type SpotCastResource = typeof SpotCastResource.Type

/** The resource; its metadata is the sent text parsed (spotcastResourceText keeps the text as sent). */
export const spotcastResource = (view: SpotCastView): SpotCastResource =>
  resourceWith(view, view.spotcast.metadata === undefined ? undefined : JSON.parse(view.spotcast.metadata))

const resourceWith = ({ forecastCount, latest, spotcast }: SpotCastView, metadata: unknown) => {
  return {
    id: spotcast.id,
    status: latest.status,
    created_at: timestamp(spotcast.createdAt),
    coordinates: { latitude: spotcast.coordinates.latitude, longitude: spotcast.coordinates.longitude },
    forecast_period: forecastPeriod(spotcast.start, spotcast.numDays),
    ...(spotcast.tripDurationHours === undefined ? {} : { trip_duration_hours: spotcast.tripDurationHours }),
    forecast_count: forecastCount,
    ...(metadata === undefined ? {} : { metadata: metadata as Metadata }),
    latest_forecast: latestForecast(latest)
  }
}

/** The resource's JSON text, with the metadata byte for byte as the client sent it. */
export const spotcastResourceText = (view: SpotCastView): string => {
  const sent = view.spotcast.metadata
  return sent === undefined
    ? JSON.stringify(resourceWith(view, undefined))
    : stringifyWithRaw(sent, (slot) => resourceWith(view, slot))
}

/** One entry of GET /v3/spotcasts. */
export const SpotCastListItem = Schema.Struct({
  id: Schema.String,
  status: ForecastStatusBody,
  created_at: Timestamp,
  coordinates: CoordinatesBody,
  latest_forecast: Schema.Struct({ forecast_id: Schema.String, status: ForecastStatusBody })
}).annotations({ identifier: "SpotCastListItem" })
export type SpotCastListItem = typeof SpotCastListItem.Type

export const spotcastListItem = ({ latest, spotcast }: SpotCastSummary): SpotCastListItem => ({
  id: spotcast.id,
  status: latest.status,
  created_at: timestamp(spotcast.createdAt),
  coordinates: { latitude: spotcast.coordinates.latitude, longitude: spotcast.coordinates.longitude },
  latest_forecast: { forecast_id: latest.id, status: latest.status }
})

export const SpotCastList = Schema.Struct(listOf(SpotCastListItem)).annotations({ identifier: "SpotCastList" })
export type SpotCastList = typeof SpotCastList.Type
