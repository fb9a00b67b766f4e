import { Schema } from "effect"
import { Analysis } from "../../domain/forecast/Analysis.js"
import { Latitude, Longitude } from "../../domain/spotcast/Coordinates.js"
import { Forecast } from "../../domain/forecast/Forecast.js"
import { ForecastErrorCode } from "../../domain/forecast/ForecastError.js"
import { ForecastStatus } from "../../domain/forecast/ForecastStatus.js"
import { AccountId, ForecastId, SpotCastId } from "../../domain/Ids.js"
import { MetadataText } from "../../domain/spotcast/Metadata.js"
import { DistanceUnit, HeightUnit, Language, SpeedUnit, TemperatureUnit } from "../../domain/spotcast/Preferences.js"
import { Stage } from "../../domain/forecast/Progress.js"
import { SpotCast } from "../../domain/spotcast/SpotCast.js"
import { VesselLength, VesselType } from "../../domain/spotcast/Vessel.js"
import { WebhookUrl } from "../../domain/webhook/WebhookUrl.js"
import { OptionalTimestamp, Timestamp } from "./Columns.js"


export const SpotCastRow = Schema.Struct({
  account_id: AccountId,
  spotcast_id: SpotCastId,
  created_at: Timestamp,
  latitude: Latitude,
  longitude: Longitude,
  start_at: Timestamp,
  num_days: Schema.Int,
  trip_duration_hours: Schema.NullOr(Schema.Int),
  /** The client's JSON text as sent: stored as text, not jsonb, so it is echoed back byte for byte. */
  metadata: Schema.NullOr(MetadataText),
  webhook_url: Schema.NullOr(WebhookUrl),
  language: Language,
  distance_units: DistanceUnit,
  speed_units: SpeedUnit,
  height_units: HeightUnit,
  temperature_units: TemperatureUnit,
  vessel_type: Schema.NullOr(VesselType),
  vessel_length_ft: Schema.NullOr(VesselLength)
})

type SpotCastRowType = typeof SpotCastRow.Type

const spotcastFromRow = (r: SpotCastRowType): SpotCast => ({
    id: r.spotcast_id,
    accountId: r.account_id,
    createdAt: r.created_at,
    coordinates: { latitude: r.latitude, longitude: r.longitude },
    start: r.start_at,
    numDays: r.num_days,
    preferences: {
      language: r.language,
      distanceUnits: r.distance_units,
      speedUnits: r.speed_units,
      heightUnits: r.height_units,
      temperatureUnits: r.temperature_units
    },
    ...(r.trip_duration_hours === null ? {} : { tripDurationHours: r.trip_duration_hours }),
    ...(r.metadata === null ? {} : { metadata: r.metadata }),
    ...(r.webhook_url === null ? {} : { webhookUrl: r.webhook_url }),
    ...(r.vessel_type === null || r.vessel_length_ft === null
      ? {}
      : { vessel: { type: r.vessel_type, lengthFt: r.vessel_length_ft } })
})

/** A `spotcasts` row's fields from a SpotCast, its times still `DateTime`s (the row schema's type side). */
export const spotcastToRow = (s: SpotCast): SpotCastRowType => ({
    account_id: s.accountId,
    spotcast_id: s.id,
    created_at: s.createdAt,
    latitude: s.coordinates.latitude,
    longitude: s.coordinates.longitude,
    start_at: s.start,
    num_days: s.numDays,
    trip_duration_hours: s.tripDurationHours ?? null,
    metadata: s.metadata ?? null,
    webhook_url: s.webhookUrl ?? null,
    language: s.preferences.language,
    distance_units: s.preferences.distanceUnits,
    speed_units: s.preferences.speedUnits,
    height_units: s.preferences.heightUnits,
    temperature_units: s.preferences.temperatureUnits,
    vessel_type: s.vessel?.type ?? null,
    vessel_length_ft: s.vessel?.lengthFt ?? null
})

export const SpotCastFromRow = Schema.transform(SpotCastRow, Schema.typeSchema(SpotCast), {
  strict: true,
  decode: spotcastFromRow,
  encode: spotcastToRow
})

/**
 * A SpotCast with the bookkeeping its row keeps (forecast count, newest forecast), which makes a read
 * or a list page a fixed number of index lookups.
 */
export const SpotCastHeadFromRow = Schema.transform(
  Schema.Struct({ ...SpotCastRow.fields, forecast_count: Schema.Int, latest_forecast_id: ForecastId }),
  Schema.typeSchema(Schema.Struct({ spotcast: SpotCast, forecastCount: Schema.Int, latestForecastId: ForecastId })),
  {
    strict: true,
    decode: ({ forecast_count, latest_forecast_id, ...row }) => ({
      spotcast: spotcastFromRow(row),
      forecastCount: forecast_count,
      latestForecastId: latest_forecast_id
    }),
    encode: ({ forecastCount, latestForecastId, spotcast }) => ({
      ...spotcastToRow(spotcast),
      forecast_count: forecastCount,
      latest_forecast_id: latestForecastId
    })
  }
)

export const ForecastRow = Schema.Struct({
  account_id: AccountId,
  forecast_id: ForecastId,
  spotcast_id: SpotCastId,
  created_at: Timestamp,
  status: ForecastStatus,
  stage: Stage,
  percentage: Schema.Int,
  completed_at: OptionalTimestamp,
  failed_at: OptionalTimestamp,
  analysis: Schema.NullOr(Schema.parseJson(Analysis)),
  error_code: Schema.NullOr(ForecastErrorCode),
  error_message: Schema.NullOr(Schema.String),
  webhook_url: Schema.NullOr(WebhookUrl)
})

export const ForecastFromRow = Schema.transform(ForecastRow, Schema.typeSchema(Forecast), {
  strict: true,
  decode: (r) => ({
    id: r.forecast_id,
    spotcastId: r.spotcast_id,
    accountId: r.account_id,
    createdAt: r.created_at,
    status: r.status,
    progress: { stage: r.stage, percentage: r.percentage },
    ...(r.completed_at === null ? {} : { completedAt: r.completed_at }),
    ...(r.failed_at === null ? {} : { failedAt: r.failed_at }),
    ...(r.analysis === null ? {} : { analysis: r.analysis }),
    ...(r.error_code === null ? {} : { error: { code: r.error_code, message: r.error_message ?? "" } }),
    ...(r.webhook_url === null ? {} : { webhookUrl: r.webhook_url })
  }),
  encode: (f) => ({
    account_id: f.accountId,
    forecast_id: f.id,
    spotcast_id: f.spotcastId,
    created_at: f.createdAt,
    status: f.status,
    stage: f.progress.stage,
    percentage: f.progress.percentage,
    completed_at: f.completedAt ?? null,
    failed_at: f.failedAt ?? null,
    analysis: f.analysis ?? null,
    error_code: f.error?.code ?? null,
    error_message: f.error?.message ?? null,
    webhook_url: f.webhookUrl ?? null
  })
})
