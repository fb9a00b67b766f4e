import { Either } from "effect"
import type { HourlyPoint } from "../weather/HourlyWeather.js"

/** One local date's hours, by local hour 0-23 (an hour the series lacks is an empty slot). */
export type DaySlots = ReadonlyArray<ReadonlyArray<HourlyPoint>>

/** Whether the character at `i` is an ASCII digit (what `\d` matches). */
const digitAt = (s: string, i: number): boolean => {
  const c = s.charCodeAt(i)
  return c >= 48 && c <= 57
}

/**
 * The local hour of `YYYY-MM-DDTHH:MM…` (what /^(\d{4}-\d{2}-\d{2})T(\d{2}):\d{2}/ matches), else NaN:
 * read in place, as this runs for every hour of every series (no match array, no regex state).
 */
const localHourOf = (time: string): number => {
  if (typeof time !== "string" || time.length < 16) return NaN
  for (const i of DIGITS) if (!digitAt(time, i)) return NaN
  if (time[4] !== "-" || time[7] !== "-" || time[10] !== "T" || time[13] !== ":") return NaN
  return (time.charCodeAt(11) - 48) * 10 + (time.charCodeAt(12) - 48)
}
const DIGITS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15] as const

/**
 * Buckets the series' hours by the spot's local calendar date and wall-clock hour: the hours are read in
 * the spot's zone first (`ZonedSeries.inZone`: each at its own offset), so the date is the time's own date
 * part. A day the clocks go forward has an empty slot; the hour they go back holds two hours.
 */
export const bucketByLocalDate = (
  hours: ReadonlyArray<HourlyPoint>
): Either.Either<ReadonlyMap<string, DaySlots>, string> => {
  const days = new Map<string, Array<Array<HourlyPoint>>>()
  for (let i = 0; i < hours.length; i++) {
    const point = hours[i]!
    const hour = localHourOf(point.time)
    if (!(hour >= 0 && hour <= 23)) {
      return Either.left(`hour ${i} of the weather series has a malformed time "${point.time}"`)
    }
    const date = point.time.slice(0, 10)
    let slots = days.get(date)
    if (slots === undefined) {
      slots = Array.from({ length: 24 }, () => [])
      days.set(date, slots)
    }
    slots[hour]!.push(point)
  }
  return Either.right(days)
}

// Both run for every candidate window of every day: one loop each, no intermediate arrays. The bounds
// are those of `slice` (start and end within 0-24, as the windows always are).
export const hoursIn = (slots: DaySlots, start: number, end: number): ReadonlyArray<HourlyPoint> => {
  const hours: Array<HourlyPoint> = []
  for (let h = Math.max(0, start); h < Math.min(end, slots.length); h++) {
    for (const p of slots[h]!) hours.push(p)
  }
  return hours
}

/** How many hours of [start, end) have a sustained wind reading. */
export const windHoursIn = (slots: DaySlots, start: number, end: number): number => {
  let n = 0
  for (let h = Math.max(0, start); h < Math.min(end, slots.length); h++) {
    if (slots[h]!.some((p) => p.wind_speed_kt !== null)) n++
  }
  return n
}
