/**
 * Local time in a time zone at an instant, from the tz database (the runtime's, through `Intl`): pure
 * functions of (instant, zone), so every local date, hour and offset the service writes is the zone's
 * at that very instant, across daylight-saving changes and whatever one offset a provider reported.
 *
 * A zone is an IANA name (`Europe/Paris`, `Etc/GMT+11`) or, where none is known, a fixed offset written
 * `+05:30` / `-04:00`.
 */

const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000
/** Offsets change on a quarter hour of UTC in every zone of the tz database's present rules. */
const SLOT_MS = 15 * MINUTE_MS

const FIXED = /^([+-])(\d{2}):(\d{2})$/
const ETC = /^Etc\/GMT([+-]\d{1,2})?$/

/** The offset of a zone that never changes it, in seconds (`Etc/GMT+3` is three hours WEST), else undefined. */
const fixedOffsetOf = (zone: string): number | undefined => {
  const fixed = FIXED.exec(zone)
  if (fixed !== null) return (fixed[1] === "-" ? -1 : 1) * (Number(fixed[2]) * 3600 + Number(fixed[3]) * 60)
  if (zone === "UTC" || zone === "Etc/UTC" || zone === "GMT") return 0
  const etc = ETC.exec(zone)
  if (etc !== null) return etc[1] === undefined ? 0 : -Number(etc[1]) * 3600
  return undefined
}

type Zone = { readonly fixed: number } | { readonly format: Intl.DateTimeFormat; readonly slots: Map<number, number> }

// One entry per zone (a few hundred exist): making an Intl.DateTimeFormat costs far more than using one.
const zones = new Map<string, Zone>()
/** Slots kept per zone before its cache starts over (16 days of a forecast's hours are ~1,500 slots). */
const MAX_SLOTS = 20_000

const zoneOf = (zone: string): Zone => {
  let z = zones.get(zone)
  if (z === undefined) {
    const fixed = fixedOffsetOf(zone)
    z = fixed !== undefined ? { fixed } : {
      format: new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric"
      }),
      slots: new Map()
    }
    zones.set(zone, z)
  }
  return z
}

/** Whether the runtime's tz database knows `zone` (or it is a fixed offset). */
export const isKnownZone = (zone: string): boolean => {
  try {
    zoneOf(zone)
    return true
  } catch {
    return false
  }
}

const intlOffset = (format: Intl.DateTimeFormat, utcMillis: number): number => {
  const at: Record<string, number> = {}
  for (const part of format.formatToParts(utcMillis)) if (part.type !== "literal") at[part.type] = Number(part.value)
  const wall = Date.UTC(at.year!, at.month! - 1, at.day!, at.hour!, at.minute!, at.second!)
  return Math.round((wall - Math.floor(utcMillis / 1000) * 1000) / 1000)
}

/**
 * Seconds east of UTC in `zone` at `utcMillis`. Kept by quarter hour of UTC when the zone has one offset
 * through the whole quarter (a quarter holding a change is asked every time): a forecast asks for the
 * same hours many times.
 */
export const offsetSecondsAt = (zone: string, utcMillis: number): number => {
  const z = zoneOf(zone)
  if ("fixed" in z) return z.fixed
  const slot = Math.floor(utcMillis / SLOT_MS)
  const kept = z.slots.get(slot)
  if (kept !== undefined) return kept
  const start = intlOffset(z.format, slot * SLOT_MS)
  const end = intlOffset(z.format, slot * SLOT_MS + SLOT_MS - 1000)
  if (start !== end) return intlOffset(z.format, utcMillis)
  if (z.slots.size >= MAX_SLOTS) z.slots.clear()
  z.slots.set(slot, start)
  return start
}

/** The wall clock at `utcMillis` in `zone`, as epoch ms of that wall clock read as UTC. */
export const wallClockMillis = (zone: string, utcMillis: number): number => utcMillis + offsetSecondsAt(zone, utcMillis) * 1000

/** The local calendar date (`YYYY-MM-DD`) at `utcMillis` in `zone`. */
export const localDateAt = (zone: string, utcMillis: number): string => isoDateOf(wallClockMillis(zone, utcMillis))

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n))

/** `YYYY-MM-DD` of epoch ms read as UTC (years 0-9999). */
export const isoDateOf = (millis: number): string => new Date(millis).toISOString().slice(0, 10)

/** `+02:00` / `-04:00` / `+00:00` for an offset in seconds. */
export const offsetLabel = (offsetSeconds: number): string => {
  const minutes = Math.round(Math.abs(offsetSeconds) / 60)
  return `${offsetSeconds < 0 ? "-" : "+"}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`
}

/**
 * The instant a local wall-clock time (epoch ms of it read as UTC) names in `zone`. A time that happens
 * twice (the hour the clocks go back) is its first; a time that never happens (the hour they go forward)
 * is read with the offset before the change, so it lands as far past the change as it was past the old
 * hour (02:30 on a spring-forward night is 03:30 new time), as RFC 5545 and Temporal's "compatible" do.
 */
export const instantOfWallClock = (zone: string, wallMillis: number): number => {
  // The instant lies within [wall - 14 h, wall + 12 h]: the offsets at both ends bound it.
  const before = offsetSecondsAt(zone, wallMillis - 14 * HOUR_MS) * 1000
  const after = offsetSecondsAt(zone, wallMillis + 12 * HOUR_MS) * 1000
  if (before === after) {
    const at = wallMillis - before
    if (offsetSecondsAt(zone, at) * 1000 === before) return at
  }
  const candidates = [wallMillis - before, wallMillis - after].sort((a, b) => a - b)
  for (const at of candidates) if (wallClockMillis(zone, at) === wallMillis) return at
  return wallMillis - before
}

/** The first instant of local `date` (`YYYY-MM-DD`) in `zone` (01:00 where the clocks skip midnight). */
export const localDayStart = (zone: string, date: string): number => {
  const midnight = Date.parse(`${date}T00:00:00Z`)
  const at = instantOfWallClock(zone, midnight)
  if (wallClockMillis(zone, at) === midnight) return at
  // Midnight does not exist that night: the day starts at the change itself, within the hour or two after.
  let lo = at - 3 * HOUR_MS, hi = at
  while (hi - lo > MINUTE_MS) {
    const mid = Math.floor((lo + hi) / 2 / MINUTE_MS) * MINUTE_MS
    if (wallClockMillis(zone, mid) >= midnight) hi = mid
    else lo = mid
  }
  return hi
}

/** The next calendar date after `date`. */
export const nextDate = (date: string): string => isoDateOf(Date.parse(`${date}T00:00:00Z`) + DAY_MS)

/** A local date's instants: [start, end) in UTC epoch ms (23, 24 or 25 hours long). */
export const localDaySpan = (zone: string, date: string): { readonly start: number; readonly end: number } => ({
  start: localDayStart(zone, date),
  end: localDayStart(zone, nextDate(date))
})

/** `utcMillis` as RFC 3339 local time in `zone` to the minute: `2027-03-29T13:00:00+02:00`. */
export const localMinuteText = (zone: string, utcMillis: number): string => {
  const minute = Math.round(utcMillis / MINUTE_MS) * MINUTE_MS
  const offset = offsetSecondsAt(zone, minute)
  return `${new Date(minute + offset * 1000).toISOString().slice(0, 16)}:00${offsetLabel(offset)}`
}

/** `utcMillis` as ISO 8601 local time in `zone` to the millisecond: `2027-03-28T09:00:00.000+01:00`. */
export const localMillisText = (zone: string, utcMillis: number): string => {
  const offset = offsetSecondsAt(zone, utcMillis)
  return `${new Date(utcMillis + offset * 1000).toISOString().slice(0, 23)}${offsetLabel(offset)}`
}

/**
 * The fractional wall-clock hour of `utcMillis` on local `date` in `zone`: 0 at its midnight, 13.5 at
 * 13:30; below 0 before the date and from 24 after it.
 */
export const wallHourOn = (zone: string, date: string, utcMillis: number): number =>
  (wallClockMillis(zone, utcMillis) - Date.parse(`${date}T00:00:00Z`)) / HOUR_MS

/** The instant of wall-clock hour `hour` (0-24, fractional; 24 is the next midnight) of local `date` in `zone`. */
export const instantOnDate = (zone: string, date: string, hour: number): number =>
  hour >= 24 ? localDayStart(zone, nextDate(date)) + (hour - 24) * HOUR_MS : instantOfWallClock(zone, Date.parse(`${date}T00:00:00Z`) + Math.round(hour * 60) * MINUTE_MS)

/** Whether `zone` is a bare offset (`+05:30`), not a zone with a name. */
export const isBareOffset = (zone: string): boolean => FIXED.test(zone)

/** A fixed-offset zone for an offset in seconds (where no IANA zone is known): `+05:30`. */
export const fixedZone = (offsetSeconds: number): string => offsetLabel(offsetSeconds)

/** A zone, or (for a series that only has one, or a test) a fixed offset in seconds. */
export type ZoneOrOffset = string | number

/** The zone name of a `ZoneOrOffset`. */
export const zoneName = (zone: ZoneOrOffset): string => (typeof zone === "number" ? fixedZone(zone) : zone)
