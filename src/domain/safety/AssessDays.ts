import { Either } from "effect"
import type { DayAssessment } from "./Assessment.js"
import type { Coordinates } from "../spotcast/Coordinates.js"
import type { WeatherSeries } from "./HourlyWeather.js"
import { daylightHours, daylightOn } from "./Daylight.js"
import { bucketByLocalDate } from "./LocalDays.js"
import { chooseWindow } from "./TripWindowChoice.js"
import { worseOutsideWindow } from "./WorseOutside.js"
import type { Vessel } from "../spotcast/Vessel.js"

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
 * safe judgement of some day (e.g. no wind data at all). docs/safety.md describes every step.
 */
export const assessDays = (input: AssessInput): Either.Either<ReadonlyArray<DayAssessment>, string> =>
  Either.flatMap(bucketByLocalDate(input.series.hours), (byDate) => {
    const days: Array<DayAssessment> = []
    for (const date of input.dates) {
      const slots = byDate.get(date)
      if (slots === undefined) return Either.left(`${date}: the weather series has no hours for this date`)
      const daylight = daylightHours(daylightOn(date, input.coordinates, input.series.utcOffsetSeconds))
      const choice = chooseWindow(slots, daylight, input.tripDurationHours, input.vessel)
      if (Either.isLeft(choice)) return Either.left(`${date}: ${choice.left}`)
      const { conditions, judged, window } = choice.right
      days.push({
        date,
        window,
        conditions,
        classification: judged.classification,
        reasons: judged.reasons,
        worseOutsideWindow: worseOutsideWindow(slots, window, conditions, input.vessel)
      })
    }
    return Either.right(days)
  })
