/** `YYYY-MM-DDTHH:MM` local (as providers write hours), read as UTC: the wall clock in epoch ms. */
export const wallClockOf = (time: string): number => Date.parse(`${time.slice(0, 16)}:00Z`)

const pad = (n: number) => String(n).padStart(2, "0")

const offsetTextOf = (utcOffsetSeconds: number): string => {
  const minutes = Math.round(Math.abs(utcOffsetSeconds) / 60)
  return `${utcOffsetSeconds < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

// The offsets' texts, made once each: every hour of every timeline is written with its series' offset.
// A few dozen offsets exist; the map is bounded all the same (cleared past 1,024).
const offsetTexts = new Map<number, string>()

/** `+02:00` / `-04:00` / `+00:00` for an offset in seconds. */
export const offsetText = (utcOffsetSeconds: number): string => {
  let text = offsetTexts.get(utcOffsetSeconds)
  if (text === undefined) {
    if (offsetTexts.size >= 1024) offsetTexts.clear()
    text = offsetTextOf(utcOffsetSeconds)
    offsetTexts.set(utcOffsetSeconds, text)
  }
  return text
}

/** A wall-clock instant (epoch ms of the local time read as UTC) as RFC 3339 local time with offset, to the minute. */
export const localTime = (wallClockMs: number, utcOffsetSeconds: number): string => {
  const minute = Math.round(wallClockMs / 60_000) * 60_000
  return `${new Date(minute).toISOString().slice(0, 16)}:00${offsetText(utcOffsetSeconds)}`
}

// An hour's time as the timeline writes it, by offset and provider time: forecasts made the same days
// share their hours (a pure cache, bounded: cleared past 8,192 times of one offset).
const hourTimes = new Map<number, Map<string, string>>()

/** A provider's local time (`YYYY-MM-DDTHH:MM`) as RFC 3339 local time with the series' offset: `localTime(wallClockOf(time))`. */
export const localTimeOf = (time: string, utcOffsetSeconds: number): string => {
  let times = hourTimes.get(utcOffsetSeconds)
  if (times === undefined) {
    if (hourTimes.size >= 1024) hourTimes.clear()
    times = new Map()
    hourTimes.set(utcOffsetSeconds, times)
  }
  let text = times.get(time)
  if (text === undefined) {
    text = localTime(wallClockOf(time), utcOffsetSeconds)
    if (times.size >= 8192) times.clear()
    times.set(time, text)
  }
  return text
}

/** Local hour `hour` (0-24, fractional) of `date`, as RFC 3339 local time (24 is the next midnight). */
export const localTimeOn = (date: string, hour: number, utcOffsetSeconds: number): string =>
  localTime(Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000, utcOffsetSeconds)
