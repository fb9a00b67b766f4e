import { Effect, Metric, MetricBoundaries, MetricLabel } from "effect"

export const requestsTotal = Metric.counter("spotcast_http_requests_total", {
  description: "HTTP requests answered, by method, route and status",
  incremental: true
})

export const requestSeconds = Metric.histogram(
  "spotcast_http_request_duration_seconds",
  MetricBoundaries.fromIterable([0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]),
  "HTTP request latency, by method, route and status"
)

export const rateLimitedTotal = Metric.counter("spotcast_rate_limited_requests_total", {
  description: "Requests refused with 429 by the rate limit, by route",
  incremental: true
})

export const queueDepth = Metric.gauge("spotcast_queue_depth", {
  description: "Forecast jobs waiting or running, read from storage at each scrape"
})

export const dbConnections = Metric.gauge("spotcast_db_connections", {
  description: "Database connections by state of the processes sharing this one's role (application_name), at each scrape"
})

interface Series {
  readonly tags: ReadonlyArray<MetricLabel.MetricLabel>
  readonly limitedTags: ReadonlyArray<MetricLabel.MetricLabel> | undefined
}

/**
 * The labels of each method, route and status (a bounded set), made once: a metric caches its
 * registry entry by the identity of the label array it is updated with, so the same array each time
 * skips a hashed registry lookup per request.
 */
const series = new Map<string, Series>()

const seriesOf = (method: string, route: string, status: number): Series => {
  const key = `${method} ${route} ${status}`
  let found = series.get(key)
  if (found === undefined) {
    found = {
      tags: [MetricLabel.make("method", method), MetricLabel.make("route", route), MetricLabel.make("status", String(status))],
      limitedTags: status === 429 ? [MetricLabel.make("route", route)] : undefined
    }
    series.set(key, found)
  }
  return found
}

/** One answered request, counted at once (a few microseconds: on the hot path, the metrics are updated directly). */
export const recordNow = (method: string, route: string, status: number, durationMillis: number): void => {
  const { limitedTags, tags } = seriesOf(method, route, status)
  requestsTotal.unsafeUpdate(1, tags)
  requestSeconds.unsafeUpdate(durationMillis / 1000, tags)
  if (limitedTags !== undefined) rateLimitedTotal.unsafeUpdate(1, limitedTags)
}

/** One answered request. */
export const record = (method: string, route: string, status: number, durationMillis: number) =>
  Effect.sync(() => recordNow(method, route, status, durationMillis))
