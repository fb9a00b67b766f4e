import { Metric } from "effect"

/** Every HTTP request sent to a weather provider, retries included (what a per-call plan bills). */
export const upstreamCallsTotal = Metric.counter("spotcast_weather_upstream_calls_total", {
  description: "HTTP requests sent to a weather provider, retries included, by provider and api",
  incremental: true
})

/** Answers the shared weather cache gave without an upstream call of this caller's own. */
export const cacheHitsTotal = Metric.counter("spotcast_weather_cache_hits_total", {
  description: "Weather answers served from the shared cache or another caller's call in flight, by provider",
  incremental: true
})

/** Answers the shared weather cache did not have: this caller asked the provider. */
export const cacheMissesTotal = Metric.counter("spotcast_weather_cache_misses_total", {
  description: "Weather answers the shared cache did not have (the provider was asked), by provider",
  incremental: true
})
