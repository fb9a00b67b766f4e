import { Effect, Option } from "effect"
import type { Job } from "../../domain/forecast/Job.js"
import { RouteStore } from "../../ports/RouteStore.js"
import { processForecast, readWork } from "../spotcast/ProcessForecast.js"
import { processRoute } from "../route/ProcessRoute.js"

/**
 * The worker's one entry point for a claimed job: the claim says what it produces, so its work is read
 * once, from the store that holds it — a route's forecast along its route, any other as a SpotCast's.
 * Where no RouteStore is provided (an embedding host without routes), every job is a SpotCast's.
 */
export const processJob = Effect.fnUntraced(function*(job: Job) {
  const routes = yield* Effect.serviceOption(RouteStore)
  if (job.kind === "route" && Option.isSome(routes)) {
    const work = yield* routes.value.work(job.forecastId)
    return Option.isNone(work)
      ? "missing" as const
      : yield* processRoute(job, work.value).pipe(Effect.provideService(RouteStore, routes.value))
  }
  return yield* processForecast(job, yield* readWork(job))
})
