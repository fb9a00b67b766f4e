import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Option, Ref, TestClock } from "effect"
import * as RateLimited from "../../../src/adapters/system/RateLimited.js"
import * as TokenBucket from "../../../src/adapters/system/TokenBucket.js"
import { Analyst } from "../../../src/ports/Analyst.js"
import { WeatherProvider, type WeatherRequest } from "../../../src/ports/WeatherProvider.js"
import { calmHour, series } from "../../domain/safety/Hours.js"

/** Starts `n` acquires at once and records, for each, the clock's time when it was let through. */
const race = (bucket: TokenBucket.TokenBucket, n: number) =>
  Effect.gen(function*() {
    const passed = yield* Ref.make<ReadonlyArray<readonly [number, number]>>([])
    const fibers = yield* Effect.forEach(Array.from({ length: n }, (_, i) => i), (i) =>
      Effect.fork(Effect.zipRight(bucket.acquire, Effect.flatMap(TestClock.currentTimeMillis, (t) => Ref.update(passed, (xs) => [...xs, [i, t] as const])))))
    return { passed, fibers }
  })

describe("TokenBucket", () => {
  it("the pure steps: a full bucket gives `burst` at once, then one per 1/perSecond, promised in order", () => {
    const options = { perSecond: 2, burst: 3 }
    let state = TokenBucket.full(options, 0)
    const waits: Array<number> = []
    for (let i = 0; i < 6; i++) {
      const [wait, next] = TokenBucket.take(state, 0, options)
      waits.push(wait)
      state = next
    }
    assert.deepStrictEqual(waits, [0, 0, 0, 500, 1000, 1500])
    // A long quiet spell refills to the burst, never above it.
    assert.deepStrictEqual(TokenBucket.refilled(state, 60_000, options), { tokens: 3, at: 60_000 })
    // A clock read earlier than the state's own time takes nothing back.
    assert.deepStrictEqual(TokenBucket.refilled({ tokens: 1, at: 5_000 }, 4_000, options), { tokens: 1, at: 5_000 })
  })

  it.effect("on the clock: 5 callers at once with burst 3 and 1 a second pass at 0, 0, 0, 1 s and 2 s, in order", () =>
    Effect.gen(function*() {
      const bucket = yield* TokenBucket.make({ perSecond: 1, burst: 3 })
      const { fibers, passed } = yield* race(bucket, 5)
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual((yield* Ref.get(passed)).map(([i]) => i), [0, 1, 2])
      yield* TestClock.adjust("999 millis")
      assert.deepStrictEqual((yield* Ref.get(passed)).map(([i]) => i), [0, 1, 2, 3])
      yield* TestClock.adjust("1 second")
      yield* Fiber.joinAll(fibers)
      assert.deepStrictEqual(yield* Ref.get(passed), [[0, 0], [1, 0], [2, 0], [3, 1000], [4, 2000]])
    }))

  it.effect("a caller interrupted while it waits gives its token back to the next", () =>
    Effect.gen(function*() {
      const bucket = yield* TokenBucket.make({ perSecond: 1, burst: 1 })
      yield* bucket.acquire
      const waiting = yield* Effect.fork(bucket.acquire) // promised the token of 1 s
      yield* TestClock.adjust("500 millis")
      yield* Fiber.interrupt(waiting)
      const next = yield* Effect.fork(bucket.acquire)
      yield* TestClock.adjust("499 millis")
      assert.isTrue(Option.isNone(yield* Fiber.poll(next)), "not before 1 s")
      yield* TestClock.adjust("1 millis")
      assert.isTrue(Option.isSome(yield* Fiber.poll(next)), "the next caller goes at 1 s, not 2 s")
    }))

  it.effect("wrapped at the port: live weather calls and model calls are held to their bucket; the inner layer is unchanged", () =>
    Effect.gen(function*() {
      const calls = yield* Ref.make<ReadonlyArray<number>>([])
      const record = Effect.flatMap(TestClock.currentTimeMillis, (t) => Ref.update(calls, (xs) => [...xs, t]))
      const weather = Layer.succeed(WeatherProvider, {
        hourly: () => Effect.as(record, series("2026-11-28", 1, () => calmHour))
      })
      const analyst = Layer.succeed(Analyst, {
        analyze: () => Effect.as(record, { summary: "", daily_classifications: [] })
      })
      const limited = Layer.mergeAll(
        RateLimited.weather({ perSecond: 4, burst: 2 }, weather),
        RateLimited.analyst({ perSecond: 4, burst: 2 }, analyst)
      )
      const request: WeatherRequest = { coordinates: { latitude: 52, longitude: 4 }, dates: ["2026-11-28"], mode: "live", seed: "s" }
      yield* Effect.gen(function*() {
        const provider = yield* WeatherProvider
        const model = yield* Analyst
        const fibers = yield* Effect.forEach(Array.from({ length: 4 }), () => Effect.fork(provider.hourly(request)))
        const texts = yield* Effect.forEach(Array.from({ length: 3 }), () => Effect.fork(model.analyze(undefined as never)))
        for (let i = 0; i < 4; i++) yield* TestClock.adjust("250 millis")
        yield* Fiber.joinAll(fibers)
        yield* Fiber.joinAll(texts)
      }).pipe(Effect.provide(limited))
      // Weather: 2 at once, then one each 250 ms; the model's bucket is its own (2 at once, then 250 ms).
      assert.deepStrictEqual([...(yield* Ref.get(calls))].sort((a, b) => a - b), [0, 0, 0, 0, 250, 250, 500])
      // Without options the layer is the inner one, untouched.
      assert.strictEqual(RateLimited.weather(undefined, weather), weather)
    }))
})
