import * as SqlClient from "@effect/sql/SqlClient"
import { Context, Effect, type Exit, Runtime } from "effect"

/** The requests waiting for the next read of one key, and whether a read of it is on its way. */
interface Pending<A> {
  running: boolean
  waiting: Array<(exit: Exit.Exit<A>) => void>
}

/**
 * Identical reads asked at the same time share one statement, without ever answering a read older
 * than the request: a request joins only a read **not yet sent**. While a read of a key is on its way,
 * the requests for that key wait; when it answers, one statement is sent for all of them, and each gets
 * its answer. Every request that shares a statement arrived before the statement was sent, so the
 * statement's snapshot is later than each arrival: a client that wrote (in any process) and then reads
 * sees its write, exactly as with one statement per request. What changes is the cost of a busy key:
 * one statement per round trip instead of one per request.
 *
 * The statements run on fibers of their own (made from `runtime`), not on the first request's: that
 * request may be interrupted, its client gone, while others wait on the same statement. Answers must be
 * values the waiters may share (immutable). A failure is every waiter's, including those waiting for the
 * next read: when storage is unreachable they learn it at once instead of after a second deadline.
 */
export const makeCoalescedReads = <R>(runtime: Runtime.Runtime<R>) => {
  const runFork = Runtime.runFork(runtime)
  /** `read` shared by the requests whose `keyOf` is the same (the key must name everything the read depends on). */
  return <P, A>(keyOf: (params: P) => string, read: (params: P) => Effect.Effect<A, never, R>) => {
    const pending = new Map<string, Pending<A>>()
    const send = (key: string, state: Pending<A>, params: P): void => {
      const waiting = state.waiting
      if (waiting.length === 0) {
        state.running = false
        pending.delete(key)
        return
      }
      state.running = true
      state.waiting = []
      runFork(read(params)).addObserver((exit) => {
        for (const resume of waiting) resume(exit)
        // A failed read (the database unreachable, a timeout) fails those who came meanwhile too, at
        // once: a failure is no stale answer, and a second statement would make them wait as long again.
        if (exit._tag === "Failure") {
          for (const resume of state.waiting) resume(exit)
          state.waiting = []
        }
        send(key, state, params)
      })
    }
    const shared = (params: P): Effect.Effect<A> =>
      Effect.async<A>((resume) => {
        const key = keyOf(params)
        let state = pending.get(key)
        if (state === undefined) {
          state = { running: false, waiting: [] }
          pending.set(key, state)
        }
        state.waiting.push(resume)
        if (!state.running) send(key, state, params)
      })
    // Inside a transaction a read must see the transaction's own writes, on its connection: read there.
    return (params: P): Effect.Effect<A> =>
      Effect.withFiberRuntime((fiber) =>
        Context.getOption(fiber.currentContext, SqlClient.TransactionConnection)._tag === "Some"
          ? (read(params) as Effect.Effect<A>)
          : shared(params)
      )
  }
}

/** What `makeCoalescedReads` gives: shares reads of one key between the requests that wait for it. */
export type Coalesce = ReturnType<typeof makeCoalescedReads<never>>

/** No sharing: every request reads on its own (where no runtime is at hand, e.g. a read made in a test). */
export const uncoalesced: Coalesce = (_keyOf, read) => read
