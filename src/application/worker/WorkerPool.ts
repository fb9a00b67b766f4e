import { DateTime, Duration, Effect, Metric, Option } from "effect"
import { forecastsTotal, queueWaitSeconds } from "../Metrics.js"
import type { Job } from "../../domain/forecast/Job.js"
import { JobQueue } from "../../ports/JobQueue.js"
import { startClaimLoop } from "./ClaimLoop.js"
import { processJob } from "./ProcessJob.js"

export interface WorkerPoolOptions {
  /**
   * Forecasts in flight at once (SPOTCAST_WORKER_IN_FLIGHT). A forecast spends nearly all its time
   * waiting on the weather provider and the language model, which costs memory but no CPU, so this is a
   * memory bound, not a CPU one; the CPU work is bounded where it runs.
   */
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

const runJob = Effect.fnUntraced(function*(job: Job) {
  const claimedAt = yield* DateTime.now
  yield* Metric.update(queueWaitSeconds, Math.max(0, DateTime.distance(job.availableAt, claimedAt) / 1000))
  const outcome = yield* processJob(job)
  if (outcome === "completed" || outcome === "failed") {
    yield* Metric.increment(outcome === "completed" ? completedTotal : failedTotal)
  }
})

/**
 * The most jobs one claim takes. Smaller than a large in-flight bound so that, in a burst, worker
 * processes take turns at the queue (each claim one statement) instead of one taking hundreds at once.
 */
export const CLAIM_BATCH = 32

/**
 * Forecast jobs on the claim loop: up to `concurrency` forecasts in flight, claimed in batches of up to
 * CLAIM_BATCH (one statement each) while places are free, none while every place is taken. The leases
 * of every job in flight are renewed together, one statement per period: a job's first renewal comes a
 * third of the lease after its claim (most forecasts finish long before and cost none). Runs in the
 * caller's scope.
 */
export const startWorkerPool = (options: WorkerPoolOptions) =>
  Effect.gen(function*() {
    const queue = yield* JobQueue
    const lease = Duration.decode(options.lease)
    const concurrency = Math.max(1, options.concurrency)
    const owner = yield* startClaimLoop({
      name: "worker",
      batch: Math.min(concurrency, CLAIM_BATCH),
      claim: (owner, max) => queue.claimMany(owner, lease, max),
      process: (job) => runJob(job),
      release: (job, owner) => queue.release(job.forecastId, owner),
      renew: {
        every: Duration.divide(lease, 3).pipe(Option.getOrElse(() => lease)),
        extendAll: (jobs, owner) =>
          Effect.flatMap(queue.extendAll(owner, jobs.map((job) => job.forecastId), lease), (kept) =>
            kept.length === jobs.length
              ? Effect.void
              // Another worker may now run them too; the finish path's guards keep its outcome once.
              : Effect.logWarning(`worker: ${jobs.length - kept.length} of ${jobs.length} leases were lost before renewal`))
      },
      idle: Effect.sleep(options.pollInterval),
      annotate: (job) => ({ forecastId: job.forecastId })
    }, { concurrency, shutdownGrace: options.shutdownGrace })
    yield* Effect.logInfo(`worker pool started: up to ${concurrency} forecasts in flight as ${owner}`)
  })
