import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, Either, Exit, FastCheck as fc, Fiber, Layer, Option, TestClock } from "effect"
import * as NaturalEarthGeography from "../../../src/adapters/geography/NaturalEarthGeography.js"
import * as SimulatedWeather from "../../../src/adapters/weather/SimulatedWeather.js"
import { simulateSeries } from "../../../src/adapters/weather/SimulatedSeries.js"
import { siteOf } from "../../../src/adapters/weather/SimulatedSite.js"
import { Geography } from "../../../src/ports/Geography.js"
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

const served = (options: SimulatedWeather.Options = {}) =>
  Layer.provideMerge(SimulatedWeather.layer(options), NaturalEarthGeography.layer)

/** The series of a sandbox request at `at` on `dates`. */
const seriesAt = (latitude: number, longitude: number, dates: ReadonlyArray<string>) =>
  Effect.flatMap(WeatherProvider, (p) => p.hourly({ ...request, coordinates: { latitude, longitude }, dates }))

layer(served())("SimulatedWeather.layer", (it) => {
  it.effect("answers the simulated series of the request, on the real geography, at once", () =>
    Effect.gen(function*() {
      const series = yield* (yield* WeatherProvider).hourly(request)
      const site = yield* siteOf(yield* Geography, request.coordinates, request.dates)
      const plain = Either.getOrThrow(simulateSeries(request.coordinates, request.dates, request.seed, site))
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

  it.effect("local times are in the position's real time zone, daylight saving included", () =>
    Effect.gen(function*() {
      const marseilleWinter = yield* seriesAt(43.2951, 5.37, ["2026-01-15"])
      const marseilleSummer = yield* seriesAt(43.2951, 5.37, ["2026-07-15"])
      const sydneySummer = yield* seriesAt(-33.8568, 151.2153, ["2026-01-15"])
      assert.deepStrictEqual([marseilleWinter.timezone, marseilleWinter.utcOffsetSeconds], ["Europe/Paris", 3600])
      assert.deepStrictEqual([marseilleSummer.timezone, marseilleSummer.utcOffsetSeconds], ["Europe/Paris", 7200])
      assert.deepStrictEqual([sydneySummer.timezone, sydneySummer.utcOffsetSeconds], ["Australia/Sydney", 39600])
      assert.strictEqual(sydneySummer.hours[0]!.time, "2026-01-15T00:00")
    }))

  it.effect("on a large lake the sandbox has no waves, as a real marine model; its water has a temperature", () =>
    Effect.gen(function*() {
      const hours = (yield* seriesAt(43.62, -79.38, ["2026-03-01", "2026-03-02"])).hours
      assert.isTrue(hours.every((h) => h.wave_height_ft === null && h.swell_height_ft === null && h.water_temp_c !== null))
      const sea = (yield* seriesAt(41.13, -71.71, ["2026-03-01"])).hours
      assert.isTrue(sea.every((h) => h.wave_height_ft !== null))
    }))

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
    }).pipe(Effect.provide(served({ latency: "250 millis" }))))

  it.effect("layer() has no latency", () =>
    Effect.gen(function*() {
      assert.isTrue(yield* answeredAfter(0))
    }).pipe(Effect.provide(served())))
})

describe("SimulatedWeather compute", () => {
  it.effect("every series goes to `compute`, told whether it is one of a batch (a route's cells); the same as in place", () =>
    Effect.gen(function*() {
      const sent: Array<SimulatedWeather.SimulationInput> = []
      const provider = SimulatedWeather.make({
        compute: (input) => {
          sent.push(input)
          return Either.match(SimulatedWeather.simulate(input), {
            onLeft: (reason) => Effect.die(reason),
            onRight: Effect.succeed
          })
        }
      })
      const single = yield* provider.hourly(request)
      const batched = yield* provider.hourly({ ...request, batch: true })
      assert.deepStrictEqual(sent.map((input) => input.batch), [undefined, true])
      assert.isFalse("batch" in sent[0]!)
      assert.deepStrictEqual(sent[1]!.dates, request.dates)
      assert.deepStrictEqual(batched, single)
      assert.deepStrictEqual(yield* SimulatedWeather.make().hourly(request), single)
    }))
})
