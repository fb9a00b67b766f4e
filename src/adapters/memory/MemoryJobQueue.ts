import { Clock, DateTime, Duration, Effect, Layer, Option } from "effect"
import type { Job } from "../../domain/forecast/Job.js"
import type { ForecastId } from "../../domain/Ids.js"
import { JobQueue, type JobQueueShape } from "../../ports/JobQueue.js"
import { MemoryDatabase, type MemoryTables } from "./MemoryDatabase.js"

const isFree = (job: Job, now: number) =>
  DateTime.toEpochMillis(job.availableAt) <= now &&
  (job.leaseUntil === undefined || DateTime.toEpochMillis(job.leaseUntil) <= now)

const holds = (job: Job | undefined, owner: string, now: number): job is Job =>
  job !== undefined && job.leaseOwner === owner && job.leaseUntil !== undefined &&
  DateTime.toEpochMillis(job.leaseUntil) > now

/** Leases the oldest free job to `owner` (one synchronous step, so no other claimer can interleave). */
const claimOldest = (db: MemoryTables, owner: string, lease: Duration.Duration, now: number): Option.Option<Job> => {
        let oldest: Job | undefined
        for (const job of db.jobs.values()) {
          if (!isFree(job, now)) continue
          if (oldest === undefined || DateTime.lessThan(job.availableAt, oldest.availableAt)) oldest = job
        }
        if (oldest === undefined) return Option.none()
        const spotcastId = db.forecasts.get(oldest.forecastId)?.spotcastId
        const claimed: Job = {
          ...oldest,
          kind: spotcastId !== undefined && db.routeOfSpotCast.has(spotcastId) ? "route" : "spotcast",
          attempts: oldest.attempts + 1,
          leaseOwner: owner,
          leaseUntil: DateTime.unsafeMake(now + Duration.toMillis(lease))
        }
        db.jobs.set(claimed.forecastId, claimed)
        return Option.some(claimed)
}

export const make = (db: MemoryTables): JobQueueShape => ({
  claim: (owner, lease) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.sync(() => claimOldest(db, owner, lease, now))),
  claimMany: (owner, lease, max) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.sync(() => {
        const claimed: Array<Job> = []
        while (claimed.length < max) {
          const next = claimOldest(db, owner, lease, now)
          if (Option.isNone(next)) break
          claimed.push(next.value)
        }
        return claimed
      })),
  extend: (forecastId, owner, lease) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.sync(() => {
        const job = db.jobs.get(forecastId)
        if (!holds(job, owner, now)) return false
        db.jobs.set(forecastId, { ...job, leaseUntil: DateTime.unsafeMake(now + Duration.toMillis(lease)) })
        return true
      })),
  extendAll: (owner, forecastIds, lease) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.sync(() => {
        const until = DateTime.unsafeMake(now + Duration.toMillis(lease))
        const extended: Array<ForecastId> = []
        for (const forecastId of new Set(forecastIds)) {
          const job = db.jobs.get(forecastId)
          if (!holds(job, owner, now)) continue
          db.jobs.set(forecastId, { ...job, leaseUntil: until })
          extended.push(forecastId)
        }
        return extended
      })),
  release: (forecastId, owner) =>
    Effect.sync(() => {
      const job = db.jobs.get(forecastId)
      if (job === undefined || job.leaseOwner !== owner) return
      const { leaseOwner: _owner, leaseUntil: _until, ...free } = job
      db.jobs.set(forecastId, { ...free, attempts: Math.max(0, job.attempts - 1) })
    }),
  depth: Effect.sync(() => db.jobs.size)
})

export const layer = Layer.effect(JobQueue, Effect.map(MemoryDatabase, make))
