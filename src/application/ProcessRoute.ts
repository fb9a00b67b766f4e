import { Cause, DateTime, Effect, Either, Metric } from "effect"
import type { Analysis } from "../domain/forecast/Analysis.js"
import type { Forecast } from "../domain/forecast/Forecast.js"
import type { ForecastError } from "../domain/forecast/ForecastError.js"
import { completed, failed } from "../domain/forecast/ForecastLifecycle.js"
import { isTerminal } from "../domain/forecast/ForecastStatus.js"
import { DeliveryId, IdPrefix, LedgerEntryId } from "../domain/Ids.js"
import { type Job, MAX_JOB_ATTEMPTS } from "../domain/forecast/Job.js"
import { routePrice } from "../domain/billing/Pricing.js"
import { analyzeRoute, routeFigures } from "../domain/route/AnalyzeRoute.js"
import { planPassage, spanDays } from "../domain/route/Passage.js"
import type { Route, RouteAnalysis } from "../domain/route/Route.js"
import { WeatherUnavailable } from "../domain/safety/HourlyWeather.js"
import { apiBase } from "../domain/spotcast/Links.js"
import type { WebhookDelivery } from "../domain/webhook/WebhookDelivery.js"
import { Analyst, type RouteTexts } from "../ports/Analyst.js"
import { RouteStore, type RouteWork } from "../ports/RouteStore.js"
import { Settings } from "../ports/Settings.js"
import { SpotCastStore } from "../ports/SpotCastStore.js"
import { creditsRefundedTotal, timeStage } from "./Metrics.js"
import { newId } from "./NewIds.js"
import { PROCESSING_FAILED, type ProcessOutcome, WEATHER_UNAVAILABLE } from "./ProcessForecast.js"
import { routeWeather } from "./RouteWeather.js"

export const routeLink = (publicBaseUrl: string, routeId: string) => `${apiBase(publicBaseUrl)}/route/${routeId}`

/** The route's price, as it was charged (it depends on the plan alone). */
export const routePriceOf = (route: Route): number =>
  routePrice(spanDays(DateTime.toEpochMillis(route.departure), planPassage(route.waypoints, route.speedKts), route.departureWindowHours))

/** The body of `route.forecast.completed` / `route.forecast.failed`. */
const routeEvent = (route: Route, forecast: Forecast, routeAnalysis: RouteAnalysis | undefined, publicBaseUrl: string, at: DateTime.Utc) => {
  const figures = routeFigures(route)
  const common = {
    route_id: route.id,
    forecast_id: forecast.id,
    status: forecast.status,
    departure_time: DateTime.formatIso(route.departure),
    arrival_time: new Date(figures.arrivalMillis).toISOString(),
    total_distance_nm: figures.totalDistanceNm,
    links: { route: routeLink(publicBaseUrl, route.id) }
  }
  const metadata = route.metadata === undefined ? {} : { metadata: route.metadata }
  return forecast.status === "completed"
    ? {
      event: "route.forecast.completed" as const,
      created_at: DateTime.formatIso(at),
      data: {
        ...common,
        classification: routeAnalysis?.classification,
        summary: routeAnalysis?.summary,
        ...(routeAnalysis?.best_departure === undefined ? {} : { best_departure: routeAnalysis.best_departure }),
        ...metadata
      }
    }
    : {
      event: "route.forecast.failed" as const,
      created_at: DateTime.formatIso(at),
      data: { ...common, error: forecast.error ?? PROCESSING_FAILED, ...metadata }
    }
}

/** The delivery a finished route forecast owes when the route has a webhook URL: same outbox, signing and retries. */
const deliveryFor = Effect.fn("ProcessRoute.delivery")(function*(
  route: Route,
  finished: Forecast,
  routeAnalysis: RouteAnalysis | undefined
) {
  if (route.webhookUrl === undefined) return undefined
  const now = yield* DateTime.now
  const { publicBaseUrl } = yield* Settings
  const event = routeEvent(route, finished, routeAnalysis, publicBaseUrl, now)
  return {
    id: DeliveryId.make(yield* newId(IdPrefix.delivery)),
    accountId: route.accountId,
    spotcastId: route.spotcastId,
    forecastId: finished.id,
    event: event.event,
    url: route.webhookUrl,
    body: JSON.stringify(event),
    status: "pending",
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now
  } satisfies WebhookDelivery
})

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
  const now = yield* DateTime.now
  const analysis = passageAnalysis(routeAnalysis)
  const finished = completed(work.forecast, analysis, now)
  if (Either.isLeft(finished)) return false
  const delivery = yield* deliveryFor(work.route, finished.right, routeAnalysis)
  return yield* (yield* RouteStore).complete({
    forecastId: work.forecast.id,
    analysis,
    routeAnalysis,
    at: now,
    ...(delivery === undefined ? {} : { delivery })
  })
})

/** Fails the route forecast and refunds its charge once, with its webhook, in SpotCastStore's one step. */
const fail = Effect.fn("ProcessRoute.fail")(function*(work: RouteWork, error: ForecastError) {
  const now = yield* DateTime.now
  const finished = failed(work.forecast, error, now)
  if (Either.isLeft(finished)) return false
  const delivery = yield* deliveryFor(work.route, finished.right, undefined)
  const refunded = yield* (yield* SpotCastStore).fail({
    forecastId: work.forecast.id,
    error,
    at: now,
    refundId: LedgerEntryId.make(yield* newId(IdPrefix.ledgerEntry)),
    ...(delivery === undefined ? {} : { delivery })
  })
  if (refunded) yield* Metric.incrementBy(creditsRefundedTotal, routePriceOf(work.route))
  return refunded
})

const analyze = Effect.fn("ProcessRoute.analyze")(function*({ account, forecast, route }: RouteWork) {
  const store = yield* SpotCastStore
  yield* store.advance(forecast.id, "fetching_weather")
  const weather = yield* routeWeather(route, account.mode).pipe(timeStage("fetching_weather"))
  yield* store.advance(forecast.id, "processing_data")
  const analysis = analyzeRoute(route, weather.lookup)
  if (Either.isLeft(analysis)) return yield* new WeatherUnavailable({ reason: analysis.left })
  yield* store.advance(forecast.id, "ai_analysis")
  const { describeRoute } = yield* Analyst
  if (describeRoute === undefined) return analysis.right
  return withTexts(analysis.right, yield* describeRoute({ route, analysis: analysis.right }))
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
  if (isTerminal(work.forecast.status)) return "already_finished" as ProcessOutcome
  if (job.attempts > MAX_JOB_ATTEMPTS) {
    yield* Effect.logError("route forecast job exceeded its attempts", { forecastId: job.forecastId, attempts: job.attempts })
    return (yield* fail(work, PROCESSING_FAILED)) ? "failed" as ProcessOutcome : "already_finished"
  }
  const result = yield* analyze(work).pipe(
    Effect.map(Either.right),
    Effect.catchTags({
      WeatherUnavailable: (e) =>
        Effect.as(
          Effect.logWarning("route weather unavailable", { forecastId: job.forecastId, reason: e.reason }),
          Either.left(WEATHER_UNAVAILABLE)
        )
    }),
    Effect.catchAllCause((cause) =>
      Cause.isInterruptedOnly(cause)
        ? Effect.failCause(cause)
        : Effect.as(Effect.logError("route processing defect", cause), Either.left(PROCESSING_FAILED))
    )
  )
  if (Either.isRight(result)) {
    return (yield* complete(work, result.right)) ? "completed" as ProcessOutcome : "already_finished"
  }
  const refunded = yield* fail(work, result.left)
  return refunded ? "failed" as ProcessOutcome : "already_finished"
})
