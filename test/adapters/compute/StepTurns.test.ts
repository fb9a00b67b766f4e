import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber } from "effect"
import * as fc from "fast-check"
import * as StepTurns from "../../../src/adapters/compute/StepTurns.js"

/** A step that records when it starts and runs until `release` is done. */
const held = (log: Array<string>, name: string, release: Deferred.Deferred<void>) =>
  Effect.zipRight(Effect.sync(() => log.push(name)), Deferred.await(release))

/** Yields until `done` holds, a bounded number of times (a lost wake-up then fails the test, not hangs it). */
const until = (done: () => boolean) =>
  Effect.zipRight(Effect.repeat(Effect.yieldNow(), { until: done, times: 10_000 }), Effect.sync(done))

/** Until `n` steps are waiting for a place (each fork reaches its wait on a later turn). */
const untilWaiting = (turns: StepTurns.StepTurns, n: number) =>
  Effect.flatMap(until(() => turns.waiting() >= n), (reached) => Effect.sync(() => assert.isTrue(reached)))

/** One place, taken by a step that logs "holder" and holds it until `release` is done. */
const oneHeldPlace = Effect.gen(function*() {
  const turns = StepTurns.make(1)
  const log: Array<string> = []
  const release = yield* Deferred.make<void>()
  const holder = yield* Effect.fork(turns.run(0)(held(log, "holder", release)))
  assert.isTrue(yield* until(() => log.length === 1))
  return { turns, log, release, holder }
})

describe("StepTurns", () => {
  it.effect("when a place frees, the waiting step of the highest rank takes it; equals in the order they came", () =>
    Effect.gen(function*() {
      const { holder, log, release, turns } = yield* oneHeldPlace
      const waiters = yield* Effect.forEach(
        [["judge-a", 1], ["finish-a", 3], ["judge-b", 1], ["write-a", 2], ["finish-b", 3], ["route", 0]] as const,
        ([name, rank]) => Effect.fork(turns.run(rank)(Effect.sync(() => log.push(name)))),
        { concurrency: 1 }
      )
      yield* untilWaiting(turns, 6)
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.join(holder)
      yield* Effect.forEach(waiters, Fiber.join)
      assert.deepStrictEqual(log, ["holder", "finish-a", "finish-b", "write-a", "judge-a", "judge-b", "route"])
      assert.strictEqual(turns.waiting(), 0)
    }))

  it.effect("a step interrupted while it waits leaves the queue and takes no place", () =>
    Effect.gen(function*() {
      const { holder, log, release, turns } = yield* oneHeldPlace
      const gone = yield* Effect.fork(turns.run(5)(Effect.sync(() => log.push("gone"))))
      const next = yield* Effect.fork(turns.run(1)(Effect.sync(() => log.push("next"))))
      yield* untilWaiting(turns, 2)
      yield* Fiber.interrupt(gone)
      assert.strictEqual(turns.waiting(), 1)
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.join(holder)
      yield* Fiber.join(next)
      assert.deepStrictEqual(log, ["holder", "next"])
      // The one place is free again: a step runs at once.
      assert.isTrue(Exit.isSuccess(yield* Effect.exit(turns.run(0)(Effect.void))))
    }))

  it.effect("a step that fails, dies or is interrupted while it runs gives its place back", () =>
    Effect.gen(function*() {
      const turns = StepTurns.make(1)
      assert.isTrue(Exit.isFailure(yield* Effect.exit(turns.run(1)(Effect.fail("no weather")))))
      assert.isTrue(Exit.isFailure(yield* Effect.exit(turns.run(1)(Effect.die("a defect")))))
      const running = yield* Effect.fork(turns.run(1)(Effect.never))
      yield* Effect.yieldNow()
      yield* Fiber.interrupt(running)
      const done = yield* Effect.fork(turns.run(2)(Effect.succeed("ran")))
      assert.strictEqual(yield* Fiber.join(done), "ran")
    }))

  it.effect("never more steps at once than places, whatever the ranks, interruptions and outcomes (property)", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 3 }),
          fc.array(fc.record({ rank: fc.integer({ min: 0, max: 3 }), outcome: fc.constantFrom("ok", "fail", "die", "interrupt") }), {
            minLength: 1,
            maxLength: 24
          }),
          (places, steps) =>
            Effect.runPromise(Effect.gen(function*() {
              const turns = StepTurns.make(places)
              let running = 0
              let most = 0
              const step = (outcome: string) =>
                Effect.acquireUseRelease(
                  Effect.sync(() => {
                    running++
                    most = Math.max(most, running)
                  }),
                  () =>
                    Effect.zipRight(
                      Effect.yieldNow(),
                      outcome === "fail" ? Effect.fail("failed") : outcome === "die" ? Effect.die("died") : Effect.void
                    ),
                  () => Effect.sync(() => running--)
                )
              const fibers = yield* Effect.forEach(steps, ({ outcome, rank }) => Effect.fork(turns.run(rank)(step(outcome))))
              // Some are interrupted, waiting or running, as they stand.
              yield* Effect.forEach(steps, ({ outcome }, i) => outcome === "interrupt" ? Fiber.interrupt(fibers[i]!) : Effect.void)
              yield* Effect.forEach(fibers, (fiber) => Effect.exit(Fiber.join(fiber)))
              // Every place is back: `places` steps can run together now.
              const all = yield* Deferred.make<void>()
              let started = 0
              const together = yield* Effect.forEach(
                Array.from({ length: places }),
                () => Effect.fork(turns.run(0)(Effect.zipRight(Effect.sync(() => started++), Deferred.await(all))))
              )
              const allStarted = yield* until(() => started === places)
              yield* Deferred.succeed(all, undefined)
              yield* Effect.forEach(together, Fiber.join)
              return allStarted && most <= places && running === 0 && turns.waiting() === 0
            }))
        ),
        { numRuns: 200 }
      )
    ))
})
