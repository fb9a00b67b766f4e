import { DateTime, Effect, Either, Option } from "effect"
import type { Analysis } from "../../domain/forecast/Analysis.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import type { ForecastError } from "../../domain/forecast/ForecastError.js"
import { IdPrefix, LedgerEntryId } from "../../domain/Ids.js"
import type { Job } from "../../domain/forecast/Job.js"
import { analyzeRoute } from "../../domain/route/AnalyzeRoute.js"
import type { Route, RouteAnalysis } from "../../domain/route/Route.js"
import { WeatherUnavailable } from "../../domain/weather/HourlyWeather.js"
import { routeEvent } from "../../domain/webhook/events/RouteEvent.js"
import { Analyst, type RouteTexts } from "../../ports/Analyst.js"
import { ComputePool } from "../../ports/ComputePool.js"
import type { RouteWork } from "../../ports/RouteStore.js"
import { Settings } from "../../ports/Settings.js"
import { SpotCastStore } from "../../ports/SpotCastStore.js"
import { completeForecast, failForecast, type Notice } from "../finish/Finish.js"
import { timeStage } from "../Metrics.js"
import { newId } from "../NewIds.js"
import { produce } from "../finish/Produce.js"
import { routeWeather } from "./RouteWeather.js"
import { sampleZones } from "./SampleZones.js"

/** The event a finished route forecast owes, when the route has a webhook URL (same outbox, signing and retries). */
const noticeFor = (route: Route, routeAnalysis: RouteAnalysis | undefined, publicBaseUrl: string, at: DateTime.Utc) =>
(finished: Forecast): Notice | undefined =>
  route.webhookUrl === undefined
    ? undefined
    : { url: route.webhookUrl, spotcastId: route.spotcastId, event: routeEvent(route, finished, routeAnalysis, publicBaseUrl, at) }

/** The passage as the forecast row's own analysis: its summary and, per UTC date it spans, the worst class of that date's samples. */
const passageAnalysis = (routeAnalysis: RouteAnalysis): Analysis => {
  const byDate = new Map<string, RouteAnalysis["classification"]>()
  const rank = { GO: 0, CAUTION: 1, AVOID: 2 } as const
  for (const s of routeAnalysis.samples) {
    const date = s.eta.slice(0, 10)
    const before = byDate.get(date)
    if (before === undefined || rank[s.classification] > rank[before]) byDate.set(date, s.classification)
  }
  return {
    summary: routeAnalysis.summary,
    daily_classifications: [...byDate.entries()].map(([date, classification]) => ({
      date,
      classification,
      summary: routeAnalysis.summary
    }))
  }
}

const complete = Effect.fn("ProcessRoute.complete")(function*(work: RouteWork, routeAnalysis: RouteAnalysis) {
  const at = yield* DateTime.now
  const { publicBaseUrl } = yield* Settings
  return yield* completeForecast({
    forecastId: work.forecast.id,
    forecast: work.forecast,
    analysis: passageAnalysis(routeAnalysis),
    routeAnalysis,
    at,
    notice: noticeFor(work.route, routeAnalysis, publicBaseUrl, at)
  })
})

/** Fails the route forecast and refunds its charge once, with its webhook, through the one finish path. */
const fail = Effect.fn("ProcessRoute.fail")(function*(work: RouteWork, error: ForecastError) {
  const at = yield* DateTime.now
  const { publicBaseUrl } = yield* Settings
  return yield* failForecast({
    forecastId: work.forecast.id,
    error,
    at,
    refundId: LedgerEntryId.make(yield* newId(IdPrefix.ledgerEntry)),
    notice: noticeFor(work.route, undefined, publicBaseUrl, at)
  })
})

const analyze = Effect.fn("ProcessRoute.analyze")(function*({ account, forecast, route }: RouteWork) {
  const store = yield* SpotCastStore
  yield* store.advance(forecast.id, "fetching_weather")
  const weather = yield* routeWeather(route, account.mode).pipe(timeStage("fetching_weather"))
  yield* store.advance(forecast.id, "processing_data")
  const zones = yield* sampleZones(route)
  // Every sample of every candidate departure: on the compute pool when the process has one (off the
  // request loop), in place otherwise (an embedding).
  const compute = yield* Effect.serviceOption(ComputePool)
  const analysis = Option.isSome(compute)
    ? yield* compute.value.analyzeRoute(route, weather.cells, zones)
    : yield* Either.match(analyzeRoute(route, weather.lookup, zones), {
      onLeft: (reason) => new WeatherUnavailable({ reason }),
      onRight: Effect.succeed
    })
  yield* store.advance(forecast.id, "ai_analysis")
  const { describeRoute } = yield* Analyst
  if (describeRoute === undefined) return analysis
  return withTexts(analysis, yield* describeRoute({ route, analysis }))
})

/** The analyst's words in place of the built-in ones; every class, time and number stays the rules'. */
const withTexts = (analysis: RouteAnalysis, texts: RouteTexts): RouteAnalysis => ({
  ...analysis,
  summary: texts.summary,
  legs: analysis.legs.map((leg, i) => ({ ...leg, summary: texts.legs[i] ?? leg.summary })),
  ...(analysis.best_departure === undefined || texts.bestDepartureReason === undefined
    ? {}
    : { best_departure: { ...analysis.best_departure, reason: texts.bestDepartureReason } })
})

/**
 * Produces one route forecast from its claimed job, like `processForecast`: every way it can go wrong
 * ends in a failed, refunded forecast; only interruption leaves it for the job to be claimed again.
 */
export const processRoute = Effect.fn("ProcessRoute")(function*(job: Job, work: RouteWork) {
  return yield* produce(job, work.forecast, {
    kind: "route forecast",
    run: analyze(work),
    complete: (routeAnalysis) => complete(work, routeAnalysis),
    fail: (error) => fail(work, error)
  })
})
