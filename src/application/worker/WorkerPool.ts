import { Cause, DateTime, Deferred, Duration, Effect, FiberSet, Metric, Option } from "effect"
import { forecastsTotal, queueWaitSeconds } from "../Metrics.js"
import type { Job } from "../../domain/forecast/Job.js"
import { Ids } from "../../ports/Ids.js"
import { JobQueue } from "../../ports/JobQueue.js"
import { processJob } from "./ProcessJob.js"

export interface WorkerPoolOptions {
  readonly concurrency: number
  /** How long to wait before asking again when the queue was empty. */
  readonly pollInterval: Duration.DurationInput
  /** How long a claim lasts without a heartbeat; a crashed worker's jobs return after this. */
  readonly lease: Duration.DurationInput
  /** On shutdown, how long in-flight jobs may run on before they are returned to the queue. */
  readonly shutdownGrace: Duration.DurationInput
}

// Tagged once: tagging makes a new metric key (and hashes it) each time.
const completedTotal = Metric.tagged(forecastsTotal, "outcome", "completed")
const failedTotal = Metric.tagged(forecastsTotal, "outcome", "failed")

/**
 * Runs one claimed job, keeping its lease alive, and gives it back if interrupted. The first heartbeat
 * comes a third of the lease after the claim: most forecasts finish long before, and cost none.
 */
const runJob = (job: Job, owner: string, lease: Duration.Duration) =>
  Effect.gen(function*() {
    const queue = yield* JobQueue
    const beat = Duration.divide(lease, 3).pipe(Option.getOrElse(() => lease))
    yield* Effect.sleep(beat).pipe(Effect.zipRight(queue.extend(job.forecastId, owner, lease)), Effect.forever, Effect.forkScoped)
    const claimedAt = yield* DateTime.now
    yield* Metric.update(queueWaitSeconds, Math.max(0, DateTime.distance(job.availableAt, claimedAt) / 1000))
    const outcome = yield* processJob(job).pipe(Effect.onInterrupt(() => queue.release(job.forecastId, owner)))
    if (outcome === "completed" || outcome === "failed") {
      yield* Metric.increment(outcome === "completed" ? completedTotal : failedTotal)
    }
  }).pipe(Effect.scoped, Effect.annotateLogs({ forecastId: job.forecastId }))

/**
 * Up to `concurrency` forecasts at once, fed by one claimer that takes jobs in batches (one statement
 * for several jobs; with a backlog it waits until half the slots are free, so claims stay batched).
 * When the queue is empty only the claimer asks again, once per poll interval. Runs in the caller's
 * scope: closing it stops claiming, lets in-flight jobs finish within the grace period, then interrupts
 * (and so returns) the rest.
 */
export const startWorkerPool = (options: WorkerPoolOptions) =>
  Effect.gen(function*() {
    const queue = yield* JobQueue
    const lease = Duration.decode(options.lease)
    const owner = `worker-${yield* (yield* Ids).base62(12)}`
    const concurrency = Math.max(1, options.concurrency)
    const batchWhenBusy = Math.max(1, Math.ceil(concurrency / 2))
    const running = yield* FiberSet.make<void, never>()
    const stop = yield* Deferred.make<void>()
    const slotFreed = yield* Effect.makeLatch(false)
    let inFlight = 0
    // A wait that ends early on shutdown, or when a job finishes (the poll interval bounds a missed wake-up).
    const pause = (wakeOnSlot: boolean) =>
      Effect.raceAll([
        Effect.sleep(options.pollInterval),
        Deferred.await(stop),
        ...(wakeOnSlot ? [slotFreed.await] : [])
      ])

    const start = (job: Job) =>
      Effect.suspend(() => {
        inFlight++
        return FiberSet.run(
          running,
          runJob(job, owner, lease).pipe(
            Effect.catchAllCause((cause) =>
              Cause.isInterruptedOnly(cause) ? Effect.failCause(cause) : Effect.logError("worker: job failed", cause)
            ),
            Effect.ensuring(Effect.suspend(() => {
              inFlight--
              return slotFreed.release
            }))
          )
        )
      })

    // While storage is away, claims fail in a row: the n-th failure waits min(2^(n-1), 8) poll intervals,
    // and only the first failure and the recovery are logged.
    const claimer = Effect.gen(function*() {
      let backlog = false
      let failures = 0
      while (!(yield* Deferred.isDone(stop))) {
        const free = concurrency - inFlight
        if (free < (backlog ? batchWhenBusy : 1)) {
          yield* pause(true)
          continue
        }
        const claimed = yield* queue.claimMany(owner, lease, free).pipe(
          Effect.map(Option.some),
          Effect.catchAllCause((cause) =>
            Cause.isInterruptedOnly(cause)
              ? Effect.failCause(cause)
              : Effect.as(failures === 0 ? Effect.logError("worker: claim failed", cause) : Effect.void, Option.none())
          )
        )
        if (Option.isNone(claimed)) {
          failures++
          const periods = Math.min(2 ** (failures - 1), 8)
          yield* Effect.raceFirst(Effect.sleep(Duration.times(Duration.decode(options.pollInterval), periods)), Deferred.await(stop))
          continue
        }
        if (failures > 0) yield* Effect.logInfo(`worker: claims work again after ${failures} failures`)
        failures = 0
        const jobs = claimed.value
        yield* Effect.forEach(jobs, start, { discard: true })
        backlog = jobs.length === free
        if (jobs.length === 0) yield* pause(false)
      }
    }).pipe(Effect.annotateLogs({ worker: "claimer" }))

    const claiming = yield* Effect.forkScoped(claimer)
    yield* Effect.addFinalizer(() =>
      Effect.gen(function*() {
        yield* Deferred.succeed(stop, undefined)
        yield* claiming.await.pipe(Effect.interruptible, Effect.timeout(options.shutdownGrace), Effect.ignore)
        // Finalizers run uninterruptibly: without `interruptible` the timeout could never cut the wait short.
        yield* FiberSet.awaitEmpty(running).pipe(Effect.interruptible, Effect.timeout(options.shutdownGrace), Effect.ignore)
        yield* FiberSet.clear(running)
      })
    )
    yield* Effect.logInfo(`worker pool started: ${concurrency} workers as ${owner}`)
  })
