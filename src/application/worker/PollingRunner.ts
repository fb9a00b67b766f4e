import { Cause, Deferred, type Duration, Effect, Fiber } from "effect"
import { Ids } from "../../ports/Ids.js"

/** The longest wait after failures in a row, in idle periods. */
const MAX_BACKOFF = 8

export interface PollingOptions<E, R> {
  /** Prefix of the runner's owner id (`<name>-<12 base62>`), and the log annotation of each fiber. */
  readonly name: string
  readonly concurrency: number
  /** On shutdown, how long in-flight work may run on before it is interrupted. */
  readonly shutdownGrace: Duration.DurationInput
  /**
   * Claims one piece of work for the runner's `owner` on fiber `slot` and does it; false when there was
   * none. Right after a successful claim it may run `claimed`, which wakes the idle fibers at once (there
   * may be more), instead of when the work is done.
   */
  readonly step: (owner: string, slot: number, claimed: Effect.Effect<void>) => Effect.Effect<boolean, E, R>
  /** The wait after a step that found nothing (or failed), made by one fiber at a time; shutdown cuts it short. */
  readonly idle: Effect.Effect<void, never, R>
}

/**
 * `concurrency` fibers that each claim and do one piece of work after another. When there is none, one
 * fiber (the poller) waits `idle` and asks again, while the others wait until a claim succeeds: an idle
 * process makes one poll per interval, not one per fiber. Runs in the caller's scope: closing it stops claiming (idle fibers stop at once),
 * lets in-flight work finish within the grace period, then interrupts the rest, whose steps hand
 * their work back (to the queue, to the outbox) when interrupted. Returns the owner prefix.
 */
export const startPolling = <E, R>(options: PollingOptions<E, R>) =>
  Effect.gen(function*() {
    const owner = `${options.name}-${yield* (yield* Ids).base62(12)}`
    const stop = yield* Deferred.make<void>()
    // Opened for the fibers waiting at that moment whenever a claim succeeds.
    const work = yield* Effect.makeLatch(false)
    let polling = false

    // A failing step (storage unreachable) backs off: after n failures in a row the fiber waits
    // min(2^(n-1), MAX_BACKOFF) idle periods, logs the first failure of the run and the recovery, and
    // resumes by itself when a step succeeds again.
    const loop = (slot: number) =>
      Effect.gen(function*() {
        let failures = 0
        while (!(yield* Deferred.isDone(stop))) {
          const worked = yield* options.step(owner, slot, work.release).pipe(
            Effect.tap(() => {
              if (failures === 0) return Effect.void
              const after = failures
              failures = 0
              return Effect.logInfo(`${options.name}: resumed after ${after} failed steps`)
            }),
            Effect.catchAllCause((cause) => {
              if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause)
              failures++
              return Effect.as(
                failures === 1
                  ? Effect.logError(`${options.name}: step failed (backing off until it works again)`, cause)
                  : Effect.logDebug(`${options.name}: step failed ${failures} times in a row`),
                false
              )
            })
          )
          if (worked) {
            yield* work.release
          } else if (!polling) {
            // The one poller of the process waits, backing off after failures in a row.
            polling = true
            const periods = failures === 0 ? 1 : Math.min(2 ** (failures - 1), MAX_BACKOFF)
            yield* Effect.raceFirst(Effect.repeatN(options.idle, periods - 1), Deferred.await(stop)).pipe(
              Effect.ensuring(Effect.sync(() => {
                polling = false
              }))
            )
          } else {
            yield* Effect.raceFirst(work.await, Deferred.await(stop))
          }
        }
      })

    const fibers = yield* Effect.forEach(
      Array.from({ length: options.concurrency }, (_, i) => i),
      (i) => Effect.forkScoped(loop(i).pipe(Effect.annotateLogs({ [options.name]: i })))
    )
    yield* Effect.addFinalizer(() =>
      Effect.gen(function*() {
        yield* Deferred.succeed(stop, undefined)
        // Finalizers run uninterruptibly: without `interruptible` the timeout could never cut the join short.
        yield* Fiber.joinAll(fibers).pipe(Effect.interruptible, Effect.timeout(options.shutdownGrace), Effect.ignore)
        yield* Fiber.interruptAll(fibers)
      })
    )
    return owner
  })
