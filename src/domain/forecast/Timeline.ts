import { Either } from "effect"
import type { DayAssessment, Factor } from "../safety/Assessment.js"
import { classifyDay } from "../safety/ClassifyDay.js"
import { daylightOn, sunEventsOn, type SunSpan, sunSpan } from "../safety/Daylight.js"
import { reduceHours } from "../safety/ReduceHours.js"
import { withDaylight } from "../safety/TripWindowChoice.js"
import { withCurrentAgainstWind } from "../safety/WindAgainstCurrentRule.js"
import type { Coordinates } from "../spotcast/Coordinates.js"
import type { Vessel } from "../spotcast/Vessel.js"
import type { Classification } from "./Analysis.js"
import { conditionSpan } from "./ConditionRanges.js"
import type { Convert } from "./DisplayUnits.js"
import type { ForecastWeather, TimelineHour } from "../weather/ForecastWeather.js"
import { localTime, localTimeOn } from "./LocalTimes.js"
import { localDateAt } from "../time/ZoneTime.js"
import { hourInstant, zonedSeries } from "../weather/ZonedSeries.js"
import { tideExtremes } from "./TideExtremes.js"
import type { DayRanges, HourEntry, TideEvent } from "./TimelineSchema.js"

/** The issue-15 fields of one `daily_classifications[]` entry. */
export interface DayTimeline {
  readonly window: { readonly start: string; readonly end: string }
  readonly conditions: DayRanges
  readonly sunrise?: string
  readonly sunset?: string
  readonly deciding_factors: ReadonlyArray<Factor>
  readonly tides?: ReadonlyArray<TideEvent>
  readonly hourly: ReadonlyArray<HourEntry>
}

/** The local hour (0-23) of a `YYYY-MM-DDTHH:MM` time. */
const hourOf = (time: string): number => Number(time.slice(11, 13))

/**
 * An hour judged alone by the same rules (the current against the wind included), with darkness as a
 * window of that one hour: its minutes outside sunrise–sunset, and the date's daylight (a polar night
 * is AVOID for an open boat every hour, as for its day); null without wind. Without `sun` darkness is
 * not judged.
 */
export const hourClass = (hour: TimelineHour, vessel: Vessel, sun?: SunSpan): Classification | null => {
  const reduced = reduceHours([hour])
  if (Either.isLeft(reduced)) return null
  const at = hourOf(hour.time)
  const conditions = sun === undefined ? reduced.right : withDaylight(reduced.right, sun, { startHour: at, endHour: at + 1 })
  const judged = classifyDay(conditions, vessel)
  return withCurrentAgainstWind(judged.reasons, [hour])?.classification ?? judged.classification
}

const reading = (value: number | null | undefined, convert: (x: number) => number): number | null =>
  value === null || value === undefined ? null : convert(value)

/** One hour of the timeline; `h` is read in the spot's zone (`ZonedSeries`), so its time is already RFC 3339 local. */
export const hourEntry = (h: TimelineHour, c: Convert, vessel: Vessel, sun?: SunSpan): HourEntry => ({
  time: h.time,
  wind_speed: reading(h.wind_speed_kt, c.speed),
  wind_gust: reading(h.wind_gust_kt, c.speed),
  wind_direction: reading(h.wind_direction_deg, c.whole),
  wave_height: reading(h.wave_height_ft, c.height),
  wave_period: reading(h.wave_period_s, c.period),
  wave_direction: reading(h.wave_direction_deg, c.whole),
  swell_height: reading(h.swell_height_ft, c.height),
  swell_period: reading(h.swell_period_s, c.period),
  swell_direction: reading(h.swell_direction_deg, c.whole),
  visibility: reading(h.visibility_nm, c.distance),
  precipitation_probability: reading(h.precipitation_probability_pct, c.whole),
  precipitation_rate: reading(h.precipitation_mm_per_h, c.rate),
  air_temperature: reading(h.air_temp_c, c.temperature),
  water_temperature: reading(h.water_temp_c, c.temperature),
  tide_height: reading(h.tide_height_ft, c.height),
  current_speed: reading(h.current_speed_kt, c.speed),
  current_direction: reading(h.current_direction_deg, c.whole),
  classification: hourClass(h, vessel, sun),
  ...(h.waves_estimated === true && h.wave_height_ft !== null ? { waves_estimated: true as const } : {})
})

/** The factors that set the day's class (none on a GO day), each once, most severe first. */
export const decidingFactors = (day: DayAssessment): ReadonlyArray<Factor> =>
  day.classification === "GO"
    ? []
    : [...new Set(day.reasons.filter((r) => r.classification === day.classification).map((r) => r.factor))]

/**
 * High and low waters of the whole series, as local times in the series' zone: computed once over all
 * its hours so a turn near midnight is found from both days' hours. Empty when the series has no sea level.
 */
export const seriesTides = (input: ForecastWeather, c: Convert): ReadonlyArray<TideEvent & { readonly date: string }> => {
  const series = zonedSeries(input)
  const hours = series.hours
  if (!hours.some((h) => h.tide_height_ft != null)) return []
  const zone = series.timezone!
  const start = hours.length === 0 ? 0 : hourInstant(hours[0]!.time, series.utcOffsetSeconds)
  return tideExtremes(hours.map((h) => h.tide_height_ft)).map((e) => {
    const at = start + e.at * 3_600_000
    return { date: localDateAt(zone, at), type: e.type, time: localTime(zone, at), height: c.height(e.heightFt) }
  })
}

export interface TimelineInput {
  readonly series: ForecastWeather
  readonly day: DayAssessment
  readonly coordinates: Coordinates
  readonly vessel: Vessel
  readonly convert: Convert
  readonly tides: ReadonlyArray<TideEvent & { readonly date: string }>
}

/**
 * One day's timeline: its window, ranges, sun times, deciding factors, tides and hours, every time local
 * in the spot's zone with the offset in force at that instant (issue 15 item 1). A sunrise or sunset that
 * falls on another date (a sunset after midnight) is not given for this one.
 */
export const dayTimeline = ({ convert, coordinates, day, series: input, tides, vessel }: TimelineInput): DayTimeline => {
  const series = zonedSeries(input)
  const zone = series.timezone!
  const hours = series.hours.filter((h) => h.time.startsWith(day.date))
  const inWindow = (xs: ReadonlyArray<TimelineHour>) =>
    xs.filter((h) => {
      const hour = hourOf(h.time)
      return hour >= day.window.startHour && hour < day.window.endHour
    })
  // The ranges quote the model that decided the day (docs/safety.md "Models that disagree").
  const quoted = day.model === undefined ? undefined : series.runs?.find((r) => r.model === day.model)?.hours
  const quotedHours = quoted === undefined ? hours : quoted.filter((h) => h.time.startsWith(day.date))
  const sun = daylightOn(day.date, coordinates, zone)
  const events = sunEventsOn(day.date, coordinates, zone)
  const onDate = (at: number) => localDateAt(zone, at) === day.date
  const dayTides = tides.filter((t) => t.date === day.date).map(({ height, time, type }) => ({ type, time, height }))
  return {
    window: { start: localTimeOn(zone, day.date, day.window.startHour), end: localTimeOn(zone, day.date, day.window.endHour) },
    conditions: { window: conditionSpan(inWindow(quotedHours), convert), day: conditionSpan(quotedHours, convert) },
    ...(events._tag === "SunRisesAndSets" && onDate(events.sunriseMillis) ? { sunrise: localTime(zone, events.sunriseMillis) } : {}),
    ...(events._tag === "SunRisesAndSets" && onDate(events.sunsetMillis) ? { sunset: localTime(zone, events.sunsetMillis) } : {}),
    deciding_factors: decidingFactors(day),
    ...(series.hours.some((h) => h.tide_height_ft != null) ? { tides: dayTides } : {}),
    hourly: hours.map((h) => hourEntry(h, convert, vessel, sunSpan(sun)))
  }
}
