import { DateTime } from "effect"
import { worstOf } from "../../forecast/Analysis.js"
import type { Forecast } from "../../forecast/Forecast.js"
import { makePeriod } from "../../forecast/ForecastPeriod.js"
import { spotcastLink } from "../../spotcast/Links.js"
import type { MetadataText } from "../../spotcast/Metadata.js"
import type { SpotCast } from "../../spotcast/SpotCast.js"
import { stringifyWithRaw } from "../../RawJson.js"
import type { WebhookEventType } from "../WebhookDelivery.js"

export interface WebhookEvent {
  readonly event: WebhookEventType
  readonly created_at: string
  readonly data: Record<string, unknown>
  /** The SpotCast's metadata as sent, spliced into `data` as its last member by eventBody. */
  readonly metadataText?: MetadataText
}

const common = (spotcast: SpotCast, forecast: Forecast, publicBaseUrl: string) => {
  const period = makePeriod(spotcast.start, spotcast.numDays)
  return {
    spotcast_id: spotcast.id,
    forecast_id: forecast.id,
    status: forecast.status,
    coordinates: { latitude: spotcast.coordinates.latitude, longitude: spotcast.coordinates.longitude },
    forecast_period: {
      start_date: DateTime.formatIso(period.start),
      end_date: DateTime.formatIso(period.end),
      num_days: period.numDays
    },
    links: { spotcast: spotcastLink(publicBaseUrl, spotcast.id) }
  }
}

const withMetadata = (spotcast: SpotCast) =>
  spotcast.metadata === undefined ? {} : { metadataText: spotcast.metadata }

/**
 * The event for a finished forecast, with every field of both editions (docs/decisions.md):
 * completed adds `summary` and `recommendation` (the most severe daily class); failed adds `error`.
 */
export const forecastEvent = (
  spotcast: SpotCast,
  forecast: Forecast,
  publicBaseUrl: string,
  at: DateTime.Utc
): WebhookEvent => {
  const created_at = DateTime.formatIso(at)
  if (forecast.status === "completed") {
    const analysis = forecast.analysis
    return {
      event: "spotcast.forecast.completed",
      created_at,
      data: {
        ...common(spotcast, forecast, publicBaseUrl),
        ...(analysis === undefined ? {} : {
          summary: analysis.summary,
          recommendation: worstOf(analysis.daily_classifications.map((d) => d.classification))
        })
      },
      ...withMetadata(spotcast)
    }
  }
  return {
    event: "spotcast.forecast.failed",
    created_at,
    data: {
      ...common(spotcast, forecast, publicBaseUrl),
      error: forecast.error ?? { code: "processing_failed", message: "The forecast could not be produced" }
    },
    ...withMetadata(spotcast)
  }
}

/** The bytes sent on every attempt of the delivery: the metadata byte for byte as the client sent it. */
export const eventBody = ({ metadataText, ...event }: WebhookEvent): string =>
  metadataText === undefined
    ? JSON.stringify(event)
    : stringifyWithRaw(metadataText, (slot) => ({ ...event, data: { ...event.data, metadata: slot } }))
