import { DateTime, Duration, Effect, Metric, Option } from "effect"
import { forecastsTotal, queueWaitSeconds } from "../Metrics.js"
import type { Job } from "../../domain/forecast/Job.js"
import { JobQueue } from "../../ports/JobQueue.js"
import { startClaimLoop } from "./ClaimLoop.js"
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

const runJob = (job: Job) =>
  Effect.gen(function*() {
    const claimedAt = yield* DateTime.now
    yield* Metric.update(queueWaitSeconds, Math.max(0, DateTime.distance(job.availableAt, claimedAt) / 1000))
    const outcome = yield* processJob(job)
    if (outcome === "completed" || outcome === "failed") {
      yield* Metric.increment(outcome === "completed" ? completedTotal : failedTotal)
    }
  })

/**
 * Forecast jobs on the claim loop: up to `concurrency` forecasts at once, claimed in batches (one
 * statement for several jobs). A job's lease is renewed a third of the lease after the claim and every
 * third after: most forecasts finish long before, and cost no heartbeat. Runs in the caller's scope.
 */
export const startWorkerPool = (options: WorkerPoolOptions) =>
  Effect.gen(function*() {
    const queue = yield* JobQueue
    const lease = Duration.decode(options.lease)
    const concurrency = Math.max(1, options.concurrency)
    const owner = yield* startClaimLoop({
      name: "worker",
      batch: concurrency,
      claim: (owner, max) => queue.claimMany(owner, lease, max),
      process: (job) => runJob(job),
      release: (job, owner) => queue.release(job.forecastId, owner),
      renew: {
        every: Duration.divide(lease, 3).pipe(Option.getOrElse(() => lease)),
        extend: (job, owner) => queue.extend(job.forecastId, owner, lease)
      },
      idle: Effect.sleep(options.pollInterval),
      annotate: (job) => ({ forecastId: job.forecastId })
    }, { concurrency, shutdownGrace: options.shutdownGrace })
    yield* Effect.logInfo(`worker pool started: ${concurrency} workers as ${owner}`)
  })
