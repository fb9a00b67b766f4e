import * as SqlClient from "@effect/sql/SqlClient"
import type { Connection } from "@effect/sql/SqlConnection"
import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Fiber } from "effect"
import { makeBatchedWrites } from "../../../src/adapters/postgres/BatchedWrites.js"

/** Lets the forked fibers run up to their next wait. */
const settle = Effect.repeatN(Effect.yieldNow(), 10)

/**
 * A fake statement kind answering n × 10: `many` and `one` record what they were sent and wait for `gate`
 * while it is set; `many` fails (as a batch refused by a deadlock would) while `failMany` is set.
 */
const fake = Effect.gen(function*() {
  const sent: Array<ReadonlyArray<number> | number> = []
  const state = { gate: undefined as Deferred.Deferred<void> | undefined, failMany: false }
  const wait = Effect.suspend(() => (state.gate === undefined ? Effect.void : Deferred.await(state.gate)))
  const write = makeBatchedWrites(yield* Effect.runtime<never>())(
    (inputs: ReadonlyArray<number>) =>
      Effect.gen(function*() {
        sent.push(inputs)
        yield* wait
        if (state.failMany) return yield* Effect.dieMessage("deadlock detected")
        return inputs.map((n) => n * 10)
      }),
    (n: number) => Effect.as(Effect.zipRight(Effect.sync(() => sent.push(n)), wait), n * 10)
  )
  /**
   * Write 1 on its way, held (with every statement after it) until `release`: what is asked meanwhile
   * waits for the next statement.
   */
  const onItsWay = Effect.gen(function*() {
    const gate = yield* Deferred.make<void>()
    state.gate = gate
    const first = yield* Effect.fork(write(1))
    yield* settle
    const release = Effect.zipRight(Effect.sync(() => (state.gate = undefined)), Deferred.succeed(gate, undefined))
    return { first, release }
  })
  return { onItsWay, sent, state, write }
})

describe("BatchedWrites", () => {
  it.effect("a write alone goes alone; those asked while it is on its way go together in the next statement, each answered its own, in order", () =>
    Effect.gen(function*() {
      const { onItsWay, sent, write } = yield* fake
      const { first, release } = yield* onItsWay
      const batch = yield* Effect.fork(Effect.all([write(2), write(3), write(4)], { concurrency: "unbounded" }))
      yield* settle
      assert.deepStrictEqual(sent, [1])
      yield* release
      assert.strictEqual(yield* Fiber.join(first), 10)
      assert.deepStrictEqual(yield* Fiber.join(batch), [20, 30, 40])
      assert.deepStrictEqual(sent, [1, [2, 3, 4]])
    }))

  it.effect("a statement that fails is sent again write by write: each caller gets its own answer", () =>
    Effect.gen(function*() {
      const { onItsWay, sent, state, write } = yield* fake
      state.failMany = true
      const { first, release } = yield* onItsWay
      const batch = yield* Effect.fork(Effect.all([write(2), write(3)], { concurrency: "unbounded" }))
      yield* settle
      yield* release
      assert.strictEqual(yield* Fiber.join(first), 10)
      assert.deepStrictEqual(yield* Fiber.join(batch), [20, 30])
      assert.deepStrictEqual(sent.slice(0, 2), [1, [2, 3]])
      assert.sameMembers(sent.slice(2) as Array<number>, [2, 3])
    }))

  it.effect("a caller interrupted while it waits: its write is still made, and the others are answered", () =>
    Effect.gen(function*() {
      const { onItsWay, sent, write } = yield* fake
      const { first, release } = yield* onItsWay
      const gone = yield* Effect.fork(write(2))
      const kept = yield* Effect.fork(write(3))
      yield* settle
      yield* Fiber.interrupt(gone)
      yield* release
      assert.strictEqual(yield* Fiber.join(first), 10)
      assert.strictEqual(yield* Fiber.join(kept), 30)
      assert.deepStrictEqual(sent, [1, [2, 3]])
    }))

  it.effect("inside a transaction a write goes alone at once, on the caller's fiber, not after the statement on its way", () =>
    Effect.gen(function*() {
      const { onItsWay, sent, write } = yield* fake
      const { first, release } = yield* onItsWay
      const inTransaction = yield* Effect.fork(
        write(2).pipe(Effect.provideService(SqlClient.TransactionConnection, [{} as Connection, 0]))
      )
      yield* settle
      assert.deepStrictEqual(sent, [1, 2])
      yield* release
      assert.strictEqual(yield* Fiber.join(inTransaction), 20)
      assert.strictEqual(yield* Fiber.join(first), 10)
    }))
})
