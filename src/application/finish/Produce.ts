import { Cause, Effect, Either } from "effect"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import type { ForecastError } from "../../domain/forecast/ForecastError.js"
import { isTerminal } from "../../domain/forecast/ForecastStatus.js"
import { type Job, MAX_JOB_ATTEMPTS } from "../../domain/forecast/Job.js"

export const WEATHER_UNAVAILABLE: ForecastError = {
  code: "weather_data_unavailable",
  message: "Weather data is not available for this location and period"
}
export const PROCESSING_FAILED: ForecastError = {
  code: "processing_failed",
  message: "The forecast could not be produced"
}

export type ProcessOutcome = "completed" | "failed" | "already_finished" | "missing"

/** The two ways producing a forecast is expected to fail, besides a defect. */
type Expected = { readonly _tag: "WeatherUnavailable"; readonly reason: string } | {
  readonly _tag: "AnalystUnavailable"
  readonly reason: string
}

/** How one forecast kind produces its forecast and says so in the log. */
export interface Production<A, E extends Expected, R1, R2, R3> {
  /** What the log calls it ("forecast", "route forecast"). */
  readonly kind: string
  readonly run: Effect.Effect<A, E, R1>
  readonly complete: (produced: A) => Effect.Effect<boolean, never, R2>
  readonly fail: (error: ForecastError) => Effect.Effect<boolean, never, R3>
}

/**
 * The failure policy every forecast kind shares: a finished forecast is left as it is; a job past its
 * attempts fails where it stands; otherwise the work runs, and every way it can go wrong ends in a
 * failed, refunded forecast. Only interruption (shutdown) leaves it unfinished, for the job to be
 * claimed again.
 */
export const produce: <A, E extends Expected, R1, R2, R3>(
  job: Job,
  forecast: Pick<Forecast, "status">,
  production: Production<A, E, R1, R2, R3>
) => Effect.Effect<ProcessOutcome, never, R1 | R2 | R3> = Effect.fnUntraced(function*<A, E extends Expected, R1, R2, R3>(
  job: Job,
  forecast: Pick<Forecast, "status">,
  production: Production<A, E, R1, R2, R3>
) {
  if (isTerminal(forecast.status)) return "already_finished" as ProcessOutcome
  if (job.attempts > MAX_JOB_ATTEMPTS) {
    yield* Effect.logError(`${production.kind} job exceeded its attempts`, { forecastId: job.forecastId, attempts: job.attempts })
    return (yield* production.fail(PROCESSING_FAILED)) ? "failed" as ProcessOutcome : "already_finished"
  }
  const result = yield* production.run.pipe(
    Effect.map(Either.right),
    Effect.catchAll((e: Expected) =>
      e._tag === "WeatherUnavailable"
        ? Effect.as(
          Effect.logWarning(`${production.kind === "forecast" ? "" : "route "}weather unavailable`, {
            forecastId: job.forecastId,
            reason: e.reason
          }),
          Either.left(WEATHER_UNAVAILABLE)
        )
        : Effect.as(Effect.logError("analysis failed", { forecastId: job.forecastId, reason: e.reason }), Either.left(PROCESSING_FAILED))
    ),
    Effect.catchAllCause((cause) =>
      Cause.isInterruptedOnly(cause)
        ? Effect.failCause(cause)
        : Effect.as(
          Effect.logError(`${production.kind === "forecast" ? "forecast" : "route"} processing defect`, cause),
          Either.left(PROCESSING_FAILED)
        )
    )
  )
  if (Either.isRight(result)) {
    return (yield* production.complete(result.right)) ? "completed" as ProcessOutcome : "already_finished"
  }
  return (yield* production.fail(result.left)) ? "failed" as ProcessOutcome : "already_finished"
})
