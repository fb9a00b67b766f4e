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

interface Series {
  readonly requests: Metric.Metric.Counter<number>
  readonly seconds: Metric.Metric.Histogram<number>
  readonly limited: Metric.Metric.Counter<number> | undefined
}

/** Tagged metrics made once per method, route and status (a bounded set): tagging per request is costly. */
const series = new Map<string, Series>()

const seriesOf = (method: string, route: string, status: number): Series => {
  const key = `${method} ${route} ${status}`
  let found = series.get(key)
  if (found === undefined) {
    const tags = <M extends Metric.Metric<any, any, any>>(metric: M) =>
      metric.pipe(Metric.tagged("method", method), Metric.tagged("route", route), Metric.tagged("status", String(status))) as M
    found = {
      requests: tags(requestsTotal),
      seconds: tags(requestSeconds),
      limited: status === 429 ? Metric.tagged(rateLimitedTotal, "route", route) : undefined
    }
    series.set(key, found)
  }
  return found
}

/** One answered request, counted at once (a few microseconds: on the hot path, the metrics are updated directly). */
export const recordNow = (method: string, route: string, status: number, durationMillis: number): void => {
  const { limited, requests, seconds } = seriesOf(method, route, status)
  requests.unsafeUpdate(1, [])
  seconds.unsafeUpdate(durationMillis / 1000, [])
  limited?.unsafeUpdate(1, [])
}

/** One answered request. */
export const record = (method: string, route: string, status: number, durationMillis: number) =>
  Effect.sync(() => recordNow(method, route, status, durationMillis))
