import { Either, Schema } from "effect"
import { invalid, type ValidationError } from "../Validation.js"

/** How the periods of a usage report are cut: UTC days or UTC hours. */
export const Granularity = Schema.Literal("day", "hour")
export type Granularity = typeof Granularity.Type

export const DAY_MILLIS = 86_400_000
export const HOUR_MILLIS = 3_600_000

/** Without `from`, a report covers this many days up to `to` (today, UTC, by default). */
export const DEFAULT_DAYS = 30
/** The longest range by day (a leap year) and by hour. */
export const MAX_DAYS_BY_DAY = 366
export const MAX_DAYS_BY_HOUR = 31

/** A report's range as a client asks for it: dates `YYYY-MM-DD` (UTC), both ends included. */
export interface UsageQuery {
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly granularity?: Granularity | undefined
}

/** A checked range: whole UTC days, `startMillis` included and `endMillis` (midnight after `to`) excluded. */
export interface UsageRange {
  readonly from: string
  readonly to: string
  readonly granularity: Granularity
  readonly startMillis: number
  readonly endMillis: number
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Midnight UTC of a calendar date, or undefined when the text is not one (2026-02-30 is not). */
export const parseDate = (text: string): number | undefined => {
  const match = DATE.exec(text)
  if (match === null) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const millis = Date.UTC(year, month - 1, day)
  const back = new Date(millis)
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day
    ? millis
    : undefined
}

/** `YYYY-MM-DD` of the UTC day that holds `millis`. */
export const formatDate = (millis: number): string => new Date(millis).toISOString().slice(0, 10)

const startOfDay = (millis: number) => Math.floor(millis / DAY_MILLIS) * DAY_MILLIS

const dateParam = (text: string | undefined, param: "from" | "to"): Either.Either<number | undefined, ValidationError> => {
  if (text === undefined) return Either.right(undefined)
  const millis = parseDate(text)
  return millis === undefined
    ? Either.left(invalid("invalid_date_format", `${param} must be a date in the format YYYY-MM-DD`, param))
    : Either.right(millis)
}

/**
 * Checks a query against the rules of `GET /v3/usage`: `to` defaults to today (UTC) and `from` to
 * DEFAULT_DAYS days ending at `to`; `from` after `to`, or more than 366 days (31 by hour), is
 * `invalid_date_range`.
 */
export const resolveRange = (query: UsageQuery, nowMillis: number): Either.Either<UsageRange, ValidationError> =>
  Either.gen(() => resolving(query, nowMillis))

// A generator function made once (one made per call costs V8 new hidden classes, docs/performance.md).
function* resolving(query: UsageQuery, nowMillis: number) {
  const granularity = query.granularity ?? "day"
  const toStart = (yield* dateParam(query.to, "to")) ?? startOfDay(nowMillis)
  const fromStart = (yield* dateParam(query.from, "from")) ?? toStart - (DEFAULT_DAYS - 1) * DAY_MILLIS
  if (fromStart > toStart) {
    return yield* Either.left(invalid("invalid_date_range", "from must not be after to", "from"))
  }
  const days = (toStart - fromStart) / DAY_MILLIS + 1
  const most = granularity === "hour" ? MAX_DAYS_BY_HOUR : MAX_DAYS_BY_DAY
  if (days > most) {
    return yield* Either.left(invalid(
      "invalid_date_range",
      `The range covers ${days} days; at most ${most} days are allowed by ${granularity}`,
      "from"
    ))
  }
  return {
    from: formatDate(fromStart),
    to: formatDate(toStart),
    granularity,
    startMillis: fromStart,
    endMillis: toStart + DAY_MILLIS
  } satisfies UsageRange
}

export const periodMillis = (granularity: Granularity): number => granularity === "hour" ? HOUR_MILLIS : DAY_MILLIS

/** The start of every period of the range, oldest first. */
export const periodStarts = (range: UsageRange): ReadonlyArray<number> => {
  const step = periodMillis(range.granularity)
  const starts: Array<number> = []
  for (let at = range.startMillis; at < range.endMillis; at += step) starts.push(at)
  return starts
}

/** The start of the period of `granularity` that holds `millis`. */
export const periodOf = (millis: number, granularity: Granularity): number => {
  const step = periodMillis(granularity)
  return Math.floor(millis / step) * step
}

/** The start of the UTC hour that holds `millis`: request counts are kept per hour. */
export const hourOf = (millis: number): number => Math.floor(millis / HOUR_MILLIS) * HOUR_MILLIS
