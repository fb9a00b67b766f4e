import { Either } from "effect"
import type { HourlyPoint } from "../weather/HourlyWeather.js"

/** One local date's hours, by local hour 0-23 (an hour the series lacks is an empty slot). */
export type DaySlots = ReadonlyArray<ReadonlyArray<HourlyPoint>>

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):\d{2}/

/**
 * Buckets the series' hours by the spot's local calendar date. The times are already local (the
 * provider applied the series' one UTC offset), so the date is the time's own date part.
 */
export const bucketByLocalDate = (
  hours: ReadonlyArray<HourlyPoint>
): Either.Either<ReadonlyMap<string, DaySlots>, string> => {
  const days = new Map<string, Array<Array<HourlyPoint>>>()
  for (const [i, point] of hours.entries()) {
    const match = LOCAL_TIME.exec(point.time)
    const hour = match === null ? NaN : Number(match[2])
    if (match === null || !(hour >= 0 && hour <= 23)) {
      return Either.left(`hour ${i} of the weather series has a malformed time "${point.time}"`)
    }
    const date = match[1]!
    let slots = days.get(date)
    if (slots === undefined) {
      slots = Array.from({ length: 24 }, () => [])
      days.set(date, slots)
    }
    slots[hour]!.push(point)
  }
  return Either.right(days)
}

export const hoursIn = (slots: DaySlots, start: number, end: number): ReadonlyArray<HourlyPoint> =>
  slots.slice(start, end).flat()

/** How many hours of [start, end) have a sustained wind reading. */
export const windHoursIn = (slots: DaySlots, start: number, end: number): number =>
  slots.slice(start, end).filter((slot) => slot.some((p) => p.wind_speed_kt !== null)).length
