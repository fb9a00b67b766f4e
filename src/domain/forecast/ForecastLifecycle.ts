import { Data, type DateTime, Either, Schema } from "effect"
import type { Analysis } from "./Analysis.js"
import type { Forecast } from "./Forecast.js"
import type { ForecastError } from "./ForecastError.js"
import { type ForecastStatus, isTerminal } from "./ForecastStatus.js"
import { type Progress, progressAt, type Stage, stagePercentage } from "./Progress.js"

/** The part of a forecast that its state machine governs. */
export interface Lifecycle {
  readonly status: ForecastStatus
  readonly progress: Progress
}

export type LifecycleEvent = Data.TaggedEnum<{
  /** A worker reached a processing stage (not `completed`: that is `Complete`). */
  Advance: { readonly stage: Exclude<Stage, "completed"> }
  Complete: {}
  Fail: { readonly error: ForecastError }
}>
export const LifecycleEvent = Data.taggedEnum<LifecycleEvent>()

export class IllegalTransition extends Schema.TaggedError<IllegalTransition>()("IllegalTransition", {
  from: Schema.String,
  event: Schema.String
}) {}

/** Create and refresh start a forecast here (docs/decisions.md: status processing, stage pending). */
export const initialLifecycle: Lifecycle = { status: "processing", progress: progressAt("pending") }

/**
 * The forecast state machine. Terminal states absorb nothing: any event on them is illegal.
 * Progress never goes back: advancing to a stage at or below the current one (a job retried after a
 * crashed worker) keeps the state as it is. Failing keeps the progress at which the work stopped.
 */
export const transition = (state: Lifecycle, event: LifecycleEvent): Either.Either<Lifecycle, IllegalTransition> => {
  if (isTerminal(state.status)) {
    return Either.left(new IllegalTransition({ from: state.status, event: event._tag }))
  }
  switch (event._tag) {
    case "Advance":
      return Either.right(
        stagePercentage[event.stage] > state.progress.percentage
          ? { status: "processing", progress: progressAt(event.stage) }
          : state
      )
    case "Complete":
      return Either.right({ status: "completed", progress: progressAt("completed") })
    case "Fail":
      return Either.right({ status: "failed", progress: state.progress })
  }
}

/** The forecast moved on by `event`; Left when it has finished (then a late worker changes nothing). */
const moved = (forecast: Forecast, event: LifecycleEvent): Either.Either<Forecast, IllegalTransition> =>
  Either.map(transition(forecast, event), (state) => ({ ...forecast, ...state }))

/** The forecast at a later processing stage (or as it was, when it is already there or beyond). */
export const advanced = (forecast: Forecast, stage: Exclude<Stage, "completed">) =>
  moved(forecast, LifecycleEvent.Advance({ stage }))

/**
 * The finished forecast, completed at `at` with its analysis. The worker builds its webhook event from
 * it and the stores write it, so both say the same.
 */
export const completed = (forecast: Forecast, analysis: Analysis, at: DateTime.Utc) =>
  Either.map(moved(forecast, LifecycleEvent.Complete()), (done): Forecast => ({ ...done, completedAt: at, analysis }))

/** The finished forecast, failed at `at` with its error, at the progress it had reached. */
export const failed = (forecast: Forecast, error: ForecastError, at: DateTime.Utc) =>
  Either.map(moved(forecast, LifecycleEvent.Fail({ error })), (done): Forecast => ({ ...done, failedAt: at, error }))
