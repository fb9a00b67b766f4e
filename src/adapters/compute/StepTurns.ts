import { Effect, Either, Exit } from "effect"

/**
 * Whose turn it is to compute on the event loop, by rank: each turn of the loop runs the waiting step of
 * the highest rank (the first to come among equals), at most `perTurn` of them, and the loop's I/O runs
 * between turns. A forecast's steps are ranked by how far along it is (its finish before another's
 * rules), so that with hundreds of forecasts in flight the ones started finish first and let go of what
 * they hold, instead of every forecast advancing one step at a time while all of their weather, days and
 * texts stay alive together (docs/performance.md, "The pipeline": with a first-come queue the collector
 * copied and promoted them all).
 *
 * A step is synchronous (a pure computation), so a step that has started is never interrupted, and one
 * waiting is simply taken out of the queue. A waiting step costs its fiber one suspension and nothing
 * else: the queue is plain arrays, and one turn is asked of the loop while steps wait (docs/performance.md,
 * "The third round": a place held through a semaphore, a deferred and a turn of its own cost each step
 * two suspensions and about 25 of the runtime's operations).
 */
export interface StepTurns {
  /** Runs `step` in its turn; its Left is the effect's failure, a throw its defect. */
  readonly run: (rank: number) => <A, E>(step: () => Either.Either<A, E>) => Effect.Effect<A, E>
  /** Steps waiting now (the tests wait on it). */
  readonly waiting: () => number
}

/** A waiting step, and how to answer its caller. */
interface Waiting {
  readonly run: () => void
}

/**
 * One turn of the event loop: `setImmediate` runs right after the loop's I/O. A zero timer would too, but
 * Node makes it at least 1 ms, in which, with nothing else to do, the core idles (the worker made 1.47
 * times the forecasts a second with `setImmediate`: docs/performance.md).
 */
const nextTurn = (then: () => void): void => {
  if (typeof setImmediate === "function") setImmediate(then)
  else setTimeout(then, 0)
}

/**
 * Steps taken `perTurn` a turn (at least one). `turn` asks the loop for a turn (`setImmediate`); the
 * tests give their own, to run the turns one by one.
 */
export const make = (perTurn: number, turn: (then: () => void) => void = nextTurn): StepTurns => {
  const most = Math.max(1, perTurn)
  // Waiting steps by rank, each rank first come, first served.
  const queues = new Map<number, Array<Waiting>>()
  let ranks: Array<number> = []
  let waiting = 0
  let asked = false

  const next = (): Waiting | undefined => {
    for (const rank of ranks) {
      const queue = queues.get(rank)!
      if (queue.length > 0) {
        waiting--
        return queue.shift()
      }
    }
    return undefined
  }

  const takeTurn = () => {
    asked = false
    for (let i = 0; i < most; i++) {
      const step = next()
      if (step === undefined) break
      step.run()
    }
    if (waiting > 0) ask()
  }

  const ask = () => {
    if (!asked) {
      asked = true
      turn(takeTurn)
    }
  }

  const queueOf = (rank: number) => {
    let queue = queues.get(rank)
    if (queue === undefined) {
      queue = []
      queues.set(rank, queue)
      ranks = [...queues.keys()].sort((a, b) => b - a)
    }
    return queue
  }

  return {
    run: (rank) => <A, E>(step: () => Either.Either<A, E>) =>
      Effect.async<A, E>((resume) => {
        const queue = queueOf(rank)
        const entry: Waiting = {
          run: () => {
            let exit: Exit.Exit<A, E>
            try {
              const result = step()
              exit = Either.isRight(result) ? Exit.succeed(result.right) : Exit.fail(result.left)
            } catch (defect) {
              exit = Exit.die(defect)
            }
            resume(exit)
          }
        }
        queue.push(entry)
        waiting++
        ask()
        // Interrupted while it waits: it leaves the queue and never runs.
        return Effect.sync(() => {
          const at = queue.indexOf(entry)
          if (at >= 0) {
            queue.splice(at, 1)
            waiting--
          }
        })
      }),
    waiting: () => waiting
  }
}
