import { Effect, Metric, MetricBoundaries } from "effect"

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

/** One answered request. */
export const record = (method: string, route: string, status: number, durationMillis: number) =>
  Effect.gen(function*() {
    const tagged = <M extends Metric.Metric<any, any, any>>(metric: M) =>
      metric.pipe(Metric.tagged("method", method), Metric.tagged("route", route), Metric.tagged("status", String(status))) as M
    yield* Metric.increment(tagged(requestsTotal))
    yield* Metric.update(tagged(requestSeconds), durationMillis / 1000)
    if (status === 429) yield* Metric.increment(Metric.tagged(rateLimitedTotal, "route", route))
  })
