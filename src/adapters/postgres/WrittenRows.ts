import { DateTime, Schema } from "effect"
import { Analysis } from "../../domain/forecast/Analysis.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import type { Job } from "../../domain/forecast/Job.js"
import type { LedgerEntry } from "../../domain/billing/Ledger.js"
import type { SpotCast } from "../../domain/spotcast/SpotCast.js"

/**
 * The rows a create writes (its SpotCast, forecast, job and charge), mapped from the domain values
 * without encoding them through their row schemas: the values were built by the core from a decoded
 * request, so checking each id against its pattern and each coordinate against its range again cost a
 * good share of a create's CPU, much of it inside the account's row lock. Each function gives what
 * `Schema.encode` of the row schema gives (WrittenRows.test checks it): `timestamptz` as a Date, credits
 * as text, absent optional fields as NULL.
 */
const date = (t: DateTime.Utc) => new Date(DateTime.toEpochMillis(t))

/** A `spotcasts` row, as `SpotCastFromRow` encodes it. */
export const spotcastRow = (s: SpotCast) => ({
  account_id: s.accountId,
  spotcast_id: s.id,
  created_at: date(s.createdAt),
  latitude: s.coordinates.latitude,
  longitude: s.coordinates.longitude,
  start_at: date(s.start),
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

// A new forecast has no analysis; one given is encoded as its schema says (never on the create path).
const analysisJson = Schema.encodeSync(Schema.parseJson(Analysis))

/** A `forecasts` row, as `ForecastFromRow` encodes it. */
export const forecastRow = (f: Forecast) => ({
  account_id: f.accountId,
  forecast_id: f.id,
  spotcast_id: f.spotcastId,
  created_at: date(f.createdAt),
  status: f.status,
  stage: f.progress.stage,
  percentage: f.progress.percentage,
  completed_at: f.completedAt === undefined ? null : date(f.completedAt),
  failed_at: f.failedAt === undefined ? null : date(f.failedAt),
  analysis: f.analysis === undefined ? null : analysisJson(f.analysis),
  error_code: f.error?.code ?? null,
  error_message: f.error?.message ?? null,
  webhook_url: f.webhookUrl ?? null
})

/** A `jobs` row, as `JobFromRow` encodes it. */
export const jobRow = (j: Job) => ({
  account_id: j.accountId,
  forecast_id: j.forecastId,
  attempts: j.attempts,
  available_at: date(j.availableAt),
  lease_owner: j.leaseOwner ?? null,
  lease_until: j.leaseUntil === undefined ? null : date(j.leaseUntil),
  ...(j.kind === undefined ? {} : { of_route: j.kind === "route" })
})

/** A `ledger_entries` row, as `LedgerEntryFromRow` encodes it. */
export const ledgerEntryRow = (e: LedgerEntry) => ({
  account_id: e.accountId,
  entry_id: e.id,
  kind: e.kind,
  amount: String(e.amount),
  forecast_id: e.forecastId ?? null,
  widget_id: e.widgetId ?? null,
  route_id: e.routeId ?? null,
  refund_of: e.refundOf ?? null,
  product: e.product ?? null,
  note: e.note ?? null,
  created_at: date(e.createdAt)
})
