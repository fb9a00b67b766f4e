import { Effect, Option } from "effect"
import type { Job } from "../../domain/forecast/Job.js"
import { RouteStore } from "../../ports/RouteStore.js"
import { processForecast, readWork } from "../spotcast/ProcessForecast.js"
import { processRoute } from "../route/ProcessRoute.js"

/**
 * The worker's one entry point for a claimed job: a route's forecast is produced along its route, any
 * other as a SpotCast's. The SpotCast store's read says whether it is a route's, so a SpotCast's job
 * costs no route query; where no RouteStore is provided (an embedding host without routes), every job
 * is a SpotCast's.
 */
export const processJob = (job: Job) =>
  Effect.gen(function*() {
    const read = yield* readWork(job)
    const routes = yield* Effect.serviceOption(RouteStore)
    if (Option.isSome(routes) && (Option.isNone(read) || read.value.ofRoute !== false)) {
      const work = yield* routes.value.work(job.forecastId)
      if (Option.isSome(work)) return yield* processRoute(job, work.value).pipe(Effect.provideService(RouteStore, routes.value))
    }
    return yield* processForecast(job, read)
  })
