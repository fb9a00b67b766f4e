import { Cause, Duration, Effect, Fiber, Option, Ref, Schedule } from "effect"
import type { Job } from "../domain/forecast/Job.js"
import { JobQueue } from "../ports/JobQueue.js"
import { Ids } from "../ports/Ids.js"
import { processForecast } from "./ProcessForecast.js"

export interface WorkerPoolOptions {
  readonly concurrency: number
  /** How long to wait before asking again when the queue was empty. */
  readonly pollInterval: Duration.DurationInput
  /** How long a claim lasts without a heartbeat; a crashed worker's jobs return after this. */
  readonly lease: Duration.DurationInput
  /** On shutdown, how long in-flight jobs may run on before they are returned to the queue. */
  readonly shutdownGrace: Duration.DurationInput
}

/** Runs one claimed job, keeping its lease alive, and gives it back if interrupted. */
const runJob = (job: Job, owner: string, lease: Duration.Duration) =>
  Effect.gen(function*() {
    const queue = yield* JobQueue
    const heartbeat = queue.extend(job.forecastId, owner, lease).pipe(
      Effect.repeat(Schedule.spaced(Duration.divide(lease, 3).pipe(Option.getOrElse(() => lease)))),
      Effect.forkScoped
    )
    yield* heartbeat
    yield* processForecast(job).pipe(Effect.onInterrupt(() => queue.release(job.forecastId, owner)))
  }).pipe(Effect.scoped, Effect.annotateLogs({ forecastId: job.forecastId }))

/**
 * Worker fibers that claim forecast jobs and produce them. Runs in the caller's scope: closing it stops
 * claiming, lets in-flight jobs finish within the grace period, then interrupts (and so returns) the rest.
 */
export const startWorkerPool = (options: WorkerPoolOptions) =>
  Effect.gen(function*() {
    const queue = yield* JobQueue
    const lease = Duration.decode(options.lease)
    const owner = `worker-${yield* (yield* Ids).base62(12)}`
    const stopping = yield* Ref.make(false)

    const loop = Effect.gen(function*() {
      while (!(yield* Ref.get(stopping))) {
        const job = yield* queue.claim(owner, lease)
        if (Option.isNone(job)) {
          yield* Effect.sleep(options.pollInterval)
          continue
        }
        yield* runJob(job.value, owner, lease).pipe(
          Effect.catchAllCause((cause) =>
            Cause.isInterruptedOnly(cause) ? Effect.failCause(cause) : Effect.logError("worker job failed", cause)
          )
        )
      }
    })

    const fibers = yield* Effect.forEach(
      Array.from({ length: options.concurrency }, (_, i) => i),
      (i) => Effect.forkScoped(loop.pipe(Effect.annotateLogs({ worker: i })))
    )
    yield* Effect.addFinalizer(() =>
      Effect.gen(function*() {
        yield* Ref.set(stopping, true)
        // Finalizers are uninterruptible; the wait must not be, or the grace period could never end.
        yield* Fiber.joinAll(fibers).pipe(Effect.interruptible, Effect.timeout(options.shutdownGrace), Effect.ignore)
        yield* Fiber.interruptAll(fibers)
      })
    )
    yield* Effect.logInfo(`worker pool started: ${options.concurrency} workers as ${owner}`)
  })
