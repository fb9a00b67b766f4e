/**
 * Upstream economy: Open-Meteo calls per 1,000 forecasts for a realistic mix, before and after the
 * shared weather cache, in one run.
 *
 * The mix (seeded, the same in every scenario), 1,000 forecasts over 50 minutes of simulated time:
 * - 500 new SpotCasts at 25 popular spots (marinas, weighted toward the busiest), each point jittered up
 *   to ±0.012° (about 1 km) so neighbours often fall in the same 0.01° cell and sometimes not; 1–3 days
 *   starting today, tomorrow or the day after;
 * - 200 refreshes of one of those SpotCasts, 1 to 20 minutes after it (same point, same dates);
 * - 300 widget auto-refreshes: 60 widgets at fixed points, each refreshed every 10 minutes, due in
 *   batches as the scheduler claims them.
 * Each forecast goes to one of WORKERS worker processes (round robin) and asks its weather provider once.
 * Open-Meteo is a loopback fake answering in 20 ms; every HTTP request it receives is counted (each cell
 * fetch is two: forecast and marine).
 *
 * Time is simulated: the caches read a clock that jumps from one moment of the mix to the next, while
 * the upstream latency and the cache's polls take real time. Forecasts due at the same moment (widget
 * batches) run at once; otherwise each moment waits for the previous one to have its weather, so the
 * counts do not depend on the machine's speed or load. A scenario lasts well under a minute.
 * Scenarios:
 * - before, 1 process / 4 processes: Open-Meteo's per-process cache (today's behaviour in each process);
 * - after, 4 processes: the shared cache on a Postgres server (a scratch database), each "process" a
 *   separate provider stack with its own in-process state; they share one connection pool here, which
 *   changes nothing the cache relies on (claims are rows, not sessions).
 * Run: `npx vite-node bench/weather-upstream.ts` (TEST_DATABASE_URL as for the tests).
 */
import { NodeHttpClient } from "@effect/platform-node"
import { readFileSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { Clock, Duration, Effect, Layer, Metric } from "effect"
import { scratchDatabase } from "./ScratchDatabase.js"
import * as MemoryWeatherCache from "../src/adapters/memory/MemoryWeatherCache.js"
import * as PostgresStorage from "../src/adapters/postgres/PostgresStorage.js"
import * as OpenMeteoWeather from "../src/adapters/weather/OpenMeteoWeather.js"
import * as SharedWeatherCache from "../src/adapters/weather/SharedWeatherCache.js"
import { cacheHitsTotal, cacheMissesTotal } from "../src/adapters/weather/WeatherMetrics.js"
import type { WeatherProviderShape, WeatherRequest } from "../src/ports/WeatherProvider.js"

const WORKERS = 4
const TTL_SECONDS = 300
const UPSTREAM_LATENCY_MS = 20
const DAY = 86_400_000

// --- the mix -------------------------------------------------------------------------------------

/** mulberry32: a small seeded generator, so every scenario gets the same mix. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

interface Event {
  readonly at: number // simulated seconds
  readonly kind: "new" | "refresh" | "widget"
  readonly request: WeatherRequest
}

const today = Date.UTC(2026, 10, 26)
const dateAt = (offsetDays: number) => new Date(today + offsetDays * DAY).toISOString().slice(0, 10)
const datesFrom = (start: number, days: number) => Array.from({ length: days }, (_, i) => dateAt(start + i))
const ask = (latitude: number, longitude: number, dates: ReadonlyArray<string>): WeatherRequest => ({
  coordinates: { latitude, longitude },
  dates,
  mode: "live",
  seed: "bench"
})

const mix = (): ReadonlyArray<Event> => {
  const random = seeded(20261126)
  const spots = Array.from({ length: 25 }, () => [50 + random() * 8, -5 + random() * 12] as const)
  // Busier spots first: spot k is chosen with weight 1/(k+1).
  const weights = spots.map((_, k) => 1 / (k + 1))
  const total = weights.reduce((a, b) => a + b, 0)
  const pickSpot = () => {
    let r = random() * total
    for (let k = 0; k < spots.length; k++) if ((r -= weights[k]!) <= 0) return spots[k]!
    return spots[spots.length - 1]!
  }
  const jitter = () => (random() * 2 - 1) * 0.012
  const events: Array<Event> = []
  const created: Array<Event> = []
  for (let i = 0; i < 500; i++) {
    const [lat, lon] = pickSpot()
    const e: Event = {
      at: random() * 2_700,
      kind: "new",
      request: ask(lat + jitter(), lon + jitter(), datesFrom(Math.floor(random() * 3), 1 + Math.floor(random() * 3)))
    }
    events.push(e)
    created.push(e)
  }
  for (let i = 0; i < 200; i++) {
    const of = created[Math.floor(random() * created.length)]!
    events.push({ at: of.at + 60 + random() * 1_140, kind: "refresh", request: of.request })
  }
  const widgets = Array.from({ length: 60 }, () => {
    const [lat, lon] = pickSpot()
    return { lat: lat + jitter(), lon: lon + jitter(), days: 1 + Math.floor(random() * 3), phase: Math.floor(random() * 20) * 30 }
  })
  for (const w of widgets) {
    for (let n = 0; n < 5; n++) events.push({ at: w.phase + n * 600, kind: "widget", request: ask(w.lat, w.lon, datesFrom(0, w.days)) })
  }
  return events.sort((a, b) => a.at - b.at)
}

// --- a loopback Open-Meteo -----------------------------------------------------------------------

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../test/fixtures/open-meteo/${name}`, import.meta.url), "utf8"))
const recorded = { forecast: fixture("hoek-van-holland.forecast.json"), marine: fixture("hoek-van-holland.marine.json") }

/** The recorded answer moved to the asked dates (the fixture holds three days, as the mix asks at most). */
const redated = (body: any, start: string, end: string) => {
  const times: Array<string> = body.hourly.time
  const shift = Date.parse(`${start}T00:00Z`) - Date.parse(`${times[0]!.slice(0, 10)}T00:00Z`)
  const moved = times.map((t) => new Date(Date.parse(`${t}:00Z`) + shift).toISOString().slice(0, 16))
  const keep = moved.map((t) => t.slice(0, 10) >= start && t.slice(0, 10) <= end)
  const hourly: Record<string, Array<unknown>> = {}
  for (const [k, values] of Object.entries(body.hourly as Record<string, Array<unknown>>)) {
    hourly[k] = (k === "time" ? moved : values).filter((_, i) => keep[i])
  }
  return JSON.stringify({ ...body, hourly })
}

/** Answers by api and dates, made once: the fake's own work stays out of the machine's load. */
const answers = new Map<string, string>()

const fakeOpenMeteo = Effect.acquireRelease(
  Effect.async<{ url: string; calls: () => number; close: () => void }>((resume) => {
    let calls = 0
    const server = createServer((req, res) => {
      calls++
      const url = new URL(req.url ?? "/", "http://localhost")
      const api = url.pathname === "/v1/marine" ? "marine" : "forecast"
      const key = `${api} ${url.searchParams.get("start_date")} ${url.searchParams.get("end_date")}`
      let text = answers.get(key)
      if (text === undefined) {
        text = redated(recorded[api], url.searchParams.get("start_date")!, url.searchParams.get("end_date")!)
        answers.set(key, text)
      }
      setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end(text), UPSTREAM_LATENCY_MS)
    })
    // Longer than any idle gap of the mix, so the client never reuses a connection the server is closing.
    server.keepAliveTimeout = 120_000
    server.listen(0, "127.0.0.1", () =>
      resume(Effect.succeed({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        calls: () => calls,
        close: () => server.close()
      })))
  }),
  ({ close }) => Effect.sync(close)
)

// --- scenarios -----------------------------------------------------------------------------------

const openMeteo = (url: string, cacheTtl: Duration.DurationInput) =>
  OpenMeteoWeather.make({
    forecastUrl: `${url}/v1/forecast`,
    marineUrl: `${url}/v1/marine`,
    models: ["best_match"],
    cacheTtl,
    retries: 0,
    timeout: Duration.minutes(5)
  })

/**
 * The simulated clock: real time shifted forward between batches of the mix, so TTLs and leases are
 * judged in simulated time while sleeps (polls, upstream latency) stay real. It never goes back.
 */
const real = Clock.make()
let shift = 0
const simulated: Clock.Clock = {
  [Clock.ClockTypeId]: Clock.ClockTypeId,
  unsafeCurrentTimeMillis: () => real.unsafeCurrentTimeMillis() + shift,
  currentTimeMillis: Effect.sync(() => real.unsafeCurrentTimeMillis() + shift),
  unsafeCurrentTimeNanos: () => real.unsafeCurrentTimeNanos() + BigInt(shift) * 1_000_000n,
  currentTimeNanos: Effect.sync(() => real.unsafeCurrentTimeNanos() + BigInt(shift) * 1_000_000n),
  sleep: (duration) => real.sleep(duration)
}
const EPOCH = Date.UTC(2026, 10, 26, 8)
const advanceTo = (seconds: number) => {
  const target = EPOCH + seconds * 1000
  shift = Math.max(shift, Math.round(target - real.unsafeCurrentTimeMillis()))
}

/**
 * Plays the mix against one provider per worker, batch by batch: forecasts due at the same moment
 * (a widget batch) run at once, each batch after the previous one has its weather. Returns upstream
 * calls and how many forecasts got weather.
 */
const play = (events: ReadonlyArray<Event>, providers: ReadonlyArray<WeatherProviderShape>, calls: () => number) =>
  Effect.gen(function*() {
    const before = calls()
    shift = Math.round(EPOCH - real.unsafeCurrentTimeMillis())
    const batches = new Map<number, Array<[Event, number]>>()
    events.forEach((e, i) => batches.set(e.at, [...(batches.get(e.at) ?? []), [e, i]]))
    let ok = 0
    for (const [at, batch] of [...batches].sort(([a], [b]) => a - b)) {
      advanceTo(at)
      const outcomes = yield* Effect.forEach(
        batch,
        ([e, i]) => providers[i % providers.length]!.hourly(e.request).pipe(Effect.match({ onFailure: () => false, onSuccess: () => true })),
        { concurrency: "unbounded" }
      )
      ok += outcomes.filter(Boolean).length
    }
    return { upstream: calls() - before, ok }
  })

const ttl = Duration.seconds(TTL_SECONDS)

const scenario = <R>(
  label: string,
  build: (url: string) => Effect.Effect<ReadonlyArray<WeatherProviderShape>, unknown, R>
) =>
  Effect.gen(function*() {
    const fake = yield* fakeOpenMeteo
    const providers = yield* build(fake.url)
    const events = mix()
    const { ok, upstream } = yield* play(events, providers, fake.calls)
    return { label, upstream, perThousand: (upstream * 1000) / events.length, ok, forecasts: events.length }
  }).pipe(Effect.scoped, Effect.withClock(simulated))

const main = Effect.gen(function*() {
  const events = mix()
  const kinds = { new: 0, refresh: 0, widget: 0 }
  for (const e of events) kinds[e.kind]++
  const cells = new Set(events.map((e) => SharedWeatherCache.keyOf(
    { provider: "x", variant: "x", ttl },
    SharedWeatherCache.normalized(e.request, 2)
  )))
  console.log(`mix: ${events.length} forecasts (${kinds.new} new, ${kinds.refresh} refreshes, ${kinds.widget} widget refreshes), ` +
    `${cells.size} distinct cell+dates keys; TTL ${TTL_SECONDS} s, upstream ${UPSTREAM_LATENCY_MS} ms`)
  // What coarser keys could share: one key per cell and start date (a window the longest forecast fits).
  const starts = new Set([...cells].map((k) => k.split("|").slice(0, 3).join("|") + "|" + k.split("|")[3]!.slice(0, 10)))
  const onlyCells = new Set([...cells].map((k) => k.split("|").slice(0, 3).join("|")))
  console.log(`  the same mix keyed by cell and start date only: ${starts.size} keys; by cell only: ${onlyCells.size} keys`)

  const perProcess = (workers: number) => (url: string) =>
    Effect.forEach(Array.from({ length: workers }), () => openMeteo(url, ttl))
  const shared = (workers: number) => (url: string) =>
    Effect.forEach(Array.from({ length: workers }), () =>
      Effect.flatMap(openMeteo(url, Duration.zero), (inner) =>
        SharedWeatherCache.make({ provider: `bench-${workers}`, variant: "best_match", ttl }, inner)))

  const { url } = yield* scratchDatabase
  const postgres = Layer.orDie(PostgresStorage.layerUrl(url, { maxConnections: 8 }))
  const results = [
    yield* scenario("before: per-process cache, 1 process (anchor)", perProcess(1)),
    yield* scenario(`before: per-process cache, ${WORKERS} processes`, perProcess(WORKERS)),
    yield* scenario("after: shared cache in memory, 1 process", shared(1)).pipe(Effect.provide(MemoryWeatherCache.layer)),
    yield* scenario(`after: shared cache on Postgres, ${WORKERS} processes`, shared(WORKERS)).pipe(Effect.provide(postgres))
  ]
  const anchor = results[0]!.upstream
  console.log("\nupstream HTTP calls (forecast + marine) per 1,000 forecasts:")
  for (const r of results) {
    console.log(`  ${r.label.padEnd(52)} ${r.perThousand.toFixed(0).padStart(5)}  (${(r.upstream / anchor).toFixed(2)}× the anchor; ${r.ok}/${r.forecasts} got weather)`)
  }
  const hits = yield* Metric.value(Metric.tagged(cacheHitsTotal, "provider", `bench-${WORKERS}`))
  const misses = yield* Metric.value(Metric.tagged(cacheMissesTotal, "provider", `bench-${WORKERS}`))
  console.log(`\nshared cache on Postgres, as its metrics count: ${hits.count} hits, ${misses.count} misses ` +
    `(spotcast_weather_cache_hits_total / _misses_total)`)
})

Effect.runPromise(Effect.scoped(main).pipe(Effect.provide(NodeHttpClient.layerUndici))).catch((e) => {
  console.error(e)
  process.exitCode = 1
})
