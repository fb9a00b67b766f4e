import { Either } from "effect"
import type { DayAssessment } from "./Assessment.js"
import type { Coordinates } from "../spotcast/Coordinates.js"
import type { WeatherSeries } from "../weather/HourlyWeather.js"
import { inZone, zoneFor } from "../weather/ZonedSeries.js"
import { wallHourOn, type ZoneOrOffset, zoneName } from "../time/ZoneTime.js"
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

/**
 * The first whole local hour of `date` a window may start at: 0 for a date after the issue time's
 * local date, the next whole hour on that date, and past the day's end (24) for an earlier date.
 */
export const earliestHourOn = (date: string, notBeforeMillis: number | undefined, zone: ZoneOrOffset): number => {
  if (notBeforeMillis === undefined) return 0
  return Math.max(0, Math.min(24, Math.ceil(wallHourOn(zoneName(zone), date, notBeforeMillis))))
}

/**
 * From hourly series to judged days: read the hours in the spot's time zone (each at its own offset),
 * bucket them by local date, pick each day's trip window, reduce it to DayConditions and classify. Left
 * (with a reason) when the series cannot support a safe judgement of some day (e.g. no wind data at
 * all). docs/safety.md describes every step.
 */
export const assessDays = (input: AssessInput): Either.Either<ReadonlyArray<DayAssessment>, string> => {
  const zone = zoneFor(input.series)
  return Either.flatMap(bucketByLocalDate(inZone(input.series, zone).hours), (byDate) => {
    const days: Array<DayAssessment> = []
    for (const date of input.dates) {
      const slots = byDate.get(date)
      if (slots === undefined) return Either.left(`${date}: the weather series has no hours for this date`)
      const sun = sunSpan(daylightOn(date, input.coordinates, zone))
      const earliest = earliestHourOn(date, input.notBeforeMillis, zone)
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
}
