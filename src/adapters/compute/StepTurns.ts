import { Deferred, Effect, Exit, FiberId } from "effect"

/**
 * Whose turn it is at a bounded number of places to compute, by rank: when a place frees, the waiting
 * step of the highest rank takes it (the first to come among equals). A forecast's steps are ranked by
 * how far along it is (its finish before another's rules), so that with hundreds of forecasts in flight
 * the ones started finish first and let go of what they hold, instead of every forecast advancing one
 * step at a time while all of their weather, days and texts stay alive together (docs/performance.md,
 * "The pipeline": with a first-come queue the collector copied and promoted them all).
 */
export interface StepTurns {
  /** Runs `step` in a place, waiting for one with `rank`; the place is given back however it ends. */
  readonly run: (rank: number) => <A, E, R>(step: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Steps waiting now (the tests wait on it). */
  readonly waiting: () => number
}

export const make = (places: number): StepTurns => {
  let free = Math.max(1, places)
  // Waiting steps by rank, each rank first come, first served.
  const queues = new Map<number, Array<Deferred.Deferred<void>>>()
  let ranks: Array<number> = []
  let waiting = 0

  const next = (): Deferred.Deferred<void> | undefined => {
    for (const rank of ranks) {
      const queue = queues.get(rank)!
      if (queue.length > 0) {
        waiting--
        return queue.shift()
      }
    }
    return undefined
  }

  // A freed place goes to the next waiter (already counted as taken), else back to the free ones.
  const giveBack = Effect.sync(() => {
    const turn = next()
    if (turn === undefined) free++
    else Deferred.unsafeDone(turn, Exit.void)
  })

  const wait = (rank: number) => {
    let queue = queues.get(rank)
    if (queue === undefined) {
      queue = []
      queues.set(rank, queue)
      ranks = [...queues.keys()].sort((a, b) => b - a)
    }
    const turn = Deferred.unsafeMake<void>(FiberId.none)
    queue.push(turn)
    waiting++
    return Deferred.await(turn).pipe(Effect.onInterrupt(() =>
      Effect.suspend(() => {
        const at = queue.indexOf(turn)
        if (at >= 0) {
          // Still waiting: it leaves the queue and took nothing.
          queue.splice(at, 1)
          waiting--
          return Effect.void
        }
        // Given a place as it was interrupted: the place goes on to the next.
        return giveBack
      })
    ))
  }

  const take = (rank: number) =>
    Effect.suspend(() => {
      // A free place means no one waits: a freed place goes to a waiter before it is counted free.
      if (free > 0) {
        free--
        return Effect.void
      }
      return wait(rank)
    })

  return {
    run: (rank) => (step) =>
      Effect.uninterruptibleMask((restore) =>
        Effect.zipRight(restore(take(rank)), Effect.ensuring(restore(step), giveBack))
      ),
    waiting: () => waiting
  }
}
