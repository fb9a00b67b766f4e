import { assert, describe, it } from "@effect/vitest"
import { Cause, Effect, Either, Exit, Fiber } from "effect"
import * as fc from "fast-check"
import * as StepTurns from "../../../src/adapters/compute/StepTurns.js"

/** Turns of a loop the test runs by hand: `asked` says how many are asked and not yet taken. */
const handTurns = () => {
  const pending: Array<() => void> = []
  return {
    turn: (then: () => void) => void pending.push(then),
    asked: () => pending.length,
    /** Takes the turns asked so far, one by one, as the loop would. */
    take: () => {
      const now = pending.splice(0)
      now.forEach((then) => then())
      return now.length
    }
  }
}

/** Yields until `done` holds, a bounded number of times (a lost wake-up then fails the test, not hangs it). */
const until = (done: () => boolean) =>
  Effect.zipRight(Effect.repeat(Effect.yieldNow(), { until: done, times: 10_000 }), Effect.sync(done))

/** Forks each named step at its rank, and waits until all are queued. */
const queued = (turns: StepTurns.StepTurns, log: Array<string>, steps: ReadonlyArray<readonly [string, number]>) =>
  Effect.gen(function*() {
    const fibers = yield* Effect.forEach(steps, ([name, rank]) =>
      Effect.fork(turns.run(rank)(() => {
        log.push(name)
        return Either.right(name)
      })))
    assert.isTrue(yield* until(() => turns.waiting() === steps.length))
    return fibers
  })

describe("StepTurns", () => {
  it.effect("each turn runs the waiting step of the highest rank; equals in the order they came", () =>
    Effect.gen(function*() {
      const loop = handTurns()
      const turns = StepTurns.make(1, loop.turn)
      const log: Array<string> = []
      const fibers = yield* queued(turns, log, [["judge-a", 1], ["finish-a", 3], ["judge-b", 1], ["write-a", 2], ["finish-b", 3], ["route", 0]])
      // One turn asked however many wait, and nothing runs before it.
      assert.strictEqual(loop.asked(), 1)
      assert.deepStrictEqual(log, [])
      // One step a turn: the loop's I/O runs between them.
      for (let n = 1; n <= 6; n++) {
        assert.strictEqual(loop.take(), 1)
        assert.strictEqual(log.length, n)
      }
      assert.strictEqual(loop.asked(), 0)
      assert.deepStrictEqual(log, ["finish-a", "finish-b", "write-a", "judge-a", "judge-b", "route"])
      assert.deepStrictEqual(yield* Effect.forEach(fibers, Fiber.join), ["judge-a", "finish-a", "judge-b", "write-a", "finish-b", "route"])
      assert.strictEqual(turns.waiting(), 0)
    }))

  it.effect("a turn takes up to `perTurn` steps", () =>
    Effect.gen(function*() {
      const loop = handTurns()
      const turns = StepTurns.make(2, loop.turn)
      const log: Array<string> = []
      yield* queued(turns, log, [["a", 0], ["b", 1], ["c", 2]])
      loop.take()
      assert.deepStrictEqual(log, ["c", "b"])
      assert.strictEqual(loop.asked(), 1)
      loop.take()
      assert.deepStrictEqual(log, ["c", "b", "a"])
      assert.strictEqual(loop.asked(), 0)
    }))

  it.effect("a step interrupted while it waits leaves the queue and never runs", () =>
    Effect.gen(function*() {
      const loop = handTurns()
      const turns = StepTurns.make(1, loop.turn)
      const log: Array<string> = []
      const [gone, next] = yield* queued(turns, log, [["gone", 5], ["next", 1]])
      yield* Fiber.interrupt(gone!)
      assert.strictEqual(turns.waiting(), 1)
      loop.take()
      assert.deepStrictEqual(log, ["next"])
      assert.strictEqual(yield* Fiber.join(next!), "next")
      assert.strictEqual(loop.asked(), 0)
    }))

  it.effect("a step's Left is its caller's failure and a throw its defect; the steps after it still run", () =>
    Effect.gen(function*() {
      const loop = handTurns()
      const turns = StepTurns.make(1, loop.turn)
      const failing = yield* Effect.fork(turns.run(2)(() => Either.left("no weather")))
      const dying = yield* Effect.fork(turns.run(1)(() => {
        throw new Error("a defect")
      }))
      const fine = yield* Effect.fork(turns.run(0)(() => Either.right("ran")))
      assert.isTrue(yield* until(() => turns.waiting() === 3))
      while (loop.take() > 0) { /* the loop goes on */ }
      assert.deepStrictEqual(yield* Fiber.await(failing), Exit.fail("no weather"))
      const died = yield* Fiber.await(dying)
      assert.isTrue(Exit.isFailure(died) && Cause.isDie(died.cause))
      assert.strictEqual(yield* Fiber.join(fine), "ran")
    }))

  it.effect("on the real loop: one step a turn, so what the loop has queued meanwhile runs between two steps", () =>
    Effect.gen(function*() {
      const turns = StepTurns.make(1)
      const log: Array<string> = []
      yield* Effect.forEach(["a", "b", "c"], (name) =>
        turns.run(0)(() => {
          log.push(name)
          // Queued by the loop while "a" runs: it runs before "b", in the turn between them.
          if (name === "a") setImmediate(() => log.push("between"))
          return Either.right(name)
        }), { concurrency: "unbounded" })
      assert.deepStrictEqual(log, ["a", "between", "b", "c"])
    }))

  it.effect("every step runs once, in rank order then arrival, whatever the ranks and interruptions (property)", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 3 }),
          fc.array(fc.record({ rank: fc.integer({ min: 0, max: 3 }), interrupted: fc.boolean() }), { minLength: 1, maxLength: 24 }),
          (perTurn, steps) =>
            Effect.runPromise(Effect.gen(function*() {
              const loop = handTurns()
              const turns = StepTurns.make(perTurn, loop.turn)
              const ran: Array<number> = []
              const fibers = yield* Effect.forEach(steps, ({ rank }, i) =>
                Effect.fork(turns.run(rank)(() => {
                  ran.push(i)
                  return Either.right(i)
                })))
              if (!(yield* until(() => turns.waiting() === steps.length))) return false
              yield* Effect.forEach(steps, ({ interrupted }, i) => interrupted ? Fiber.interrupt(fibers[i]!) : Effect.void)
              let takes = 0
              while (loop.take() > 0) takes++
              const expected = steps.map((s, i) => ({ ...s, i })).filter((s) => !s.interrupted)
                .sort((a, b) => b.rank - a.rank || a.i - b.i).map((s) => s.i)
              const joined = yield* Effect.forEach(steps, ({ interrupted }, i) => interrupted ? Effect.succeed(i) : Fiber.join(fibers[i]!))
              return JSON.stringify(ran) === JSON.stringify(expected) && joined.every((v, i) => v === i) &&
                // One turn a `perTurn` steps (the turn asked first runs even when every step left the queue).
                takes === Math.max(1, Math.ceil(expected.length / perTurn)) &&
                turns.waiting() === 0
            }))
        ),
        { numRuns: 200 }
      )
    ))
})
