import { DateTime, Option } from "effect"

const DAY_MS = 86_400_000

/** The span a SpotCast covers: `numDays` calendar days from a normalized UTC start. */
export interface ForecastPeriod {
  readonly start: DateTime.Utc
  /** The last second of the last forecast day: start + numDays days - 1 s. */
  readonly end: DateTime.Utc
  readonly numDays: number
  /** The `numDays` consecutive calendar dates (YYYY-MM-DD) from the start's UTC date. */
  readonly dates: ReadonlyArray<string>
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/

const validDate = (y: number, m: number, d: number): boolean => {
  if (m < 1 || m > 12 || d < 1) return false
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate()
}

/**
 * Accepts `YYYY-MM-DD` (midnight UTC) or an ISO 8601 timestamp with `Z` or a `±HH:MM` offset.
 * A timestamp without a zone is refused: its instant would depend on where the server runs.
 */
export const parseStartDate = (input: string): Option.Option<DateTime.Utc> => {
  const dateOnly = DATE_ONLY.exec(input)
  if (dateOnly) {
    const [y, m, d] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])]
    return validDate(y, m, d) ? Option.some(DateTime.unsafeMake(Date.UTC(y, m - 1, d))) : Option.none()
  }
  const ts = TIMESTAMP.exec(input)
  if (!ts) return Option.none()
  const [y, m, d, hh, mm] = [Number(ts[1]), Number(ts[2]), Number(ts[3]), Number(ts[4]), Number(ts[5])]
  const ss = ts[6] === undefined ? 0 : Number(ts[6])
  const ms = ts[7] === undefined ? 0 : Math.floor(Number(`0.${ts[7]}`) * 1000)
  if (!validDate(y, m, d) || hh > 23 || mm > 59 || ss > 59) return Option.none()
  let offsetMinutes = 0
  const zone = ts[8]!
  if (zone !== "Z") {
    const oh = Number(zone.slice(1, 3))
    const om = Number(zone.slice(4, 6))
    if (oh > 23 || om > 59) return Option.none()
    offsetMinutes = (zone[0] === "-" ? -1 : 1) * (oh * 60 + om)
  }
  const epoch = Date.UTC(y, m - 1, d, hh, mm, ss, ms) - offsetMinutes * 60_000
  return Option.some(DateTime.unsafeMake(epoch))
}

export const isoDate = (epochMillis: number): string => new Date(epochMillis).toISOString().slice(0, 10)

export const makePeriod = (start: DateTime.Utc, numDays: number): ForecastPeriod => {
  const startMs = DateTime.toEpochMillis(start)
  const firstDay = Math.floor(startMs / DAY_MS) * DAY_MS
  return {
    start,
    end: DateTime.unsafeMake(startMs + numDays * DAY_MS - 1000),
    numDays,
    dates: Array.from({ length: numDays }, (_, i) => isoDate(firstDay + i * DAY_MS))
  }
}

/** Where a period lies against the forecast window that opens at the start of yesterday (UTC). */
export type WindowCheck = "ok" | "too_early" | "beyond_horizon"

/**
 * The first day may not start before yesterday (UTC), and the last forecast date must be no later
 * than the last day of the provider's horizon (today + horizonDays - 1).
 */
export const checkWindow = (period: ForecastPeriod, now: DateTime.Utc, horizonDays: number): WindowCheck => {
  const today = Math.floor(DateTime.toEpochMillis(now) / DAY_MS) * DAY_MS
  if (DateTime.toEpochMillis(period.start) < today - DAY_MS) return "too_early"
  // Compared as instants, not as date strings: past year 9999 an ISO date gains a sign and sorts first.
  const lastDay = Math.floor(DateTime.toEpochMillis(period.start) / DAY_MS) * DAY_MS + (period.numDays - 1) * DAY_MS
  if (lastDay > today + (horizonDays - 1) * DAY_MS) return "beyond_horizon"
  return "ok"
}
