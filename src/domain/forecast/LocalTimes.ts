import { memoized } from "../Memo.js"
import { instantOnDate, localMinuteText, offsetLabel } from "../time/ZoneTime.js"

/**
 * `+02:00` / `-04:00` / `+00:00` for an offset in seconds. Kept (`memoized`): a few dozen offsets exist.
 */
export const offsetText: (utcOffsetSeconds: number) => string = memoized(1024, offsetLabel)

/** An instant as RFC 3339 local time in `zone`, to the minute, with the offset in force then. */
export const localTime = (zone: string, utcMillis: number): string => localMinuteText(zone, utcMillis)

/**
 * Wall-clock hour `hour` (0-24, fractional; 24 is the next midnight) of local `date` in `zone`, as RFC
 * 3339 local time with the offset in force at that instant (a window after a daylight-saving change
 * carries the new offset).
 */
export const localTimeOn = (zone: string, date: string, hour: number): string => localMinuteText(zone, instantOnDate(zone, date, hour))
