import { memoized } from "../Memo.js"
import { fixedZone, isKnownZone, localMinuteText } from "../time/ZoneTime.js"
import type { ForecastWeather } from "./ForecastWeather.js"
import type { HourlyPoint, WeatherSeries } from "./HourlyWeather.js"


/**
 * The instant (UTC epoch ms) of a series hour: a zoned hour (`2027-03-29T13:00:00+02:00`) says it
 * itself; a provider's hour (`2027-03-29T12:00`) is local at the series' one offset, whatever the zone
 * did since (a provider may write a whole series at the offset in force when it is asked).
 */
export const hourInstant = (time: string, utcOffsetSeconds: number): number =>
  time.length > 16 ? Date.parse(time) : Date.parse(`${time.slice(0, 16)}:00Z`) - utcOffsetSeconds * 1000

/** Whether the series' hours are already written in their zone (`inZone`). */
export const isZoned = (series: Pick<WeatherSeries, "hours">): boolean =>
  series.hours.length > 0 && series.hours[0]!.time.length > 16

// Kept by zone and instant (`memoized`): forecasts of the same place and days share their hours' texts.
const hourTexts = memoized(256, (zone: string) => memoized(16_384, (instant: number) => localMinuteText(zone, instant)))

/** The hour at `instant` as local time in `zone`, to the minute, with the offset then: the timeline's `time`. */
export const hourText = (zone: string, instant: number): string => hourTexts(zone)(instant)

// A time that is none is left as it is, for the day bucketing to refuse by name.
const rezoned = <H extends HourlyPoint>(hours: ReadonlyArray<H>, utcOffsetSeconds: number, zone: string): ReadonlyArray<H> =>
  hours.map((h) => {
    const at = typeof h.time === "string" ? hourInstant(h.time, utcOffsetSeconds) : Number.NaN
    return Number.isFinite(at) ? Object.assign({}, h, { time: hourText(zone, at) }) : h
  })

/**
 * The series read in the place's time zone: every hour's `time` becomes the local time there at that
 * instant with the offset in force then (`2027-03-29T13:00:00+02:00`), so its date and hour are the
 * place's own across a daylight-saving change, and `timezone` is the zone. Every rule, day and text
 * reads local dates and hours from these. Idempotent for the same zone.
 */
export const inZone = <S extends ForecastWeather>(series: S, zone: string): S => {
  if (series.timezone === zone && isZoned(series)) return series
  const offset = series.utcOffsetSeconds
  // The primary series is one of the runs: one array, read once, stays one.
  const done = new Map<ReadonlyArray<HourlyPoint>, ReadonlyArray<HourlyPoint>>()
  const read = <H extends HourlyPoint>(hours: ReadonlyArray<H>): ReadonlyArray<H> => {
    let zoned = done.get(hours)
    if (zoned === undefined) {
      zoned = rezoned(hours, offset, zone)
      done.set(hours, zoned)
    }
    return zoned as ReadonlyArray<H>
  }
  return {
    ...series,
    timezone: zone,
    hours: read(series.hours),
    ...(series.runs === undefined ? {} : { runs: series.runs.map((run) => ({ ...run, hours: read(run.hours) })) })
  }
}

/**
 * The zone a series is read in: the one it names (the spot's, which the caller asked the provider for:
 * the geography's), else its one offset as a fixed zone.
 */
export const zoneFor = (series: Pick<WeatherSeries, "timezone" | "utcOffsetSeconds">): string =>
  series.timezone !== undefined && isKnownZone(series.timezone) ? series.timezone : fixedZone(series.utcOffsetSeconds)

/** The series in its zone (`zoneFor`, `inZone`). */
export const zonedSeries = <S extends ForecastWeather>(series: S): S => inZone(series, zoneFor(series))
