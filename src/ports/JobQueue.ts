import { Context, type Duration, type Effect, type Option } from "effect"
import type { ForecastId } from "../domain/Ids.js"
import type { Job } from "../domain/forecast/Job.js"

/**
 * Forecast jobs. Jobs are enqueued by SpotCastStore's create/refresh and removed by its complete/fail,
 * in the same atomic steps; this port hands them to workers under a lease.
 */
export interface JobQueueShape {
  /**
   * Takes the oldest available job whose lease is free or expired, leases it to `owner` until
   * now + lease and counts the attempt. Two claimers never hold the same job at once.
   */
  readonly claim: (owner: string, lease: Duration.Duration) => Effect.Effect<Option.Option<Job>>
  /** As `claim`, for up to `max` jobs at once (oldest first): one round trip for a batch of work. */
  readonly claimMany: (owner: string, lease: Duration.Duration, max: number) => Effect.Effect<ReadonlyArray<Job>>
  /** Extends the owner's lease; false when the owner no longer holds the job (lease lost or job done). */
  readonly extend: (forecastId: ForecastId, owner: string, lease: Duration.Duration) => Effect.Effect<boolean>
  /**
   * Extends the owner's lease on each of `forecastIds` it still holds, from now, in one step (one
   * statement on a database): a process with hundreds of forecasts in flight renews them all at once.
   * Returns the ids it extended; the others were lost (lease lapsed and taken) or are done.
   */
  readonly extendAll: (
    owner: string,
    forecastIds: ReadonlyArray<ForecastId>,
    lease: Duration.Duration
  ) => Effect.Effect<ReadonlyArray<ForecastId>>
  /** Gives the job back at once, e.g. on shutdown, without counting it as a failed attempt. */
  readonly release: (forecastId: ForecastId, owner: string) => Effect.Effect<void>
  /** Jobs waiting or running. */
  readonly depth: Effect.Effect<number>
}

export class JobQueue extends Context.Tag("spotcast/JobQueue")<JobQueue, JobQueueShape>() {}
