import { assert, describe, it } from "@effect/vitest"
import { Chunk, Effect, Exit, Fiber, Ref, Scope, TestClock } from "effect"
import * as SequentialIds from "../../../src/adapters/system/SequentialIds.js"
import { startPolling } from "../../../src/application/worker/PollingRunner.js"

const options = { name: "test", concurrency: 2, shutdownGrace: "1 second", idle: Effect.sleep("1 hour") } as const

/** Waits until a timer is set to wake at `millis`, so moving the clock cannot race the fiber setting it. */
const timerAt = (millis: number) =>
  Effect.gen(function*() {
    while (!Chunk.some(yield* TestClock.sleeps(), (t) => t === millis)) yield* Effect.yieldNow()
  })

describe("PollingRunner", () => {
  it.effect("the fibers claim under the runner's owner, each in its slot, until nothing is left, then idle", () =>
    Effect.gen(function*() {
      const left = yield* Ref.make(5)
      const owners = yield* Ref.make<ReadonlyArray<string>>([])
      const step = (owner: string, slot: number) =>
        Ref.modify(left, (n) => [n > 0, Math.max(0, n - 1)] as const).pipe(
          Effect.tap((worked) => (worked ? Ref.update(owners, (xs) => [...xs, `${owner}-${slot}`]) : Effect.void))
        )
      const owner = yield* startPolling({ ...options, step })
      yield* TestClock.adjust("1 millis")
      assert.strictEqual(yield* Ref.get(left), 0)
      assert.strictEqual((yield* Ref.get(owners)).length, 5)
      assert.includeMembers([`${owner}-0`, `${owner}-1`], [...new Set(yield* Ref.get(owners))])
      yield* Ref.set(left, 1)
      yield* TestClock.adjust("1 hour")
      assert.strictEqual(yield* Ref.get(left), 0, "found after the idle wait")
    }).pipe(Effect.scoped, Effect.provide(SequentialIds.layer)))

  it.effect("idle, one fiber polls per interval, not one per fiber; a claim wakes the others at once", () =>
    Effect.gen(function*() {
      const polls = yield* Ref.make(0)
      const steps = yield* Ref.make(0)
      const left = yield* Ref.make(0)
      const busy = yield* Ref.make(0)
      yield* startPolling({
        ...options,
        concurrency: 4,
        idle: Effect.zipRight(Ref.update(polls, (n) => n + 1), Effect.sleep("1 second")),
        // A claimed unit keeps its fiber busy for 10 s; `claimed` wakes the waiting fibers before that.
        step: (_owner, _slot, claimed) =>
          Effect.gen(function*() {
            yield* Ref.update(steps, (n) => n + 1)
            const took = yield* Ref.modify(left, (n) => [n > 0, Math.max(0, n - 1)] as const)
            if (!took) return false
            yield* claimed
            yield* Ref.update(busy, (n) => n + 1)
            yield* Effect.sleep("10 seconds")
            yield* Ref.update(busy, (n) => n - 1)
            return true
          })
      })
      yield* TestClock.adjust("1 millis")
      const [pollsAtStart, stepsAtStart] = [yield* Ref.get(polls), yield* Ref.get(steps)]
      assert.strictEqual(pollsAtStart, 1, "one poller")
      assert.strictEqual(stepsAtStart, 4, "each fiber looked once")
      for (let i = 0; i < 5; i++) yield* TestClock.adjust("1 second")
      assert.strictEqual((yield* Ref.get(polls)) - pollsAtStart, 5, "one poll per interval while idle")
      assert.strictEqual((yield* Ref.get(steps)) - stepsAtStart, 5, "and one claim after each")
      yield* Ref.set(left, 3)
      yield* TestClock.adjust("1 second")
      assert.strictEqual(yield* Ref.get(busy), 3, "the poller's claim woke the others, who took the rest at once")
      yield* TestClock.adjust("10 seconds")
      assert.strictEqual(yield* Ref.get(busy), 0)
    }).pipe(Effect.scoped, Effect.provide(SequentialIds.layer)))

  it.effect("a failing step is logged, and the fiber goes on after its idle wait", () =>
    Effect.gen(function*() {
      const calls = yield* Ref.make(0)
      yield* startPolling({
        ...options,
        concurrency: 1,
        step: () => Effect.zipRight(Ref.update(calls, (n) => n + 1), Effect.dieMessage("boom"))
      })
      yield* TestClock.adjust("1 millis")
      assert.strictEqual(yield* Ref.get(calls), 1)
      yield* TestClock.adjust("1 hour")
      assert.strictEqual(yield* Ref.get(calls), 2)
    }).pipe(Effect.scoped, Effect.provide(SequentialIds.layer)))

  it.effect("closing the scope stops idle fibers at once and lets in-flight work finish within the grace", () =>
    Effect.gen(function*() {
      const finished = yield* Ref.make(0)
      const started = yield* Ref.make(0)
      const scope = yield* Scope.make()
      yield* startPolling({
        ...options,
        concurrency: 2,
        // One slot finds 500 ms of work, the other nothing.
        step: () =>
          Effect.flatMap(Ref.getAndUpdate(started, (n) => n + 1), (n) =>
            n === 0
              ? Effect.as(Effect.zipRight(Effect.sleep("500 millis"), Ref.update(finished, (k) => k + 1)), true)
              : Effect.succeed(false))
      }).pipe(Scope.extend(scope))
      yield* timerAt(500)
      const closing = yield* Effect.fork(Scope.close(scope, Exit.void))
      yield* timerAt(1000)
      // Done at 500 ms: the idle fiber did not hold shutdown up until the grace period ended.
      yield* TestClock.adjust("500 millis")
      yield* Fiber.join(closing)
      assert.strictEqual(yield* Ref.get(finished), 1)
    }).pipe(Effect.provide(SequentialIds.layer)))

  it.effect("work still running after the grace period is interrupted, so it can hand itself back", () =>
    Effect.gen(function*() {
      const handedBack = yield* Ref.make(false)
      const scope = yield* Scope.make()
      yield* startPolling({
        ...options,
        concurrency: 1,
        step: () => Effect.never.pipe(Effect.onInterrupt(() => Ref.set(handedBack, true)))
      }).pipe(Scope.extend(scope))
      yield* TestClock.adjust("1 millis")
      const closing = yield* Effect.fork(Scope.close(scope, Exit.void))
      yield* timerAt(1001)
      yield* TestClock.adjust("1 second")
      yield* Fiber.join(closing)
      assert.isTrue(yield* Ref.get(handedBack))
    }).pipe(Effect.provide(SequentialIds.layer)))
})
