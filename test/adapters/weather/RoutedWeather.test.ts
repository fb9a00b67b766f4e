import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, FastCheck as fc, Layer, Ref } from "effect"
import * as RoutedWeather from "../../../src/adapters/weather/RoutedWeather.js"
import { type WeatherSeries, WeatherUnavailable } from "../../../src/domain/weather/HourlyWeather.js"
import { WeatherProvider, type WeatherProviderShape, type WeatherRequest } from "../../../src/ports/WeatherProvider.js"

const base: WeatherRequest = {
  coordinates: { latitude: 52.0, longitude: 4.1 },
  dates: ["2026-08-29", "2026-08-30"],
  mode: "live",
  seed: "spc_route"
}

const seriesFrom = (source: WeatherSeries["source"]): WeatherSeries => ({ source, utcOffsetSeconds: 0, hours: [] })

/** A provider double that records the requests it gets, and answers with its own source or fails. */
const double = (source: WeatherSeries["source"], fails = false) =>
  Effect.map(Ref.make<ReadonlyArray<WeatherRequest>>([]), (seen) => ({
    seen,
    shape: {
      hourly: (request) =>
        Effect.zipRight(
          Ref.update(seen, (xs) => [...xs, request]),
          fails ? Effect.fail(new WeatherUnavailable({ reason: `${source} down` })) : Effect.succeed(seriesFrom(source))
        )
    } satisfies WeatherProviderShape
  }))

describe("RoutedWeather", () => {
  it.effect.prop(
    "sandbox is always simulated; live goes live unless forced; exactly one provider sees the request, unchanged",
    { mode: fc.constantFrom("live" as const, "sandbox" as const), force: fc.boolean(), seed: fc.string() },
    ({ force, mode, seed }) =>
      Effect.gen(function*() {
        const simulated = yield* double("simulated")
        const live = yield* double("open-meteo")
        const router = RoutedWeather.make({ simulated: simulated.shape, live: live.shape, forceSimulated: force })
        const request = { ...base, mode, seed }
        const series = yield* router.hourly(request)
        const expected = mode === "sandbox" || force ? "simulated" : "live"
        assert.strictEqual(RoutedWeather.route(request, force), expected)
        assert.strictEqual(series.source, expected === "simulated" ? "simulated" : "open-meteo")
        assert.deepStrictEqual(yield* Ref.get(expected === "simulated" ? simulated.seen : live.seen), [request])
        assert.deepStrictEqual(yield* Ref.get(expected === "simulated" ? live.seen : simulated.seen), [])
      }),
    { fastCheck: { numRuns: 40 } }
  )

  it.effect("a live failure reaches the caller as it is; sandbox requests do not depend on the live provider", () =>
    Effect.gen(function*() {
      const simulated = yield* double("simulated")
      const live = yield* double("open-meteo", true)
      const router = RoutedWeather.make({ simulated: simulated.shape, live: live.shape, forceSimulated: false })
      const error = yield* Effect.flip(router.hourly(base))
      assert.deepStrictEqual(error, new WeatherUnavailable({ reason: "open-meteo down" }))
      assert.strictEqual((yield* router.hourly({ ...base, mode: "sandbox" })).source, "simulated")
    }))

  it.effect("layerFrom builds both adapter layers; when forced it never builds the live one", () =>
    Effect.gen(function*() {
      const built = yield* Ref.make(0)
      const simulated = Layer.succeed(WeatherProvider, { hourly: () => Effect.succeed(seriesFrom("simulated")) })
      const live = Layer.effect(
        WeatherProvider,
        Effect.as(Ref.update(built, (n) => n + 1), { hourly: () => Effect.succeed(seriesFrom("open-meteo")) })
      )
      const ask = (forceSimulated: boolean) =>
        Effect.flatMap(WeatherProvider, (p) => p.hourly(base)).pipe(
          Effect.provide(RoutedWeather.layerFrom({ simulated, live, forceSimulated }))
        )
      assert.strictEqual((yield* ask(false)).source, "open-meteo")
      assert.strictEqual(yield* Ref.get(built), 1)
      assert.strictEqual((yield* ask(true)).source, "simulated")
      assert.strictEqual(yield* Ref.get(built), 1)
      const broken = Layer.fail("no live configuration")
      const exit = yield* Effect.exit(
        Effect.provide(WeatherProvider, RoutedWeather.layerFrom({ simulated, live: broken, forceSimulated: true }))
      )
      assert.isTrue(Exit.isSuccess(exit))
    }))
})
