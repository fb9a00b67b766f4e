import type { DayAssessment } from "../safety/Assessment.js"
import { dominantDirection } from "../weather/Directions.js"
import type { ForecastWeather, TimelineHour } from "../weather/ForecastWeather.js"
import { instantOnDate, isBareOffset, offsetSecondsAt, wallHourOn } from "../time/ZoneTime.js"
import { hourInstant, zonedSeries } from "../weather/ZonedSeries.js"
import { type PressureFall, pressureFall } from "./PressureFall.js"
import { seaDirections } from "./SeaDirections.js"
import { tideExtremes } from "./TideExtremes.js"
import { type WindChange, windChange } from "./WindChange.js"

/** A value and the local hour (0-23) it happens at, in canonical units. */
export interface AtHour {
  readonly value: number
  readonly hour: number
}

/**
 * What the day's text tells from the hours (issue 15 item 5), in canonical units (kt, ft) and local
 * hours: the window's wind range and direction, whether it builds after the window, the worst of each
 * factor the rules found worse outside it (with its hour), and the day's high and low waters.
 */
export interface DayStory {
  readonly wind?: { readonly fromDeg: number; readonly lo: number; readonly hi: number }
  /** The wind reaches `to` kt (the day's highest after the window), first 5 kt above the window's highest at `after`. */
  readonly building?: { readonly to: number; readonly after: number }
  readonly outside: { readonly wind?: AtHour; readonly gust?: AtHour; readonly seas?: AtHour }
  /** Local fractional hours of the date. */
  readonly tides: ReadonlyArray<{ readonly type: "high" | "low"; readonly hour: number }>
  /** The wind's first shift or build after the window, held two hours ("becoming NW 20–25 kt after 15:00"). */
  readonly change?: WindChange
  /** Where the window's seas and swell come from; `swellDiffers` when the swell is a sea of its own. */
  readonly seasFromDeg?: number
  readonly swellFromDeg?: number
  readonly swellDiffers?: boolean
  /** A marked fall of the barometer during the day (the source's mean-sea-level pressure). */
  readonly pressureFall?: PressureFall
  /**
   * The zone the day's local hours are in: its IANA zone and the offset in force at the start of the
   * day's window (a day after a daylight-saving change carries the new offset).
   */
  readonly zone: { readonly utcOffsetSeconds: number; readonly timezone?: string }
}

/** Building: at least this much above the window's highest sustained wind. */
export const BUILDING_KT = 5

const hourOf = (h: TimelineHour) => Number(h.time.slice(11, 13))

const peak = (hours: ReadonlyArray<TimelineHour>, read: (h: TimelineHour) => number | null | undefined): AtHour | undefined => {
  let best: AtHour | undefined
  for (const h of hours) {
    const v = read(h)
    if (v !== null && v !== undefined && (best === undefined || v > best.value)) best = { value: v, hour: hourOf(h) }
  }
  return best
}

const seasOf = (h: TimelineHour): number | null => {
  const xs = [h.wave_height_ft, h.swell_height_ft].filter((v): v is number => v !== null)
  return xs.length === 0 ? null : Math.max(...xs)
}

const present = <T extends object>(fields: Record<string, unknown>): T =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T

export const dayStory = (input: ForecastWeather, day: DayAssessment): DayStory => {
  const series = zonedSeries(input)
  const zone = series.timezone!
  const hours = series.hours.filter((h) => h.time.startsWith(day.date))
  const inside = hours.filter((h) => hourOf(h) >= day.window.startHour && hourOf(h) < day.window.endHour)
  const outside = hours.filter((h) => !inside.includes(h))
  const winds = inside.map((h) => h.wind_speed_kt).filter((v): v is number => v !== null)
  const direction = dominantDirection(inside.map((h) => [h.wind_direction_deg, h.wind_speed_kt]))
  const hi = winds.length === 0 ? undefined : Math.max(...winds)
  const later = hours.filter((h) => hourOf(h) >= day.window.endHour)
  const first = hi === undefined ? undefined : later.find((h) => h.wind_speed_kt !== null && h.wind_speed_kt >= hi + BUILDING_KT)
  const worse = new Set(day.worseOutsideWindow)
  const start = series.hours.length === 0 ? 0 : hourInstant(series.hours[0]!.time, series.utcOffsetSeconds)
  const tides = series.hours.some((h) => h.tide_height_ft != null)
    ? tideExtremes(series.hours.map((h) => h.tide_height_ft))
      .map((e) => ({ type: e.type, hour: wallHourOn(zone, day.date, start + e.at * 3_600_000) }))
      .filter((e) => e.hour >= 0 && e.hour < 24)
    : []
  const seas = seaDirections(inside)
  return present<DayStory>({
    change: windChange(later, direction?.degrees, hi),
    seasFromDeg: seas.seasFromDeg,
    swellFromDeg: seas.swellFromDeg,
    swellDiffers: seas.swellDiffers ? true : undefined,
    pressureFall: pressureFall(hours),
    zone: {
      utcOffsetSeconds: offsetSecondsAt(zone, instantOnDate(zone, day.date, day.window.startHour)),
      ...(isBareOffset(zone) ? {} : { timezone: zone })
    },
    wind: direction === undefined || hi === undefined ? undefined : { fromDeg: direction.degrees, lo: Math.min(...winds), hi },
    building: first === undefined ? undefined : { to: peak(later.filter((h) => hourOf(h) >= hourOf(first)), (h) => h.wind_speed_kt)!.value, after: hourOf(first) },
    outside: present({
      wind: worse.has("wind") ? peak(outside, (h) => h.wind_speed_kt) : undefined,
      gust: worse.has("gust") ? peak(outside, (h) => h.wind_gust_kt) : undefined,
      seas: worse.has("seas") ? peak(outside, seasOf) : undefined
    }),
    tides
  })
}
