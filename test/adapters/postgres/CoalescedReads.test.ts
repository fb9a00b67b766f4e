import * as SqlClient from "@effect/sql/SqlClient"
import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber, Ref } from "effect"
import { makeCoalescedReads } from "../../../src/adapters/postgres/CoalescedReads.js"

/** A read whose every call waits for its own gate, counted; the answer is the call's number. */
const gatedRead = Effect.gen(function*() {
  const calls = yield* Ref.make(0)
  const gates: Array<Deferred.Deferred<void>> = []
  const opened = yield* Ref.make(0)
  const read = (_: string) =>
    Effect.flatMap(Ref.updateAndGet(calls, (n) => n + 1), (n) =>
      Effect.flatMap(Deferred.make<void>(), (gate) => {
        gates.push(gate)
        return Effect.as(Deferred.await(gate), n)
      }))
  /** Opens the next call's gate once that call was made. */
  const openNext = Effect.gen(function*() {
    const index = yield* Ref.getAndUpdate(opened, (n) => n + 1)
    while (gates.length <= index) yield* Effect.yieldNow()
    yield* Deferred.succeed(gates[index]!, undefined)
  })
  return { calls, read, openNext }
})

/** Lets the forked requests run up to where they wait. */
const settle = Effect.repeatN(Effect.yieldNow(), 20)

describe("coalesced reads", () => {
  it.effect("requests join only a read not yet sent: one in flight, the next for all who came meanwhile", () =>
    Effect.gen(function*() {
      const coalesce = makeCoalescedReads(yield* Effect.runtime<never>())
      const { calls, openNext, read } = yield* gatedRead
      const shared = coalesce((key: string) => key, read)
      const first = yield* Effect.fork(shared("a"))
      yield* settle
      // Asked while the first read is on its way: they must not get its answer (it may predate them).
      const second = yield* Effect.fork(shared("a"))
      const third = yield* Effect.fork(shared("a"))
      const other = yield* Effect.fork(shared("b"))
      yield* settle
      assert.strictEqual(yield* Ref.get(calls), 2, "one read of a on its way, one of b; the later a's wait")
      yield* openNext
      assert.strictEqual(yield* Fiber.join(first), 1)
      yield* settle
      assert.strictEqual(yield* Ref.get(calls), 3, "the waiting a's share the next read")
      yield* openNext // b's
      yield* openNext // the a's second read
      assert.strictEqual(yield* Fiber.join(other), 2)
      assert.deepStrictEqual([yield* Fiber.join(second), yield* Fiber.join(third)], [3, 3])
      // Nothing left waiting: the next request reads anew.
      const later = yield* Effect.fork(shared("a"))
      yield* settle
      yield* openNext
      assert.strictEqual(yield* Fiber.join(later), 4)
    }))

  it.effect("a failed read fails at once those who shared it and those waiting for the next; then a read is made anew", () =>
    Effect.gen(function*() {
      const coalesce = makeCoalescedReads(yield* Effect.runtime<never>())
      const outcomes = [Effect.dieMessage("storage gone"), Effect.succeed("ok")]
      let n = 0
      const gate = yield* Deferred.make<void>()
      const shared = coalesce((key: string) => key, () => Effect.zipRight(Deferred.await(gate), outcomes[n++]!))
      const sent = yield* Effect.fork(Effect.exit(shared("k")))
      yield* settle
      const waiting = yield* Effect.fork(Effect.exit(shared("k")))
      yield* settle
      yield* Deferred.succeed(gate, undefined)
      assert.isTrue(Exit.isFailure(yield* Fiber.join(sent)))
      assert.isTrue(Exit.isFailure(yield* Fiber.join(waiting)), "no second statement to wait out")
      assert.strictEqual(n, 1)
      assert.strictEqual(yield* shared("k"), "ok")
    }))

  it.effect("inside a transaction every read is made on the caller's own fiber (its connection), never shared", () =>
    Effect.gen(function*() {
      const coalesce = makeCoalescedReads(yield* Effect.runtime<never>())
      const { calls, openNext, read } = yield* gatedRead
      const shared = coalesce((key: string) => key, read)
      const inTransaction = Effect.provideService(shared("a"), SqlClient.TransactionConnection, [undefined as never, 0])
      const one = yield* Effect.fork(inTransaction)
      const two = yield* Effect.fork(inTransaction)
      yield* settle
      assert.strictEqual(yield* Ref.get(calls), 2)
      yield* openNext
      yield* openNext
      assert.deepStrictEqual([yield* Fiber.join(one), yield* Fiber.join(two)], [1, 2])
    }))
})
