import { assert, describe, it } from "@effect/vitest"
import { resolvePreferences } from "../../src/domain/spotcast/Preferences.js"
import { DateTime, Duration, Effect, Layer, Option, Ref, TestClock } from "effect"
import * as BuiltinAnalyst from "../../src/adapters/analyst/BuiltinAnalyst.js"
import * as InProcessCompute from "../../src/adapters/compute/InProcessCompute.js"
import { createRoute } from "../../src/application/route/CreateRoute.js"
import { createSpotCast } from "../../src/application/spotcast/CreateSpotCast.js"
import { processJob } from "../../src/application/worker/ProcessJob.js"
import { AccountStore } from "../../src/ports/AccountStore.js"
import { ComputePool, type ComputePoolShape } from "../../src/ports/ComputePool.js"
import { JobQueue } from "../../src/ports/JobQueue.js"
import { RouteStore } from "../../src/ports/RouteStore.js"
import { SpotCastStore } from "../../src/ports/SpotCastStore.js"
import { WeatherProvider, type WeatherRequest } from "../../src/ports/WeatherProvider.js"
import { steps } from "../../src/main/compute/Steps.js"
import { calmHour, galeHour, series } from "../domain/safety/Hours.js"
import { createCommand, seedAccount } from "../support/Accounts.js"
import * as MemoryCore from "../support/MemoryCore.js"

const NOW = Date.UTC(2026, 10, 22, 10)
const CALM = "2026-11-23"

/** Every weather request asked of `weather`, in order. */
const asked: Array<WeatherRequest> = []

const weather = Layer.succeed(WeatherProvider, {
  hourly: (request) => {
    asked.push(request)
    return Effect.succeed(series(request.dates[0]!, request.dates.length, (date) => (date === "2026-11-24" ? galeHour : calmHour)))
  }
})

type Step = keyof ComputePoolShape

/** The in-process pool, counting the steps it is asked for; the steps named in `dying` die instead. */
const counting = (calls: Ref.Ref<ReadonlyArray<Step>>, dying: ReadonlyArray<Step> = []) =>
  Layer.effect(
    ComputePool,
    Effect.map(InProcessCompute.make(steps, 2), (pool) => {
      const wrap = <K extends Step>(name: K): ComputePoolShape[K] =>
        ((...args: Array<never>) =>
          Effect.zipRight(
            Ref.update(calls, (all) => [...all, name]),
            dying.includes(name) ? Effect.dieMessage(`test: ${name} died`) : (pool[name] as (...a: Array<never>) => Effect.Effect<unknown, unknown>)(...args)
          )) as ComputePoolShape[K]
      return {
        judgeForecast: wrap("judgeForecast"),
        writeForecast: wrap("writeForecast"),
        finishForecast: wrap("finishForecast"),
        analyzeRoute: wrap("analyzeRoute"),
        simulateWeather: wrap("simulateWeather")
      }
    })
  )

/** Creates a SpotCast or a route and runs its job, with or without a compute pool. */
const run = (kind: "spotcast" | "route", pool: Option.Option<Layer.Layer<ComputePool>>) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(NOW)
    const { account } = yield* seedAccount(10)
    const created = kind === "spotcast"
      ? { receipt: (yield* createSpotCast(account, createCommand(CALM, 2))).receipt, routeId: undefined }
      : yield* Effect.map(createRoute(account, {
        waypoints: [{ latitude: 50, longitude: -1 }, { latitude: 50, longitude: 0 }, { latitude: 50, longitude: 1 }],
        departure: DateTime.unsafeMake(NOW + 3_600_000),
        speedKts: 20,
        departureWindowHours: 6,
        preferences: resolvePreferences({ language: "en", distanceUnits: "nm", speedUnits: "kts" })
      }), (r) => ({ receipt: r.charged.receipt, routeId: r.route.id }))
    const job = Option.getOrThrow(yield* (yield* JobQueue).claim("worker", Duration.minutes(1)))
    const outcome = yield* processJob(job)
    // A route's forecast is its hidden SpotCast's: read through the route, with the route's own analysis.
    const { analysis, forecast } = created.routeId === undefined
      ? {
        forecast: Option.getOrThrow(
          yield* (yield* SpotCastStore).getForecast(account.id, created.receipt.spotcastId, created.receipt.forecastId)
        ),
        analysis: undefined
      }
      : yield* Effect.map((yield* RouteStore).get(account.id, created.routeId), (view) => {
        const { analysis, latest } = Option.getOrThrow(view)
        return { forecast: latest, analysis }
      })
    const balance = yield* (yield* AccountStore).balance(account.id)
    return { outcome, forecast, analysis, balance: balance.creditBalance }
  }).pipe(
    Effect.provide(Layer.mergeAll(MemoryCore.layer, weather, BuiltinAnalyst.layer)),
    Effect.provide(Option.getOrElse(pool, () => Layer.empty))
  )

describe("the use cases compute on the process's pool", () => {
  it.effect("a SpotCast's forecast: the rules and the floor with the timeline are pool steps, the analysis as without a pool", () =>
    Effect.gen(function*() {
      const calls = yield* Ref.make<ReadonlyArray<Step>>([])
      const pooled = yield* run("spotcast", Option.some(counting(calls)))
      const inPlace = yield* run("spotcast", Option.none())
      assert.strictEqual(pooled.outcome, "completed")
      assert.deepStrictEqual(yield* Ref.get(calls), ["judgeForecast", "finishForecast"])
      assert.strictEqual(JSON.stringify(pooled.forecast.analysis), JSON.stringify(inPlace.forecast.analysis))
    }))

  it.effect("a route's forecast: its analysis is one pool step, the stored analysis as without a pool", () =>
    Effect.gen(function*() {
      const calls = yield* Ref.make<ReadonlyArray<Step>>([])
      const pooled = yield* run("route", Option.some(counting(calls)))
      const inPlace = yield* run("route", Option.none())
      assert.strictEqual(pooled.outcome, "completed")
      assert.deepStrictEqual(yield* Ref.get(calls), ["analyzeRoute"])
      assert.isDefined(pooled.analysis)
      assert.strictEqual(JSON.stringify(pooled.analysis), JSON.stringify(inPlace.analysis))
      assert.strictEqual(JSON.stringify(pooled.forecast.analysis), JSON.stringify(inPlace.forecast.analysis))
    }))

  it.effect("a SpotCast asks for its one series as a single request, a route for its cells as a batch (off the loop where computed)", () =>
    Effect.gen(function*() {
      asked.length = 0
      yield* run("spotcast", Option.none())
      assert.deepStrictEqual(asked.map((r) => r.batch), [undefined])
      asked.length = 0
      yield* run("route", Option.none())
      assert.isAbove(asked.length, 1)
      assert.isTrue(asked.every((r) => r.batch === true))
    }))

  it.effect("a step that dies in the pool fails the forecast (processing_failed) and refunds it, for both kinds", () =>
    Effect.gen(function*() {
      for (const [kind, step] of [["spotcast", "judgeForecast"], ["spotcast", "finishForecast"], ["route", "analyzeRoute"]] as const) {
        const calls = yield* Ref.make<ReadonlyArray<Step>>([])
        const { balance, forecast, outcome } = yield* run(kind, Option.some(counting(calls, [step])))
        assert.strictEqual(outcome, "failed", `${kind} ${step}`)
        assert.strictEqual(forecast.error?.code, "processing_failed", `${kind} ${step}`)
        assert.strictEqual(balance, 10, `${kind} ${step}: refunded`)
      }
    }))
})
