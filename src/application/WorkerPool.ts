import { DateTime, Duration, Effect, Metric, Option, Schedule } from "effect"
import { forecastsTotal, queueWaitSeconds } from "./Metrics.js"
import type { Job } from "../domain/forecast/Job.js"
import { JobQueue } from "../ports/JobQueue.js"
import { startPolling } from "./PollingRunner.js"
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

/** Runs one claimed job, keeping its lease alive, and gives it back if interrupted. */
const runJob = (job: Job, owner: string, lease: Duration.Duration) =>
  Effect.gen(function*() {
    const queue = yield* JobQueue
    const heartbeat = queue.extend(job.forecastId, owner, lease).pipe(
      Effect.repeat(Schedule.spaced(Duration.divide(lease, 3).pipe(Option.getOrElse(() => lease)))),
      Effect.forkScoped
    )
    yield* heartbeat
    const claimedAt = yield* DateTime.now
    yield* Metric.update(queueWaitSeconds, Math.max(0, DateTime.distance(job.availableAt, claimedAt) / 1000))
    const outcome = yield* processJob(job).pipe(Effect.onInterrupt(() => queue.release(job.forecastId, owner)))
    if (outcome === "completed" || outcome === "failed") {
      yield* Metric.increment(Metric.tagged(forecastsTotal, "outcome", outcome))
    }
  }).pipe(Effect.scoped, Effect.annotateLogs({ forecastId: job.forecastId }))

/**
 * Worker fibers that claim forecast jobs and produce them. Runs in the caller's scope: closing it stops
 * claiming, lets in-flight jobs finish within the grace period, then interrupts (and so returns) the rest.
 */
export const startWorkerPool = (options: WorkerPoolOptions) =>
  Effect.gen(function*() {
    const queue = yield* JobQueue
    const lease = Duration.decode(options.lease)
    const owner = yield* startPolling({
      name: "worker",
      concurrency: options.concurrency,
      shutdownGrace: options.shutdownGrace,
      step: (owner) =>
        Effect.flatMap(queue.claim(owner, lease), (job) =>
          Option.isNone(job) ? Effect.succeed(false) : Effect.as(runJob(job.value, owner, lease), true)),
      idle: Effect.sleep(options.pollInterval)
    })
    yield* Effect.logInfo(`worker pool started: ${options.concurrency} workers as ${owner}`)
  })
