import { NodeHttpClient } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Fiber, Layer, Metric, TestClock } from "effect"
import * as MemoryWeatherCache from "../../../src/adapters/memory/MemoryWeatherCache.js"
import * as OpenMeteoWeather from "../../../src/adapters/weather/OpenMeteoWeather.js"
import * as SharedWeatherCache from "../../../src/adapters/weather/SharedWeatherCache.js"
import { cacheHitsTotal, cacheMissesTotal, upstreamCallsTotal } from "../../../src/adapters/weather/WeatherMetrics.js"
import * as Prometheus from "../../../src/adapters/http/observability/Prometheus.js"
import type { ForecastWeather } from "../../../src/domain/weather/ForecastWeather.js"
import { WeatherUnavailable } from "../../../src/domain/weather/HourlyWeather.js"
import { WeatherCacheStore } from "../../../src/ports/WeatherCacheStore.js"
import type { WeatherProviderShape, WeatherRequest } from "../../../src/ports/WeatherProvider.js"
import { describeServer, serverStorage } from "../postgres/TestDatabase.js"
import { fakeOpenMeteo, ok, redated } from "./OpenMeteoFake.js"

const D1 = "2026-11-23"
const D2 = "2026-11-24"

const request = (latitude: number, longitude: number, dates: ReadonlyArray<string> = [D1, D2]): WeatherRequest => ({
  coordinates: { latitude, longitude },
  dates,
  mode: "live",
  seed: "spc_test"
})

const hour = (time: string, wind: number) => ({
  time,
  wind_speed_kt: wind,
  wind_gust_kt: wind + 5.25,
  wind_direction_deg: 270,
  wave_height_ft: 2.1,
  wave_period_s: 6,
  wave_direction_deg: 260,
  swell_height_ft: null,
  swell_period_s: null,
  swell_direction_deg: null,
  visibility_nm: 10,
  precipitation_probability_pct: 5,
  precipitation_mm_per_h: 0,
  air_temp_c: 12.3,
  water_temp_c: 10.1,
  weather_code: 1,
  tide_height_ft: 0.4
})

/** A provider that counts its calls, answers after `latency` (on the fiber's clock) or fails when told to. */
const countingProvider = (latency = Duration.zero) => {
  const calls: Array<WeatherRequest> = []
  let failing: string | undefined
  const provider: WeatherProviderShape = {
    hourly: (r) =>
      Effect.gen(function*() {
        calls.push(r)
        yield* Effect.sleep(latency)
        if (failing !== undefined) return yield* new WeatherUnavailable({ reason: failing })
        const answer: ForecastWeather = {
          source: "open-meteo",
          utcOffsetSeconds: 3600,
          timezone: "Europe/Amsterdam",
          hours: r.dates.map((d, i) => hour(`${d}T00:00`, 10 + i + r.coordinates.latitude / 100)),
          models: ["m1", "m2"],
          runs: [{ model: "m1", hours: [hour(`${r.dates[0]}T00:00`, 10)] }],
          missingModels: ["m2"]
        }
        return answer
      })
  }
  return { provider, calls, fail: (reason: string | undefined) => (failing = reason) }
}

let providers = 0
const options = (over: Partial<SharedWeatherCache.SharedWeatherCacheOptions> = {}): SharedWeatherCache.SharedWeatherCacheOptions => ({
  // A provider name of its own per test, so the metric deltas are the test's.
  provider: `test-${++providers}`,
  variant: "m1,m2",
  ttl: Duration.minutes(5),
  ...over
})

const counter = (metric: typeof cacheHitsTotal, provider: string) =>
  Effect.map(Metric.value(Metric.tagged(metric, "provider", provider)), (state) => state.count)

describe("SharedWeatherCache over a counting provider (memory store)", () => {
  it.scoped("callers in the same 0.01° cell with the same dates share one upstream call and get the same answer", () =>
    Effect.gen(function*() {
      const fake = countingProvider(Duration.millis(50))
      const opts = options()
      const cached = yield* SharedWeatherCache.make(opts, fake.provider)
      const fiber = yield* Effect.fork(Effect.forEach(
        [[52.0061, 4.2921], [52.0058, 4.2919], [52.0064, 4.2924], [52.006, 4.292]] as const,
        ([lat, lon]) => cached.hourly(request(lat, lon, [D2, D1, D2])),
        { concurrency: "unbounded" }
      ))
      yield* TestClock.adjust(Duration.millis(50))
      const answers = yield* Fiber.join(fiber)
      assert.strictEqual(fake.calls.length, 1)
      // The provider was asked the cell's question: coordinates on the grid, dates sorted and distinct.
      assert.deepStrictEqual(fake.calls[0]!.coordinates, { latitude: 52.01, longitude: 4.29 })
      assert.deepStrictEqual(fake.calls[0]!.dates, [D1, D2])
      for (const a of answers) assert.deepStrictEqual(a, answers[0])
      // Later callers read the stored copy, equal to what the provider gave.
      const again = yield* cached.hourly(request(52.0059, 4.2899))
      assert.deepStrictEqual(again, answers[0])
      assert.strictEqual(fake.calls.length, 1)
      assert.strictEqual(yield* counter(cacheMissesTotal, opts.provider), 1)
      assert.strictEqual(yield* counter(cacheHitsTotal, opts.provider), 4)
    }).pipe(Effect.provide(MemoryWeatherCache.layer)))

  it.scoped("another cell, other dates or other models are other questions", () =>
    Effect.gen(function*() {
      const fake = countingProvider()
      const a = yield* SharedWeatherCache.make(options({ provider: "same" }), fake.provider)
      const b = yield* SharedWeatherCache.make(options({ provider: "same", variant: "m1" }), fake.provider)
      yield* a.hourly(request(52.006, 4.292))
      yield* a.hourly(request(52.016, 4.292))
      yield* a.hourly(request(52.006, 4.292, [D1]))
      yield* b.hourly(request(52.006, 4.292))
      assert.strictEqual(fake.calls.length, 4)
      yield* a.hourly(request(52.006, 4.292))
      yield* b.hourly(request(52.006, 4.292))
      assert.strictEqual(fake.calls.length, 4)
    }).pipe(Effect.provide(MemoryWeatherCache.layer)))

  it.scoped("an answer is shared for the TTL, then asked again", () =>
    Effect.gen(function*() {
      const fake = countingProvider()
      const cached = yield* SharedWeatherCache.make(options({ ttl: Duration.seconds(300) }), fake.provider)
      yield* cached.hourly(request(52.006, 4.292))
      yield* TestClock.adjust(Duration.seconds(299))
      yield* cached.hourly(request(52.006, 4.292))
      assert.strictEqual(fake.calls.length, 1)
      yield* TestClock.adjust(Duration.seconds(1))
      yield* cached.hourly(request(52.006, 4.292))
      assert.strictEqual(fake.calls.length, 2)
    }).pipe(Effect.provide(MemoryWeatherCache.layer)))

  it.scoped("a failure reaches every caller that shared the call and is not cached", () =>
    Effect.gen(function*() {
      const fake = countingProvider(Duration.millis(10))
      fake.fail("open-meteo forecast: HTTP 503")
      const cached = yield* SharedWeatherCache.make(options(), fake.provider)
      const fiber = yield* Effect.fork(Effect.forEach(
        [1, 2, 3],
        () => Effect.flip(cached.hourly(request(52.006, 4.292))),
        { concurrency: "unbounded" }
      ))
      yield* TestClock.adjust(Duration.millis(10))
      const errors = yield* Fiber.join(fiber)
      assert.strictEqual(fake.calls.length, 1)
      for (const e of errors) assert.strictEqual(e.reason, "open-meteo forecast: HTTP 503")
      fake.fail(undefined)
      const later = yield* Effect.fork(cached.hourly(request(52.006, 4.292)))
      yield* TestClock.adjust(Duration.millis(10))
      const answer = yield* Fiber.join(later)
      assert.strictEqual(fake.calls.length, 2)
      assert.strictEqual(answer.source, "open-meteo")
    }).pipe(Effect.provide(MemoryWeatherCache.layer)))

  it.scoped("two processes on one store: the second waits for the first's call instead of making its own", () =>
    Effect.gen(function*() {
      const fake = countingProvider(Duration.seconds(2))
      const opts = options()
      const first = yield* SharedWeatherCache.make(opts, fake.provider)
      const second = yield* SharedWeatherCache.make(opts, fake.provider)
      const a = yield* Effect.fork(first.hourly(request(52.006, 4.292)))
      yield* TestClock.adjust(Duration.millis(1))
      const b = yield* Effect.fork(second.hourly(request(52.006, 4.292)))
      yield* TestClock.adjust(Duration.seconds(3))
      const [x, y] = [yield* Fiber.join(a), yield* Fiber.join(b)]
      assert.strictEqual(fake.calls.length, 1)
      assert.deepStrictEqual(x, y)
    }).pipe(Effect.provide(MemoryWeatherCache.layer)))

  it.scoped("a claim whose holder died lapses at its lease, and a waiter then asks upstream itself", () =>
    Effect.gen(function*() {
      const fake = countingProvider()
      const opts = options({ lease: Duration.seconds(15) })
      const store = yield* WeatherCacheStore
      const asked = SharedWeatherCache.normalized(request(52.006, 4.292), 2)
      // A process took the claim and was killed: nobody renews it.
      const ghost = yield* store.look({
        key: SharedWeatherCache.keyOf(opts, asked),
        owner: "ghost",
        nowMillis: 0,
        waitingSinceMillis: 0,
        leaseUntilMillis: 15_000
      })
      assert.strictEqual(ghost._tag, "Claimed")
      const cached = yield* SharedWeatherCache.make(opts, fake.provider)
      const fiber = yield* Effect.fork(cached.hourly(request(52.006, 4.292)))
      yield* TestClock.adjust(Duration.seconds(10))
      assert.strictEqual(fake.calls.length, 0, "waits while the lease is live")
      yield* TestClock.adjust(Duration.seconds(6))
      const answer = yield* Fiber.join(fiber)
      assert.strictEqual(fake.calls.length, 1)
      assert.strictEqual(answer.source, "open-meteo")
    }).pipe(Effect.provide(MemoryWeatherCache.layer)))

  it.scoped("a holder renews its claim while upstream is slow, so waiters do not call too", () =>
    Effect.gen(function*() {
      const fake = countingProvider(Duration.seconds(40))
      const opts = options({ lease: Duration.seconds(15), maxWait: Duration.seconds(120) })
      const first = yield* SharedWeatherCache.make(opts, fake.provider)
      const second = yield* SharedWeatherCache.make(opts, fake.provider)
      const a = yield* Effect.fork(first.hourly(request(52.006, 4.292)))
      yield* TestClock.adjust(Duration.millis(1))
      const b = yield* Effect.fork(second.hourly(request(52.006, 4.292)))
      for (let s = 0; s < 45; s++) yield* TestClock.adjust(Duration.seconds(1))
      yield* Fiber.join(a)
      yield* Fiber.join(b)
      assert.strictEqual(fake.calls.length, 1)
    }).pipe(Effect.provide(MemoryWeatherCache.layer)))

  it.scoped("an interrupted caller does not cancel the call the others share", () =>
    Effect.gen(function*() {
      const fake = countingProvider(Duration.seconds(1))
      const cached = yield* SharedWeatherCache.make(options(), fake.provider)
      const quitter = yield* Effect.fork(cached.hourly(request(52.006, 4.292)))
      const stayer = yield* Effect.fork(cached.hourly(request(52.006, 4.292)))
      yield* TestClock.adjust(Duration.millis(100))
      yield* Fiber.interrupt(quitter)
      yield* TestClock.adjust(Duration.seconds(1))
      const answer = yield* Fiber.join(stayer)
      assert.strictEqual(answer.source, "open-meteo")
      assert.strictEqual(fake.calls.length, 1)
    }).pipe(Effect.provide(MemoryWeatherCache.layer)))
})

describe("SharedWeatherCache over Open-Meteo", () => {
  it.scopedLive("the cached answer equals Open-Meteo's own, field for field, and the second ask makes no HTTP call", () =>
    Effect.gen(function*() {
      const fake = yield* fakeOpenMeteo({
        forecast: (params) => ok(redated("hoek-van-holland.forecast.json", params)),
        marine: (params) => ok(redated("hoek-van-holland.marine.json", params))
      })
      const urls = { forecastUrl: fake.forecastUrl, marineUrl: fake.marineUrl, retries: 0 }
      const direct = yield* OpenMeteoWeather.make(urls)
      const inner = yield* OpenMeteoWeather.make({ ...urls, cacheTtl: Duration.zero })
      const cached = yield* SharedWeatherCache.make(options({ provider: "open-meteo-test" }), inner)
      const expected = yield* direct.hourly(request(52.006, 4.292))
      const callsBefore = fake.calls.length
      const upstream = (api: string) =>
        Effect.map(Metric.value(Metric.tagged(Metric.tagged(upstreamCallsTotal, "provider", "open-meteo"), "api", api)), (s) => s.count)
      const [forecastBefore, marineBefore] = [yield* upstream("forecast"), yield* upstream("marine")]
      const first = yield* cached.hourly(request(52.006, 4.292))
      const second = yield* cached.hourly(request(52.0061, 4.2921))
      assert.deepStrictEqual(first, expected)
      assert.deepStrictEqual(second, expected)
      assert.strictEqual(fake.calls.length - callsBefore, 2, "one forecast and one marine call for both asks")
      // The metrics count the same calls, and /metrics shows them with the cache's hits and misses.
      assert.strictEqual((yield* upstream("forecast")) - forecastBefore, 1)
      assert.strictEqual((yield* upstream("marine")) - marineBefore, 1)
      const text = Prometheus.render(yield* Prometheus.scrape)
      assert.match(text, /^spotcast_weather_upstream_calls_total\{provider="open-meteo",api="forecast"\} \d+$/m)
      assert.match(text, /^spotcast_weather_cache_hits_total\{provider="open-meteo-test"\} 1$/m)
      assert.match(text, /^spotcast_weather_cache_misses_total\{provider="open-meteo-test"\} 1$/m)
    }).pipe(Effect.provide(Layer.merge(MemoryWeatherCache.layer, NodeHttpClient.layerUndici))))
})

await describeServer("SharedWeatherCache on the Postgres server", () => {
  it.scopedLive("four processes asking for the same cell at once make one upstream call", () =>
    Effect.gen(function*() {
      const fake = countingProvider(Duration.millis(300))
      const opts = options()
      const processes = yield* Effect.forEach([1, 2, 3, 4], () => SharedWeatherCache.make(opts, fake.provider))
      const answers = yield* Effect.forEach(
        processes.flatMap((p) => [p, p, p]),
        (p) => p.hourly(request(43.2961, 5.3699)),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(fake.calls.length, 1)
      for (const a of answers) assert.deepStrictEqual(a, answers[0])
    }).pipe(Effect.provide(Layer.orDie(serverStorage({ maxConnections: 4 })))), 60_000)
})
