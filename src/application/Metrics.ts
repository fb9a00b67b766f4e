import { Clock, Duration, Effect, Metric, MetricBoundaries } from "effect"

/**
 * What the core counts, as Effect metrics (the HTTP adapter's /metrics renders every metric in the
 * process). Names follow Prometheus conventions: `_total` counters, `_seconds` histograms.
 */
const seconds = MetricBoundaries.fromIterable([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60])

export const forecastsTotal = Metric.counter("spotcast_forecasts_total", {
  description: "Forecasts finished, by outcome (completed, failed)",
  incremental: true
})

export const forecastStageSeconds = Metric.histogram(
  "spotcast_forecast_stage_duration_seconds",
  seconds,
  "Time spent in each forecast stage (fetching_weather, processing_data, ai_analysis)"
)

export const queueWaitSeconds = Metric.histogram(
  "spotcast_queue_wait_seconds",
  MetricBoundaries.fromIterable([0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 300]),
  "Age of a forecast job when a worker claims it"
)

export const webhookAttemptsTotal = Metric.counter("spotcast_webhook_attempts_total", {
  description: "Webhook delivery attempts, by outcome (delivered, failed)",
  incremental: true
})

export const creditsChargedTotal = Metric.counter("spotcast_credits_charged_total", {
  description: "Credits charged for forecasts (idempotent replays not counted)",
  incremental: true
})

export const creditsRefundedTotal = Metric.counter("spotcast_credits_refunded_total", {
  description: "Credits refunded for failed forecasts",
  incremental: true
})

// One tagged histogram per stage, made once: tagging makes a new metric key (and hashes it) each time.
const stageSeconds = new Map<string, typeof forecastStageSeconds>()
const stageMetric = (stage: string) => {
  let metric = stageSeconds.get(stage)
  if (metric === undefined) {
    metric = Metric.tagged(forecastStageSeconds, "stage", stage)
    stageSeconds.set(stage, metric)
  }
  return metric
}

/** Times one stage of a forecast, however it ends (a failed weather fetch takes time too). */
export const timeStage = (stage: string) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Clock.currentTimeNanos, (started) =>
    Effect.onExit(effect, () =>
      Effect.flatMap(Clock.currentTimeNanos, (ended) =>
        Metric.update(stageMetric(stage), Duration.toSeconds(Duration.nanos(ended - started))))))
