import { memoized } from "../Memo.js"

/** `YYYY-MM-DDTHH:MM` local (as providers write hours), read as UTC: the wall clock in epoch ms. */
export const wallClockOf = (time: string): number => Date.parse(`${time.slice(0, 16)}:00Z`)

const pad = (n: number) => String(n).padStart(2, "0")

const offsetTextOf = (utcOffsetSeconds: number): string => {
  const minutes = Math.round(Math.abs(utcOffsetSeconds) / 60)
  return `${utcOffsetSeconds < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

/**
 * `+02:00` / `-04:00` / `+00:00` for an offset in seconds. Kept (`memoized`): every hour of every timeline
 * is written with its series' offset, and a few dozen offsets exist.
 */
export const offsetText: (utcOffsetSeconds: number) => string = memoized(1024, offsetTextOf)

/** A wall-clock instant (epoch ms of the local time read as UTC) as RFC 3339 local time with offset, to the minute. */
export const localTime = (wallClockMs: number, utcOffsetSeconds: number): string => {
  const minute = Math.round(wallClockMs / 60_000) * 60_000
  return `${new Date(minute).toISOString().slice(0, 16)}:00${offsetText(utcOffsetSeconds)}`
}

// An hour's time as the timeline writes it, kept by offset and provider time (`memoized`): forecasts
// made the same days share their hours.
const hourTimesAt = memoized(1024, (utcOffsetSeconds: number) =>
  memoized(8192, (time: string) => localTime(wallClockOf(time), utcOffsetSeconds)))

/** A provider's local time (`YYYY-MM-DDTHH:MM`) as RFC 3339 local time with the series' offset: `localTime(wallClockOf(time))`. */
export const localTimeOf = (time: string, utcOffsetSeconds: number): string => hourTimesAt(utcOffsetSeconds)(time)

/** Local hour `hour` (0-24, fractional) of `date`, as RFC 3339 local time (24 is the next midnight). */
export const localTimeOn = (date: string, hour: number, utcOffsetSeconds: number): string =>
  localTime(Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000, utcOffsetSeconds)
