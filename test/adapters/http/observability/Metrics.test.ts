import { HttpClientRequest } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect, Option, Redacted } from "effect"
import { account, awaitFinished, createSpotCast, get } from "../support/Fixtures.js"
import { NO_WEATHER_LATITUDE } from "../support/TestDoubles.js"
import * as TestServer from "../support/TestServer.js"

/** `series -> value` of a Prometheus text page (the registry is process-wide: tests compare before/after). */
const parse = (text: string) => {
  const values = new Map<string, number>()
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue
    const at = line.lastIndexOf(" ")
    values.set(line.slice(0, at), Number(line.slice(at + 1)))
  }
  return values
}

const scrape = Effect.map(get("/metrics"), (r) => {
  assert.strictEqual(r.status, 200, r.text)
  assert.match(r.headers["content-type"] ?? "", /^text\/plain; version=0\.0\.4/)
  return { text: r.text, values: parse(r.text) }
})

const delta = (before: Map<string, number>, after: Map<string, number>, series: string) =>
  (after.get(series) ?? 0) - (before.get(series) ?? 0)

layer(TestServer.layer({ settings: { rateLimitPerMinute: 6 } }), { excludeTestServices: true })("GET /metrics", (it) => {
  it.effect("after traffic: requests and latency by route and status, forecasts by outcome, stages, credits, 429s, queue", () =>
    Effect.gen(function*() {
      const before = (yield* scrape).values
      const { key } = yield* account(100)
      yield* get("/v3/account/balance", key)
      yield* get("/v3/account/balance", key)
      yield* get("/v3/account/balance", "sk_live_nopenopenopenopenopenopenope")
      const ok = yield* createSpotCast(key)
      const bad = yield* createSpotCast(key, { latitude: NO_WEATHER_LATITUDE })
      yield* awaitFinished(ok.id, key) // the polling is rate limited too, in the same window
        .pipe(Effect.catchAllDefect(() => Effect.void))
      let limited = 0
      for (let i = 0; i < 8; i++) if ((yield* get("/v3/account/balance", key)).status === 429) limited++
      assert.isAbove(limited, 0)
      // Both forecasts finish in the background (one fails and is refunded): waited on, bounded generously.
      let scraped = yield* scrape
      const finished = (values: Map<string, number>) =>
        delta(before, values, `spotcast_forecasts_total{outcome="completed"}`) >= 1 &&
        delta(before, values, `spotcast_forecasts_total{outcome="failed"}`) >= 1 &&
        delta(before, values, `spotcast_credits_refunded_total`) >= bad.credits_charged &&
        values.get("spotcast_queue_depth") === 0
      for (let i = 0; i < 600 && !finished(scraped.values); i++) {
        yield* Effect.sleep("50 millis")
        scraped = yield* scrape
      }
      const { text, values: after } = scraped

      const balance200 = `spotcast_http_requests_total{method="GET",route="/v3/account/balance",status="200"}`
      assert.isAtLeast(delta(before, after, balance200), 2)
      assert.strictEqual(delta(before, after, `spotcast_http_requests_total{method="GET",route="/v3/account/balance",status="401"}`), 1)
      assert.strictEqual(delta(before, after, `spotcast_http_requests_total{method="POST",route="/v3/spotcast",status="202"}`), 2)
      assert.isAtLeast(delta(before, after, `spotcast_http_request_duration_seconds_count{method="GET",route="/v3/account/balance",status="200"}`), 2)
      assert.isTrue(after.has(`spotcast_http_request_duration_seconds_bucket{method="GET",route="/v3/account/balance",status="200",le="+Inf"}`))
      assert.isAtLeast(delta(before, after, `spotcast_rate_limited_requests_total{route="/v3/account/balance"}`), limited)
      assert.strictEqual(delta(before, after, `spotcast_credits_charged_total`), ok.credits_charged + bad.credits_charged)
      assert.strictEqual(delta(before, after, `spotcast_credits_refunded_total`), bad.credits_charged)
      assert.strictEqual(delta(before, after, `spotcast_forecasts_total{outcome="completed"}`), 1)
      assert.strictEqual(delta(before, after, `spotcast_forecasts_total{outcome="failed"}`), 1)
      assert.isAtLeast(delta(before, after, `spotcast_forecast_stage_duration_seconds_count{stage="fetching_weather"}`), 2)
      assert.isAtLeast(delta(before, after, `spotcast_forecast_stage_duration_seconds_count{stage="ai_analysis"}`), 1)
      assert.isAtLeast(delta(before, after, `spotcast_queue_wait_seconds_count`), 2)
      assert.strictEqual(after.get("spotcast_queue_depth"), 0)
      assert.include(text, "# TYPE spotcast_http_requests_total counter")
      assert.include(text, "# TYPE spotcast_http_request_duration_seconds histogram")
      assert.notInclude(text, key)
      // Ids never become labels: routes are templates.
      assert.notInclude(text, ok.id)
    }))

  it.effect("/metrics needs no key and is not rate limited", () =>
    Effect.gen(function*() {
      for (let i = 0; i < 10; i++) {
        const r = yield* get("/metrics")
        assert.strictEqual(r.status, 200)
        assert.isUndefined(r.headers["x-ratelimit-limit"])
      }
    }))
})

const TOKEN = "metrics-token-0123456789abcdef"

layer(TestServer.layer({ metrics: { enabled: true, token: Option.some(Redacted.make(TOKEN)) } }), { excludeTestServices: true })(
  "GET /metrics with SPOTCAST_METRICS_TOKEN",
  (it) => {
    it.effect("answers 401 without the bearer token and 200 with it", () =>
      Effect.gen(function*() {
        assert.strictEqual((yield* get("/metrics")).status, 401)
        assert.strictEqual((yield* get("/metrics", "wrong-token-0123456789abcdefgh")).status, 401)
        const r = yield* TestServer.rawText(HttpClientRequest.get("/metrics").pipe(HttpClientRequest.bearerToken(TOKEN)))
        assert.strictEqual(r.status, 200)
        assert.include(r.text, "spotcast_http_requests_total")
      }))
  }
)

layer(TestServer.layer({ metrics: { enabled: false, token: Option.none() } }), { excludeTestServices: true })(
  "SPOTCAST_METRICS=false",
  (it) => {
    it.effect("there is no /metrics", () =>
      Effect.gen(function*() {
        const r = yield* get("/metrics")
        assert.strictEqual(r.status, 404)
        assert.strictEqual(r.json.error.code, "not_found")
      }))
  }
)
