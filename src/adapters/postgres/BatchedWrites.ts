import * as SqlClient from "@effect/sql/SqlClient"
import { Context, Effect, Exit, Runtime } from "effect"

/** A write waiting for the next statement, and how to answer its caller. */
interface Waiting<I, O> {
  readonly input: I
  readonly resume: (exit: Exit.Exit<O>) => void
}

/**
 * Writes of one kind share a statement: while one statement of that kind is on its way, the writes asked
 * meanwhile wait, and when it answers one statement (`many`) carries all of them. Each caller is answered
 * once the statement that carried its write has run, so a caller that goes on after its write finds it
 * written, as with one statement per write; what changes is the cost of a busy process: one statement per
 * round trip instead of one per write. The statements run on fibers of their own (from `runtime`), not on
 * the first caller's, which may be interrupted while others wait on the same statement; an interrupted
 * caller's write is still made. Inside a transaction a write goes alone on the transaction's connection.
 *
 * A statement that fails is not every write's failure: each of its writes is sent again alone (`one`), so a
 * batch refused as a whole (two processes' batches deadlocked on the same rows) costs nothing but a retry,
 * and a write that fails alone fails only its caller. `many` answers in the order of its inputs.
 */
export const makeBatchedWrites = (runtime: Runtime.Runtime<never>) => {
  const runFork = Runtime.runFork(runtime)
  return <I, O>(
    many: (inputs: ReadonlyArray<I>) => Effect.Effect<ReadonlyArray<O>>,
    one: (input: I) => Effect.Effect<O>
  ): (input: I) => Effect.Effect<O> => {
    let running = false
    let waiting: Array<Waiting<I, O>> = []
    const alone = (w: Waiting<I, O>) => runFork(one(w.input)).addObserver(w.resume)
    const answer = (batch: ReadonlyArray<Waiting<I, O>>, exit: Exit.Exit<ReadonlyArray<O>>) => {
      if (Exit.isSuccess(exit)) batch.forEach((w, i) => w.resume(Exit.succeed(exit.value[i]!)))
      else if (batch.length === 1) batch[0]!.resume(exit as Exit.Exit<never>)
      else batch.forEach(alone)
    }
    // One fiber sends statement after statement while writes keep coming (a fiber made per statement
    // cost a busy worker 2 % of its CPU), and ends when none wait.
    const sender: Effect.Effect<void> = Effect.suspend(() => {
      const batch = waiting
      if (batch.length === 0) {
        running = false
        return Effect.void
      }
      waiting = []
      const statement = batch.length === 1 ? Effect.map(one(batch[0]!.input), (o) => [o]) : many(batch.map((w) => w.input))
      return Effect.flatMap(Effect.exit(statement), (exit) => {
        answer(batch, exit)
        return sender
      })
    })
    const batched = (input: I): Effect.Effect<O> =>
      Effect.async<O>((resume) => {
        waiting.push({ input, resume })
        if (!running) {
          running = true
          runFork(sender)
        }
      })
    return (input: I): Effect.Effect<O> =>
      Effect.withFiberRuntime((fiber) =>
        Context.getOption(fiber.currentContext, SqlClient.TransactionConnection)._tag === "Some" ? one(input) : batched(input)
      )
  }
}
