import { existsSync } from "node:fs"
import { resolvePreferences } from "../../../src/domain/spotcast/Preferences.js"
import { fileURLToPath } from "node:url"
import type * as WorkerThreads from "node:worker_threads"
import { assert, describe, it } from "@effect/vitest"
import { Cause, Context, DateTime, Effect, Either, Exit, Layer } from "effect"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import * as InProcessCompute from "../../../src/adapters/compute/InProcessCompute.js"
import * as ThreadCompute from "../../../src/adapters/compute/ThreadCompute.js"
import * as SimulatedWeather from "../../../src/adapters/weather/SimulatedWeather.js"
import { routeWeather } from "../../../src/application/route/RouteWeather.js"
import { forecastAnalysis } from "../../../src/application/spotcast/ProcessForecast.js"
import { analyzeRoute } from "../../../src/domain/route/AnalyzeRoute.js"
import { makePeriod } from "../../../src/domain/forecast/ForecastPeriod.js"
import { AccountId, RouteId, SpotCastId } from "../../../src/domain/Ids.js"
import type { Route } from "../../../src/domain/route/Route.js"
import { ComputePool, type ComputePoolShape } from "../../../src/ports/ComputePool.js"
import { withForecastsOnLoop } from "../../../src/main/compute/Compute.js"
import { WeatherProvider } from "../../../src/ports/WeatherProvider.js"
import { steps } from "../../../src/main/compute/Steps.js"
import * as TestSettings from "../../support/TestSettings.js"

// The thread's entry is the built one: `npm run build` first (as for the tests that spawn a server).
const script = new URL("../../../dist/main/compute/ComputeThread.js", import.meta.url)
if (!existsSync(fileURLToPath(script))) throw new Error(`${fileURLToPath(script)} is missing: run npm run build first`)

const DAY = 86_400_000
const tomorrow = Math.floor(Date.now() / DAY) * DAY + DAY
const weather = SimulatedWeather.make()
const analyst = Effect.runSync(BuiltinAnalyst.make)

/** A forecast's analysis through the pool's steps, or in place (with the built-in analyst) without one. */
const forecast = (n: number, pool?: ComputePoolShape) =>
  Effect.gen(function*() {
    const coordinates = { latitude: ((n * 37) % 120) - 60, longitude: ((n * 101) % 360) - 180 }
    const period = makePeriod(DateTime.unsafeMake(tomorrow), 1 + (n % 3))
    const series = yield* weather.hourly({ coordinates, dates: period.dates, mode: "sandbox", seed: `spc_pool_${n}` })
    return yield* forecastAnalysis({
      series,
      dates: period.dates,
      coordinates,
      vessel: n % 2 === 0 ? undefined : { type: "sailboat", lengthFt: 30 },
      tripDurationHours: n % 2 === 0 ? undefined : 4,
      preferences: resolvePreferences({ language: (["en", "fr", "ja"] as const)[n % 3]!, distanceUnits: "nm", speedUnits: "kts" }),
      analyze: pool === undefined ? analyst.analyze : pool.writeForecast,
      issuedAt: Effect.succeed("2026-01-01T00:00:00.000Z"),
      notBeforeMillis: tomorrow,
      ...(pool === undefined ? {} : { compute: pool })
    })
  })

const route: Route = {
  id: RouteId.make("rte_0000000000000000000001"),
  accountId: AccountId.make("acct_0000000000000000000001"),
  createdAt: DateTime.unsafeMake(tomorrow - DAY),
  spotcastId: SpotCastId.make("spc_0000000000000000000001"),
  waypoints: [{ latitude: 50, longitude: -4 }, { latitude: 50.5, longitude: -2 }, { latitude: 50, longitude: 0 }],
  departure: DateTime.unsafeMake(tomorrow + 6 * 3_600_000),
  speedKts: 8,
  departureWindowHours: 12,
  preferences: resolvePreferences({ language: "en", distanceUnits: "nm", speedUnits: "kts" }),
  vessel: { type: "sailboat", lengthFt: 30 }
}
const routeCells = routeWeather(route, "sandbox").pipe(
  Effect.provide(Layer.merge(Layer.succeed(WeatherProvider, weather), TestSettings.layer()))
)

const threads = (spawned: Array<WorkerThreads.Worker> = []) =>
  ThreadCompute.make({ threads: 2, script, onSpawn: (thread) => spawned.push(thread) })

describe("compute pool", () => {
  it.scopedLive("worker threads answer every step exactly as in place: forecasts byte for byte, a route's analysis, simulated weather", () =>
    Effect.gen(function*() {
      const pool = yield* threads()
      const inPlace = yield* Effect.forEach([0, 1, 2, 3, 4, 5], (n) => forecast(n))
      const threaded = yield* Effect.forEach([0, 1, 2, 3, 4, 5], (n) => forecast(n, pool), { concurrency: 4 })
      assert.deepStrictEqual(threaded.map((a) => JSON.stringify(a)), inPlace.map((a) => JSON.stringify(a)))
      const weather = yield* routeCells
      const expected = analyzeRoute(route, weather.lookup)
      assert.strictEqual(expected._tag, "Right")
      const analysis = yield* pool.analyzeRoute(route, weather.cells)
      assert.strictEqual(JSON.stringify(analysis), JSON.stringify(expected._tag === "Right" ? expected.right : undefined))
      assert.strictEqual(analysis.departures?.length, 13)
      const request = { coordinates: { latitude: 50, longitude: -4 }, dates: ["2026-12-01", "2026-12-02"], seed: "rte_x", site: undefined }
      const simulated = yield* pool.simulateWeather(request)
      assert.strictEqual(JSON.stringify(simulated), JSON.stringify(Either.getOrThrow(SimulatedWeather.simulate(request))))
    }))

  it.scopedLive("a step the weather cannot judge fails as it does in place; a step that throws dies (the failure policy decides)", () =>
    Effect.gen(function*() {
      const pool = yield* threads()
      const local = yield* InProcessCompute.make(steps, 2)
      for (const compute of [pool, local]) {
        const noCells = yield* Effect.exit(compute.analyzeRoute(route, []))
        assert.isTrue(Exit.isFailure(noCells) && Cause.failureOption(noCells.cause)._tag === "Some")
        const broken = yield* Effect.exit(compute.judgeForecast({ dates: ["2026-01-01"] } as never))
        assert.isTrue(Exit.isFailure(broken) && Cause.isDie(broken.cause), String(broken))
      }
    }))

  it.scopedLive("a lost thread is replaced: its step dies or is answered by another, and the pool goes on answering", () =>
    Effect.gen(function*() {
      const spawned: Array<WorkerThreads.Worker> = []
      const pool = yield* threads(spawned)
      const weather = yield* routeCells
      yield* pool.analyzeRoute(route, weather.cells)
      const before = spawned.length
      yield* Effect.promise(() => Promise.all(spawned.map((thread) => thread.terminate())))
      // The step sent as the threads went may die (a defect: the forecast fails and is refunded).
      yield* Effect.exit(pool.analyzeRoute(route, weather.cells))
      const after = yield* pool.analyzeRoute(route, weather.cells).pipe(Effect.retry({ times: 3 }), Effect.orDie)
      assert.strictEqual(after.departures?.length, 13)
      assert.isAbove(spawned.length, before)
    }))

  it.scopedLive("no thread starts before a step needs one; with a forecast's steps on the loop, forecasts (and their one series) start none, a batch of series or a route one", () =>
    Effect.gen(function*() {
      const spawned: Array<WorkerThreads.Worker> = []
      const pool = Context.get(yield* Layer.build(withForecastsOnLoop(threads(spawned))), ComputePool)
      assert.strictEqual(spawned.length, 0)
      const inPlace = yield* Effect.forEach([0, 1, 2], (n) => forecast(n))
      const onLoop = yield* Effect.forEach([0, 1, 2], (n) => forecast(n, pool), { concurrency: 3 })
      assert.deepStrictEqual(onLoop.map((a) => JSON.stringify(a)), inPlace.map((a) => JSON.stringify(a)))
      assert.strictEqual(spawned.length, 0)
      const request = { coordinates: { latitude: 50, longitude: -4 }, dates: ["2026-12-01", "2026-12-02"], seed: "spc_x", site: undefined }
      const expected = JSON.stringify(Either.getOrThrow(SimulatedWeather.simulate(request)))
      assert.strictEqual(JSON.stringify(yield* pool.simulateWeather(request)), expected)
      assert.strictEqual(spawned.length, 0)
      assert.strictEqual(JSON.stringify(yield* pool.simulateWeather({ ...request, batch: true })), expected)
      assert.strictEqual(spawned.length, 1)
      const weather = yield* routeCells
      const analysis = yield* pool.analyzeRoute(route, weather.cells)
      assert.strictEqual(analysis.departures?.length, 13)
      assert.strictEqual(spawned.length, 1)
    }))

  it.scopedLive("closing the pool terminates its threads", () =>
    Effect.gen(function*() {
      const spawned: Array<WorkerThreads.Worker> = []
      const exited: Array<number> = []
      yield* Effect.scoped(Effect.gen(function*() {
        const pool = yield* threads(spawned)
        yield* forecast(0, pool)
        for (const thread of spawned) thread.on("exit", (code) => exited.push(code))
      }))
      yield* Effect.promise(() => new Promise<void>((resolve) => {
        const check = () => (exited.length === spawned.length ? resolve() : setTimeout(check, 10))
        check()
      }))
      assert.strictEqual(exited.length, spawned.length)
      assert.isAbove(spawned.length, 0)
    }))
})
