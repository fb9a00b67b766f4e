import { DateTime } from "effect"
import type { Analysis } from "../../domain/forecast/Analysis.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import type { ForecastErrorCode } from "../../domain/forecast/ForecastError.js"
import type { ForecastStatus } from "../../domain/forecast/ForecastStatus.js"
import type { Stage } from "../../domain/forecast/Progress.js"
import type { AccountId, ForecastId, SpotCastId } from "../../domain/Ids.js"
import type { MetadataText } from "../../domain/spotcast/Metadata.js"
import type { DistanceUnit, HeightUnit, Language, SpeedUnit, TemperatureUnit } from "../../domain/spotcast/Preferences.js"
import type { SpotCast } from "../../domain/spotcast/SpotCast.js"
import type { VesselType } from "../../domain/spotcast/Vessel.js"
import type { WebhookUrl } from "../../domain/webhook/WebhookUrl.js"

/**
 * Rows read back on the hot paths (GET, lists, the worker's read), mapped to the domain without
 * decoding them again: every value was validated when it was written, and the tables constrain what
 * matters (keys, statuses, percentages). Re-validating each id against its pattern, each coordinate
 * against its range and each analysis against its schema cost most of a read's CPU, and a stored value
 * that a later rule would refuse turned a read into a 500. Metadata is kept as the text sent; the
 * analysis is parsed as stored; pg returns `timestamptz` as a Date and integers and doubles as numbers.
 */
export type Row = Readonly<Record<string, unknown>>

const utc = (value: unknown) => DateTime.unsafeMake(value as Date)

const prefixed = (alias: string, columns: ReadonlyArray<string>) =>
  columns.map((c) => `${alias}.${c} AS ${alias}_${c}`).join(", ")

/** The columns of a SpotCast, as `spotcastOfRow` reads them under the prefix `s_` beside other tables'. */
export const SPOTCAST_COLUMNS_AS_S = prefixed("s", [
  "spotcast_id", "account_id", "created_at", "latitude", "longitude", "start_at", "num_days", "trip_duration_hours",
  "metadata", "webhook_url", "language", "distance_units", "speed_units", "height_units",
  "temperature_units", "vessel_type", "vessel_length_ft"
])

/** The SpotCast in a row: a `spotcasts` row (`prefix` ""), or its columns as `s_…` beside other tables'. */
export const spotcastOfRow = (row: Row, prefix = ""): SpotCast => {
  const r = prefix === "" ? row : unprefixed(row, prefix)
  return {
  id: r.spotcast_id as SpotCastId,
  accountId: r.account_id as AccountId,
  createdAt: utc(r.created_at),
  coordinates: { latitude: r.latitude as number, longitude: r.longitude as number },
  start: utc(r.start_at),
  numDays: r.num_days as number,
  preferences: {
    language: r.language as Language,
    distanceUnits: r.distance_units as DistanceUnit,
    speedUnits: r.speed_units as SpeedUnit,
    heightUnits: r.height_units as HeightUnit,
    temperatureUnits: r.temperature_units as TemperatureUnit
  },
  ...(r.trip_duration_hours === null ? {} : { tripDurationHours: r.trip_duration_hours as number }),
  ...(r.metadata === null ? {} : { metadata: r.metadata as MetadataText }),
  ...(r.webhook_url === null ? {} : { webhookUrl: r.webhook_url as WebhookUrl }),
  ...(r.vessel_type === null || r.vessel_length_ft === null
    ? {}
    : { vessel: { type: r.vessel_type as VesselType, lengthFt: r.vessel_length_ft as number } })
  }
}

const unprefixed = (row: Row, prefix: string): Row => {
  const out: Record<string, unknown> = {}
  for (const key in row) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = row[key]
  return out
}

/** The columns of a forecast, as `forecastOfRow` reads them under the prefix `f_` beside another table's. */
export const FORECAST_COLUMNS_AS_F = prefixed("f", [
  "forecast_id", "spotcast_id", "account_id", "created_at", "status", "stage", "percentage", "completed_at",
  "failed_at", "analysis", "error_code", "error_message", "webhook_url"
])

/** The forecast in a row: a `forecasts` row (`prefix` ""), or its columns as `f_…` beside a SpotCast's. */
export const forecastOfRow = (r: Row, prefix = ""): Forecast => {
  const col = (name: string) => r[prefix + name]
  const completedAt = col("completed_at"), failedAt = col("failed_at"), analysis = col("analysis")
  const errorCode = col("error_code"), webhookUrl = col("webhook_url")
  return {
    id: col("forecast_id") as ForecastId,
    spotcastId: col("spotcast_id") as SpotCastId,
    accountId: col("account_id") as AccountId,
    createdAt: utc(col("created_at")),
    status: col("status") as ForecastStatus,
    progress: { stage: col("stage") as Stage, percentage: col("percentage") as number },
    ...(completedAt === null ? {} : { completedAt: utc(completedAt) }),
    ...(failedAt === null ? {} : { failedAt: utc(failedAt) }),
    ...(analysis === null ? {} : { analysis: JSON.parse(analysis as string) as Analysis }),
    ...(errorCode === null
      ? {}
      : { error: { code: errorCode as ForecastErrorCode, message: (col("error_message") as string | null) ?? "" } }),
    ...(webhookUrl === null ? {} : { webhookUrl: webhookUrl as WebhookUrl })
  }
}
