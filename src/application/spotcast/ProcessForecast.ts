import { Clock, DateTime, Effect, Either, Option } from "effect"
import type { Analysis } from "../../domain/forecast/Analysis.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import type { ForecastError } from "../../domain/forecast/ForecastError.js"
import { finishForecast, judgeForecast } from "../../domain/forecast/ForecastSteps.js"
import { makePeriod } from "../../domain/forecast/ForecastPeriod.js"
import { SIMULATED, WeatherUnavailable } from "../../domain/weather/HourlyWeather.js"
import { IdPrefix, LedgerEntryId } from "../../domain/Ids.js"
import { type Job, MAX_JOB_ATTEMPTS } from "../../domain/forecast/Job.js"
import type { SpotCast } from "../../domain/spotcast/SpotCast.js"
import { defaultVessel, type Vessel } from "../../domain/spotcast/Vessel.js"
import type { Coordinates } from "../../domain/spotcast/Coordinates.js"
import type { Preferences } from "../../domain/spotcast/Preferences.js"
import type { ForecastWeather } from "../../domain/weather/ForecastWeather.js"
import { forecastEvent } from "../../domain/webhook/events/SpotCastEvent.js"
import { Analyst, type AnalystShape, AnalystUnavailable } from "../../ports/Analyst.js"
import { ComputePool, type ComputePoolShape } from "../../ports/ComputePool.js"
import { Settings } from "../../ports/Settings.js"
import { type ForecastWork, SpotCastStore } from "../../ports/SpotCastStore.js"
import { WeatherProvider } from "../../ports/WeatherProvider.js"
import { completeForecast, failForecast as finishFailed, type Notice } from "../finish/Finish.js"
import { PROCESSING_FAILED, type ProcessOutcome, produce, WEATHER_UNAVAILABLE } from "../finish/Produce.js"
import { timeStage } from "../Metrics.js"
import { newId } from "../NewIds.js"
import { placeZone } from "../PlaceZone.js"
import { spanned } from "../../ports/Spans.js"

export { PROCESSING_FAILED, type ProcessOutcome, WEATHER_UNAVAILABLE }

/** The event a finished forecast owes, when a URL applies (the refresh's own, else the SpotCast's). */
const noticeFor = (spotcast: SpotCast, publicBaseUrl: string, at: DateTime.Utc) => (finished: Forecast): Notice | undefined => {
  const url = finished.webhookUrl ?? spotcast.webhookUrl
  return url === undefined ? undefined : { url, spotcastId: spotcast.id, event: forecastEvent(spotcast, finished, publicBaseUrl, at) }
}

// Each span made only when tracing (see Spans): every forecast runs through these.

/** Completes the forecast, with its webhook, through the one finish path. */
const complete = Effect.fnUntraced(function*(work: ForecastWork, analysis: Analysis) {
  const at = yield* DateTime.now
  const { publicBaseUrl } = yield* Settings
  return yield* completeForecast({
    forecastId: work.forecast.id,
    forecast: work.forecast,
    analysis,
    at,
    notice: noticeFor(work.spotcast, publicBaseUrl, at)
  })
}, spanned("ProcessForecast.complete"))

/** Fails the forecast and refunds its charge, with its webhook, through the one finish path. */
export const failForecast = Effect.fnUntraced(function*(work: ForecastWork, error: ForecastError) {
  const at = yield* DateTime.now
  const { publicBaseUrl } = yield* Settings
  return yield* finishFailed({
    forecastId: work.forecast.id,
    error,
    at,
    refundId: LedgerEntryId.make(yield* newId(IdPrefix.ledgerEntry)),
    notice: noticeFor(work.spotcast, publicBaseUrl, at)
  })
}, spanned("ProcessForecast.fail"))

export interface AnalysisInput {
  readonly series: ForecastWeather
  readonly dates: ReadonlyArray<string>
  readonly coordinates: Coordinates
  /** The client's vessel; the default one is judged when none was given. */
  readonly vessel: Vessel | undefined
  readonly tripDurationHours: number | undefined
  readonly preferences: Preferences
  /** The analyst's `analyze` (the port's, or the built-in one's in a bench). */
  readonly analyze: AnalystShape["analyze"]
  /** Called before the analyst runs (the worker records the stage). */
  readonly beforeAnalyst?: Effect.Effect<unknown>
  /** When the analysis is issued (UTC, RFC 3339), asked once the analyst has answered. */
  readonly issuedAt: Effect.Effect<string>
  /** No trip window starts before this instant (UTC epoch ms); the Clock's now when absent. */
  readonly notBeforeMillis?: number
  /** Where the pure steps run (a compute pool); in place when absent. */
  readonly compute?: Pick<ComputePoolShape, "judgeForecast" | "finishForecast">
}

/** The pure steps run where they are called: the bench's way, and a caller's without a pool. */
const inPlace: Pick<ComputePoolShape, "judgeForecast" | "finishForecast"> = {
  judgeForecast: (input) =>
    Either.match(judgeForecast(input), { onLeft: (reason) => new WeatherUnavailable({ reason }), onRight: Effect.succeed }),
  finishForecast: (input) =>
    Either.match(finishForecast(input), { onLeft: (reason) => new AnalystUnavailable({ reason }), onRight: Effect.succeed })
}

/**
 * From the weather to the stored analysis: the rules, the extra judgement (current, models), the
 * analyst's words under the safety floor, and the timeline. The pure steps before and after the
 * analyst run on `compute` when given (off the request loop), the analyst between them where it is
 * (a model call is I/O). Exported for bench/pipeline-outputs.ts.
 */
export const forecastAnalysis = Effect.fnUntraced(function*(input: AnalysisInput) {
  const { coordinates, dates, series, tripDurationHours } = input
  const compute = input.compute ?? inPlace
  const vessel = input.vessel ?? defaultVessel
  // No trip window starts before the forecast is issued.
  const notBeforeMillis = input.notBeforeMillis ?? (yield* Clock.currentTimeMillis)
  const judged = yield* compute.judgeForecast({ series, dates, coordinates, vessel, tripDurationHours, notBeforeMillis })
  if (input.beforeAnalyst !== undefined) yield* input.beforeAnalyst
  const proposed = yield* input.analyze({
    coordinates,
    days: judged.days,
    notes: judged.notes,
    confidence: judged.confidence.map((c, i) => ({ ...c, basis: judged.bases[i]! })),
    stories: judged.stories,
    vessel,
    vesselGiven: input.vessel !== undefined,
    preferences: input.preferences,
    simulated: series.source === SIMULATED,
    ...(tripDurationHours === undefined ? {} : { tripDurationHours })
  }).pipe(timeStage("ai_analysis"))
  return yield* compute.finishForecast({
    series,
    days: judged.days,
    confidence: judged.confidence,
    proposed,
    coordinates,
    vessel,
    preferences: input.preferences,
    issuedAt: yield* input.issuedAt
  })
})

/** Weather, then the rules, then the analyst, with progress recorded at each stage. */
const analyze = Effect.fnUntraced(function*({ account, forecast, spotcast }: ForecastWork) {
  const store = yield* SpotCastStore
  const period = makePeriod(spotcast.start, spotcast.numDays)
  // The provider answers the spot's local days in its zone (the geography's) and names that zone: every
  // local date, hour and offset of the forecast is read in it at each instant.
  const timezone = yield* placeZone(spotcast.coordinates)
  // The stage is already fetching_weather: the work was read with it (`readWork`).
  const series = yield* (yield* WeatherProvider).hourly({
    coordinates: spotcast.coordinates,
    dates: period.dates,
    ...(timezone === undefined ? {} : { timezone }),
    mode: account.mode,
    seed: spotcast.id
  }).pipe(timeStage("fetching_weather"))
  yield* store.advance(forecast.id, "processing_data")
  return yield* forecastAnalysis({
    series,
    dates: period.dates,
    coordinates: spotcast.coordinates,
    vessel: spotcast.vessel,
    tripDurationHours: spotcast.tripDurationHours,
    preferences: spotcast.preferences,
    analyze: (yield* Analyst).analyze,
    // The process's compute pool when it has one (`serve` always does); in place otherwise (an embedding).
    ...Option.match(yield* Effect.serviceOption(ComputePool), { onNone: () => ({}), onSome: (compute) => ({ compute }) }),
    beforeAnalyst: store.advance(forecast.id, "ai_analysis"),
    issuedAt: Effect.map(DateTime.now, DateTime.formatIso)
  })
}, spanned("ProcessForecast.analyze"))

/**
 * The work of a claimed job, read with the forecast moved to its first stage in the same step (one
 * statement); a job past its attempts is read without, to be failed where it stands.
 */
export const readWork = (job: Job) =>
  Effect.flatMap(SpotCastStore, (store) =>
    store.work(job.forecastId, job.attempts > MAX_JOB_ATTEMPTS ? undefined : "fetching_weather"))

/**
 * Produces one forecast from its claimed job (`read`: its work, when the caller has read it with
 * `readWork`). Every way it can go wrong ends in a failed, refunded forecast; only interruption
 * (shutdown) leaves it unfinished, for the job to be claimed again.
 */
export const processForecast = Effect.fnUntraced(function*(job: Job, read?: Option.Option<ForecastWork>) {
  const found = read ?? (yield* readWork(job))
  if (Option.isNone(found)) return "missing" as ProcessOutcome
  const work = found.value
  return yield* produce(job, work.forecast, {
    kind: "forecast",
    run: analyze(work),
    complete: (analysis) => complete(work, analysis),
    fail: (error) => failForecast(work, error)
  })
}, spanned("ProcessForecast"))
