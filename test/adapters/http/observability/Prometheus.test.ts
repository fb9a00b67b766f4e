import { assert, describe, it } from "@effect/vitest"
import { Effect, Metric, MetricBoundaries } from "effect"
import { render } from "../../../../src/adapters/http/observability/Prometheus.js"

describe("Prometheus text", () => {
  it.effect("counters, gauges and histograms with HELP, TYPE, escaped labels and ascending buckets ending at +Inf", () =>
    Effect.gen(function*() {
      const counter = Metric.counter("test_prom_requests_total", { description: "Requests", incremental: true })
      const gauge = Metric.gauge("test_prom_depth")
      const histogram = Metric.histogram("test_prom_seconds", MetricBoundaries.fromIterable([0.1, 1]), "Latency")
      yield* Metric.incrementBy(Metric.tagged(counter, "route", "/a\"b\\c"), 3)
      yield* Metric.set(gauge, 7)
      yield* Metric.update(histogram, 0.05)
      yield* Metric.update(histogram, 0.5)
      yield* Metric.update(histogram, 5)
      const text = render((yield* Metric.snapshot).filter((p) => p.metricKey.name.startsWith("test_prom_")))
      assert.strictEqual(
        text,
        [
          "# TYPE test_prom_depth gauge",
          "test_prom_depth 7",
          "# HELP test_prom_requests_total Requests",
          "# TYPE test_prom_requests_total counter",
          "test_prom_requests_total{route=\"/a\\\"b\\\\c\"} 3",
          "# HELP test_prom_seconds Latency",
          "# TYPE test_prom_seconds histogram",
          "test_prom_seconds_bucket{le=\"0.1\"} 1",
          "test_prom_seconds_bucket{le=\"1\"} 2",
          "test_prom_seconds_bucket{le=\"+Inf\"} 3",
          "test_prom_seconds_sum 5.55",
          "test_prom_seconds_count 3",
          ""
        ].join("\n")
      )
    }))
})
