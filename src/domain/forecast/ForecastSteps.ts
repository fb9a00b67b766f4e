import { Either } from "effect"
import { assessDays } from "../safety/AssessDays.js"
import type { DayAssessment } from "../safety/Assessment.js"
import { applySafetyFloor } from "../safety/SafetyFloor.js"
import type { Coordinates } from "../spotcast/Coordinates.js"
import type { Preferences } from "../spotcast/Preferences.js"
import type { Vessel } from "../spotcast/Vessel.js"
import type { ForecastWeather } from "../weather/ForecastWeather.js"
import { zonedSeries } from "../weather/ZonedSeries.js"
import type { Analysis } from "./Analysis.js"
import { type DayStory, dayStory } from "./DayStory.js"
import { type JudgedDays, judgeDays, withTimeline } from "./ForecastExtras.js"

/**
 * A forecast's pure work, cut in the two steps around the analyst (whose call may be I/O): the rules
 * and the judgement before it, the safety floor and the timeline after. Plain data in and out, so a
 * compute pool may run either step on another thread.
 */

export interface RulesInput {
  readonly series: ForecastWeather
  readonly dates: ReadonlyArray<string>
  readonly coordinates: Coordinates
  /** The vessel judged (the default one when the client gave none). */
  readonly vessel: Vessel
  readonly tripDurationHours: number | undefined
  /** No trip window starts before this instant (UTC epoch ms). */
  readonly notBeforeMillis: number
}

/** The rules' and the judgement's days, with what the analyst is told about each day. */
export interface JudgedForecast extends JudgedDays {
  readonly stories: ReadonlyArray<DayStory>
}

/** The rules, then the extra judgement (current, models), then each day's story. Left: the weather cannot be judged. */
export const judgeForecast = (input: RulesInput): Either.Either<JudgedForecast, string> => {
  const { dates, coordinates, vessel, tripDurationHours, notBeforeMillis } = input
  const series = zonedSeries(input.series)
  const days = assessDays({ series, dates, coordinates, vessel, tripDurationHours, notBeforeMillis })
  if (Either.isLeft(days)) return Either.left(days.left)
  // The current against the wind and the other models are weighed after the rules (docs/safety.md).
  const judged = judgeDays(days.right, { series, dates, coordinates, vessel, tripDurationHours, notBeforeMillis })
  return Either.right({ ...judged, stories: judged.days.map((day) => dayStory(series, day)) })
}

export interface FinishInput {
  readonly series: ForecastWeather
  readonly days: ReadonlyArray<DayAssessment>
  readonly confidence: JudgedDays["confidence"]
  readonly proposed: Analysis
  readonly coordinates: Coordinates
  readonly vessel: Vessel
  readonly preferences: Preferences
  readonly issuedAt: string
}

/** The analyst's words under the safety floor, then the timeline. Left: the floor refuses the words. */
export const finishForecast = (input: FinishInput): Either.Either<Analysis, string> =>
  Either.map(applySafetyFloor(input.days, input.proposed), (floored) =>
    withTimeline(floored, {
      series: zonedSeries(input.series),
      days: input.days,
      confidence: input.confidence,
      coordinates: input.coordinates,
      vessel: input.vessel,
      preferences: input.preferences,
      issuedAt: input.issuedAt
    }))
