import { Schema } from "effect"
import { AccountId, ForecastId } from "../Ids.js"
import type { Forecast } from "./Forecast.js"

/** What a job produces: a SpotCast's forecast, or a route's (along its waypoints). */
export const JobKind = Schema.Literal("spotcast", "route")
export type JobKind = typeof JobKind.Type

/** The queued work of one forecast. A claim holds a lease; an expired lease frees the job again. */
export const Job = Schema.Struct({
  forecastId: ForecastId,
  accountId: AccountId,
  /** How many times the job has been claimed, this claim included. */
  attempts: Schema.Int,
  availableAt: Schema.DateTimeUtc,
  leaseOwner: Schema.optional(Schema.String),
  leaseUntil: Schema.optional(Schema.DateTimeUtc),
  /**
   * What the job produces, as its claim found it (every claim says; a job not yet queued has none), so
   * the worker reads the one store that holds its work.
   */
  kind: Schema.optional(JobKind)
})
export type Job = typeof Job.Type

/** After this many claims that never finished (a forecast that kills its worker), the forecast fails. */
export const MAX_JOB_ATTEMPTS = 5

/** The job create and refresh enqueue with a new forecast: free at once, never claimed. */
export const jobFor = (forecast: Pick<Forecast, "id" | "accountId" | "createdAt">): Job => ({
  forecastId: forecast.id,
  accountId: forecast.accountId,
  attempts: 0,
  availableAt: forecast.createdAt
})
