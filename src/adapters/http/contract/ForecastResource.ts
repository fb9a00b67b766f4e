import { type DateTime, Schema } from "effect"
import { Analysis } from "../../../domain/forecast/Analysis.js"
import { makePeriod } from "../../../domain/forecast/ForecastPeriod.js"
import type { Forecast } from "../../../domain/forecast/Forecast.js"
import type { SpotCast } from "../../../domain/spotcast/SpotCast.js"
import { ProgressBody, Timestamp, timestamp } from "./Wire.js"

const Unfinished = Schema.Literal("pending", "processing")

/** `latest_forecast` of a SpotCast: completed with its analysis, unfinished with progress, or failed. */
export const LatestForecast = Schema.Union(
  Schema.Struct({
    forecast_id: Schema.String,
    status: Schema.Literal("completed"),
    created_at: Timestamp,
    completed_at: Timestamp,
    ai_analysis: Analysis
  }),
  Schema.Struct({
    forecast_id: Schema.String,
    status: Unfinished,
    created_at: Timestamp,
    progress: ProgressBody
  }),
  Schema.Struct({
    forecast_id: Schema.String,
    status: Schema.Literal("failed"),
    created_at: Timestamp,
    progress: ProgressBody,
    error: Schema.String.annotations({ description: "Why the forecast failed" })
  })
).annotations({ identifier: "LatestForecast" })
export type LatestForecast = typeof LatestForecast.Type

/** The days a forecast covers: from its start to the last second of its last day (UTC). */
export const ForecastPeriodBody = Schema.Struct({
  start_date: Timestamp,
  end_date: Timestamp.annotations({ description: "The last second of the last forecast day" }),
  num_days: Schema.Int
})

export const forecastPeriod = (start: DateTime.Utc, numDays: number): typeof ForecastPeriodBody.Type => {
  const period = makePeriod(start, numDays)
  return { start_date: timestamp(period.start), end_date: timestamp(period.end), num_days: period.numDays }
}

/** GET /v3/spotcast/{id}/forecast/{forecast_id}, by state as the contract lists them. */
export const ForecastResource = Schema.Union(
  Schema.Struct({
    forecast_id: Schema.String,
    spotcast_id: Schema.String,
    status: Schema.Literal("completed"),
    created_at: Timestamp,
    completed_at: Timestamp,
    forecast_period: ForecastPeriodBody,
    ai_analysis: Analysis
  }),
  Schema.Struct({
    forecast_id: Schema.String,
    spotcast_id: Schema.String,
    status: Unfinished,
    created_at: Timestamp,
    forecast_period: ForecastPeriodBody,
    progress: ProgressBody
  }),
  Schema.Struct({
    forecast_id: Schema.String,
    spotcast_id: Schema.String,
    status: Schema.Literal("failed"),
    created_at: Timestamp,
    forecast_period: ForecastPeriodBody,
    progress: ProgressBody,
    error: Schema.String.annotations({ description: "Why the forecast failed" })
  })
).annotations({ identifier: "Forecast" })
export type ForecastResource = typeof ForecastResource.Type

const UNKNOWN_FAILURE = "The forecast could not be produced"

/**
 * The fields of the shape a stored forecast takes: completed, failed or unfinished. A completed
 * forecast without its analysis breaks the store's contract; answering "processing" would be a lie, so
 * it is a defect (500).
 */
const stateFields = (forecast: Forecast) => {
  if (forecast.status === "completed") {
    if (forecast.analysis === undefined || forecast.completedAt === undefined) {
      throw new Error(`forecast ${forecast.id} is completed without its analysis`)
    }
    return {
      status: "completed" as const,
      completed_at: timestamp(forecast.completedAt),
      ai_analysis: forecast.analysis
    }
  }
  if (forecast.status === "failed") {
    return { status: "failed" as const, progress: forecast.progress, error: forecast.error?.message ?? UNKNOWN_FAILURE }
  }
  return { status: forecast.status, progress: forecast.progress }
}

export const latestForecast = (forecast: Forecast): LatestForecast => ({
  forecast_id: forecast.id,
  created_at: timestamp(forecast.createdAt),
  ...stateFields(forecast)
})

export const forecastResource = (spotcast: SpotCast, forecast: Forecast): ForecastResource => ({
  forecast_id: forecast.id,
  spotcast_id: spotcast.id,
  created_at: timestamp(forecast.createdAt),
  forecast_period: forecastPeriod(spotcast.start, spotcast.numDays),
  ...stateFields(forecast)
})

/** One entry of GET /v3/spotcast/{id}/forecasts; `completed_at` only once completed. */
export const ForecastListItem = Schema.Struct({
  forecast_id: Schema.String,
  status: Schema.Literal("pending", "processing", "completed", "failed"),
  created_at: Timestamp,
  completed_at: Schema.optional(Timestamp)
}).annotations({ identifier: "ForecastListItem" })
export type ForecastListItem = typeof ForecastListItem.Type

export const forecastListItem = (forecast: Forecast): ForecastListItem => ({
  forecast_id: forecast.id,
  status: forecast.status,
  created_at: timestamp(forecast.createdAt),
  ...(forecast.status === "completed" && forecast.completedAt !== undefined
    ? { completed_at: timestamp(forecast.completedAt) }
    : {})
})

