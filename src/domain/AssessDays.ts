import type { Either } from "effect"
import type { DayAssessment } from "./Assessment.js"
import type { Coordinates } from "./Coordinates.js"
import type { WeatherSeries } from "./HourlyWeather.js"
import type { Vessel } from "./Vessel.js"

export interface AssessInput {
  readonly series: WeatherSeries
  /** The forecast's calendar dates, in order. */
  readonly dates: ReadonlyArray<string>
  readonly coordinates: Coordinates
  readonly vessel: Vessel
  readonly tripDurationHours?: number | undefined
}

/**
 * From hourly series to judged days: bucket the hours by the spot's local date, pick each day's trip
 * window, reduce it to DayConditions and classify. Left (with a reason) when the series cannot support a
 * safe judgement of some day (e.g. no wind data at all).
 */
export const assessDays = (_input: AssessInput): Either.Either<ReadonlyArray<DayAssessment>, string> => {
  throw new Error("assessDays: replaced by the classification engine")
}
