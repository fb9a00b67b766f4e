import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, FastCheck as fc, Fiber, Option, Ref, TestClock } from "effect"
import { delayAfterFailedAttempt, MAX_DELIVERY_ATTEMPTS, retrySchedule } from "../../../src/domain/webhook/WebhookSchedule.js"

const minutes = (m: number) => m * 60_000

describe("WebhookSchedule", () => {
  it("waits 5 min, 30 min, 2 h and 24 h, then gives up after the fifth attempt", () => {
    const delays = [1, 2, 3, 4, 5, 6].map((n) => Option.map(delayAfterFailedAttempt(n), Duration.toMillis))
    assert.deepStrictEqual(delays, [
      Option.some(minutes(5)),
      Option.some(minutes(30)),
      Option.some(minutes(120)),
      Option.some(minutes(24 * 60)),
      Option.none(),
      Option.none()
    ])
  })

  it.prop("only attempts 1-4 are followed by a retry", [fc.integer({ min: -3, max: 20 })], ([n]) => {
    assert.strictEqual(Option.isSome(delayAfterFailedAttempt(n)), n >= 1 && n < MAX_DELIVERY_ATTEMPTS)
  })

  it.effect("as a Schedule, retries an always-failing send at 0, 5 min, 35 min, 2 h 35 min, 26 h 35 min", () =>
    Effect.gen(function*() {
      const times = yield* Ref.make<Array<number>>([])
      const send = Effect.flatMap(TestClock.currentTimeMillis, (t) => Ref.update(times, (ts) => [...ts, t])).pipe(
        Effect.zipRight(Effect.fail("refused"))
      )
      const fiber = yield* Effect.fork(Effect.retry(send, retrySchedule))
      yield* TestClock.adjust(Duration.hours(30))
      const result = yield* Fiber.join(fiber).pipe(Effect.either)
      assert.isTrue(result._tag === "Left")
      assert.deepStrictEqual(yield* Ref.get(times), [0, minutes(5), minutes(35), minutes(155), minutes(1595)])
    }))
})
