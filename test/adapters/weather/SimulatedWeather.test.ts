import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, Either, Exit, FastCheck as fc, Fiber, Option, TestClock } from "effect"
import * as SimulatedWeather from "../../../src/adapters/weather/SimulatedWeather.js"
import { simulateSeries } from "../../../src/adapters/weather/SimulatedSeries.js"
import { WeatherProvider, type WeatherRequest } from "../../../src/ports/WeatherProvider.js"
import { withTideAndCurrent } from "../../../src/adapters/weather/SimulatedCurrent.js"

const request: WeatherRequest = {
  coordinates: { latitude: 41.13, longitude: -71.71 },
  dates: ["2026-10-01", "2026-10-02", "2026-10-03", "2026-10-04", "2026-10-05"],
  mode: "sandbox",
  seed: "spc_0000000000000000000001"
}

/** Starts a request and reports whether it has answered after `ms` of test time. */
const answeredAfter = (ms: number) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.fork((yield* WeatherProvider).hourly(request))
    yield* TestClock.adjust(ms)
    return Option.isSome(yield* Fiber.poll(fiber))
  })

layer(SimulatedWeather.layer())("SimulatedWeather.layer", (it) => {
  it.effect("answers the simulated series of the request at once", () =>
    Effect.gen(function*() {
      const series = yield* (yield* WeatherProvider).hourly(request)
      const plain = Either.getOrThrow(simulateSeries(request.coordinates, request.dates, request.seed))
      assert.deepStrictEqual(series, withTideAndCurrent(plain, request.coordinates))
      assert.strictEqual(series.source, "simulated")
      assert.lengthOf(series.hours, 5 * 24)
      assert.isTrue(yield* answeredAfter(0))
    }))

  it.effect.prop(
    "the same request twice gives equal series",
    {
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
      seed: fc.string()
    },
    ({ latitude, longitude, seed }) =>
      Effect.gen(function*() {
        const provider = yield* WeatherProvider
        const r = { ...request, coordinates: { latitude, longitude }, seed }
        assert.deepStrictEqual(yield* provider.hourly(r), yield* provider.hourly({ ...r, mode: "live" }))
      }),
    { fastCheck: { numRuns: 30 } }
  )

  it.effect("a date that is not a calendar date is WeatherUnavailable", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip((yield* WeatherProvider).hourly({ ...request, dates: ["2026-13-01"] }))
      assert.strictEqual(error._tag, "WeatherUnavailable")
      assert.include(error.reason, "2026-13-01")
    }))
})

describe("SimulatedWeather latency", () => {
  it.effect("make({ latency }) waits that long on the Clock before answering", () =>
    Effect.gen(function*() {
      const provider = SimulatedWeather.make({ latency: "1500 millis" })
      const fiber = yield* Effect.fork(provider.hourly(request))
      yield* TestClock.adjust(1499)
      assert.isTrue(Option.isNone(yield* Fiber.poll(fiber)))
      yield* TestClock.adjust(1)
      const exit = yield* Fiber.await(fiber)
      assert.isTrue(Exit.isSuccess(exit))
    }))

  it.effect("layer({ latency }) delays each answer by that much", () =>
    Effect.gen(function*() {
      assert.isFalse(yield* answeredAfter(249))
      assert.isTrue(yield* answeredAfter(250))
    }).pipe(Effect.provide(SimulatedWeather.layer({ latency: "250 millis" }))))

  it.effect("layer() has no latency", () =>
    Effect.gen(function*() {
      assert.isTrue(yield* answeredAfter(0))
    }).pipe(Effect.provide(SimulatedWeather.layer())))
})
