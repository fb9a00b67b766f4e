import type { Coordinates } from "../spotcast/Coordinates.js"
import { localDaySpan, wallHourOn, type ZoneOrOffset, zoneName } from "../time/ZoneTime.js"

/**
 * The local wall-clock hours of a date (fractional; 0 is its midnight) the sun rises and sets at, or a
 * polar day or night. A sunrise or sunset may lie outside [0, 24] where the solar day overhangs the
 * local one (a sunset after midnight in a high-latitude summer).
 */
export type Daylight =
  | { readonly _tag: "SunRisesAndSets"; readonly sunrise: number; readonly sunset: number }
  | { readonly _tag: "PolarDay" }
  | { readonly _tag: "PolarNight" }

/** The sun's events of a local date as instants (UTC epoch ms). */
export type SunEvents =
  | { readonly _tag: "SunRisesAndSets"; readonly sunriseMillis: number; readonly sunsetMillis: number }
  | { readonly _tag: "PolarDay" }
  | { readonly _tag: "PolarNight" }

const rad = Math.PI / 180
const DAY_MS = 86_400_000
const MINUTE_MS = 60_000
/** Sunrise and sunset are when the sun's centre is 0.833° below the horizon (refraction and disc). */
const COS_ZENITH = Math.cos(90.833 * rad)

/**
 * The sun's declination (radians) and the equation of time (minutes) at an instant: NOAA's solar
 * calculator (after Meeus, "Astronomical Algorithms"), good to well under a minute of time.
 */
const solarPosition = (utcMillis: number): { readonly declination: number; readonly eqTimeMin: number } => {
  const t = (utcMillis / DAY_MS + 2440587.5 - 2451545) / 36525
  const l0 = ((280.46646 + t * (36000.76983 + t * 0.0003032)) % 360) * rad
  const m = (357.52911 + t * (35999.05029 - 0.0001537 * t)) * rad
  const e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
  const c = Math.sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) + Math.sin(2 * m) * (0.019993 - 0.000101 * t) +
    Math.sin(3 * m) * 0.000289
  const omega = (125.04 - 1934.136 * t) * rad
  const lambda = (l0 / rad + c - 0.00569 - 0.00478 * Math.sin(omega)) * rad
  const eps0 = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
  const eps = (eps0 + 0.00256 * Math.cos(omega)) * rad
  const declination = Math.asin(Math.sin(eps) * Math.sin(lambda))
  const y = Math.tan(eps / 2) ** 2
  const eqTime = y * Math.sin(2 * l0) - 2 * e * Math.sin(m) + 4 * e * y * Math.sin(m) * Math.cos(2 * l0) -
    0.5 * y * y * Math.sin(4 * l0) - 1.25 * e * e * Math.sin(2 * m)
  return { declination, eqTimeMin: 4 * eqTime / rad }
}

/** Solar noon nearest `nearMillis` at `longitude`: when the sun crosses the meridian. */
const solarNoonNear = (nearMillis: number, longitude: number): number => {
  const day = Math.floor(nearMillis / DAY_MS) * DAY_MS
  let best = Number.NaN
  for (const d of [day - DAY_MS, day, day + DAY_MS]) {
    let noon = d + (720 - 4 * longitude) * MINUTE_MS
    for (let i = 0; i < 2; i++) noon = d + (720 - 4 * longitude - solarPosition(noon).eqTimeMin) * MINUTE_MS
    if (Number.isNaN(best) || Math.abs(noon - nearMillis) < Math.abs(best - nearMillis)) best = noon
  }
  return best
}

/** The cosine of the hour angle at which the sun's centre is 0.833° below the horizon. */
const cosHourAngle = (latitude: number, declination: number): number =>
  (COS_ZENITH - Math.sin(latitude * rad) * Math.sin(declination)) / (Math.cos(latitude * rad) * Math.cos(declination))

/**
 * Sunrise (side -1) or sunset (+1) of the solar day of `noon`, refined with the sun's position at the
 * event itself; undefined when the sun does not cross the horizon then.
 */
const eventOf = (noon: number, at: Coordinates, side: -1 | 1): number | undefined => {
  const day = Math.floor((noon + (4 * at.longitude) * MINUTE_MS) / DAY_MS) * DAY_MS
  let when = noon
  for (let i = 0; i < 3; i++) {
    const { declination, eqTimeMin } = solarPosition(when)
    const cos = cosHourAngle(at.latitude, declination)
    if (cos >= 1 || cos <= -1) return i === 0 ? undefined : when
    const hourAngle = Math.acos(cos) / rad
    when = day + (720 - 4 * (at.longitude - side * hourAngle) - eqTimeMin) * MINUTE_MS
  }
  return when
}

/**
 * The sunrise and sunset of a local date at a place: those of the solar day whose noon falls on that
 * date in the place's zone, so they belong to the date even where the zone's clock is far from the sun's
 * (Samoa and Kiribati east of the date line, Attu west of it); polar day or night when the sun stays up
 * or down through that solar day (the pole's own day is judged by its declination).
 */
export const sunEventsOn = (date: string, at: Coordinates, zone: ZoneOrOffset): SunEvents => {
  const span = localDaySpan(zoneName(zone), date)
  const noon = solarNoonNear((span.start + span.end) / 2, at.longitude)
  const { declination } = solarPosition(noon)
  const cos = cosHourAngle(at.latitude, declination)
  if (cos >= 1) return { _tag: "PolarNight" }
  if (cos <= -1) return { _tag: "PolarDay" }
  const sunriseMillis = eventOf(noon, at, -1)
  const sunsetMillis = eventOf(noon, at, 1)
  if (sunriseMillis === undefined || sunsetMillis === undefined) return cos > 0 ? { _tag: "PolarNight" } : { _tag: "PolarDay" }
  return { _tag: "SunRisesAndSets", sunriseMillis, sunsetMillis }
}

/** The day's sunrise and sunset as wall-clock hours of the local date (see `sunEventsOn`). */
export const daylightOn = (date: string, at: Coordinates, zone: ZoneOrOffset): Daylight => {
  const events = sunEventsOn(date, at, zone)
  if (events._tag !== "SunRisesAndSets") return events
  const name = zoneName(zone)
  return { _tag: "SunRisesAndSets", sunrise: wallHourOn(name, date, events.sunriseMillis), sunset: wallHourOn(name, date, events.sunsetMillis) }
}

/**
 * The part of the local date the sun is up, in fractional local hours within [0, 24]: sunrise to
 * sunset, to the minute. Civil twilight is not daylight: a vessel shows its lights from sunset to
 * sunrise (`uscg-navrules`, Rule 20). A polar day is [0, 24], a polar night empty. Where the solar day
 * overhangs the date (a sunset past midnight), the span is cut at the date's ends: the minutes of the
 * previous evening's sun after midnight count as dark, the safe side.
 */
export interface SunSpan {
  readonly start: number
  readonly end: number
}

const toMinute = (hours: number): number => Math.round(hours * 60) / 60

export const sunSpan = (daylight: Daylight): SunSpan => {
  if (daylight._tag === "PolarDay") return { start: 0, end: 24 }
  if (daylight._tag === "PolarNight") return { start: 0, end: 0 }
  const start = Math.min(24, Math.max(0, toMinute(daylight.sunrise)))
  const end = Math.min(24, Math.max(start, toMinute(daylight.sunset)))
  return { start, end }
}

/** How long the sun is up on the date, in hours (to the minute). */
export const sunHours = (sun: SunSpan): number => toMinute(sun.end - sun.start)

/** How much of the local hours [start, end) lies outside the sun span, in hours (to the minute). */
export const darkHoursIn = (sun: SunSpan, start: number, end: number): number => {
  const overlap = Math.max(0, Math.min(end, sun.end) - Math.max(start, sun.start))
  return toMinute(Math.max(0, end - start - overlap))
}
