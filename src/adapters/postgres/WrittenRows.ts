import { DateTime, Schema } from "effect"
import { Analysis } from "../../domain/forecast/Analysis.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import type { Job } from "../../domain/forecast/Job.js"
import type { LedgerEntry } from "../../domain/billing/Ledger.js"
import type { SpotCast } from "../../domain/spotcast/SpotCast.js"
import { ledgerEntryToRow } from "./LedgerRows.js"
import { spotcastToRow } from "./SpotCastRows.js"

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
  ...spotcastToRow(s),
  created_at: date(s.createdAt),
  start_at: date(s.start)
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
  ...ledgerEntryToRow(e),
  amount: String(e.amount),
  created_at: date(e.createdAt)
})
