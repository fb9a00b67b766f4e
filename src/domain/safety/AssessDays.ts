import { Either } from "effect"
import type { DayAssessment } from "./Assessment.js"
import type { Coordinates } from "../spotcast/Coordinates.js"
import type { WeatherSeries } from "../weather/HourlyWeather.js"
import { daylightOn, sunSpan } from "./Daylight.js"
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
  /** When the forecast is issued (UTC epoch ms): no window starts before it. */
  readonly notBeforeMillis?: number | undefined
}

const HOUR_MS = 3_600_000

/**
 * The first whole local hour of `date` a window may start at: 0 for a date after the issue time's
 * local date, the next whole hour on that date, and past the day's end (24) for an earlier date.
 */
export const earliestHourOn = (date: string, notBeforeMillis: number | undefined, utcOffsetSeconds: number): number => {
  if (notBeforeMillis === undefined) return 0
  const local = notBeforeMillis + utcOffsetSeconds * 1000
  const midnight = Date.parse(`${date}T00:00:00Z`)
  return Math.max(0, Math.min(24, Math.ceil((local - midnight) / HOUR_MS)))
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
      const offset = input.series.utcOffsetSeconds
      const sun = sunSpan(daylightOn(date, input.coordinates, offset))
      const earliest = earliestHourOn(date, input.notBeforeMillis, offset)
      // A date already over when the forecast is issued is still judged on its own hours: its window
      // is marked as past, never offered.
      const choice = chooseWindow(slots, sun, input.tripDurationHours, input.vessel, earliest >= 24 ? 0 : earliest)
      if (Either.isLeft(choice)) return Either.left(`${date}: ${choice.left}`)
      const { conditions, judged, window } = choice.right
      days.push({
        date,
        window,
        ...(earliest >= 24 ? { windowPast: true } : {}),
        conditions,
        classification: judged.classification,
        reasons: judged.reasons,
        worseOutsideWindow: worseOutsideWindow(slots, window, conditions, input.vessel)
      })
    }
    return Either.right(days)
  })
