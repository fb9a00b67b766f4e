import type { Coordinates } from "../spotcast/Coordinates.js"

/** The local hours (0-24, fractional) the sun is up on a date, or a polar day or night. */
export type Daylight =
  | { readonly _tag: "SunRisesAndSets"; readonly sunrise: number; readonly sunset: number }
  | { readonly _tag: "PolarDay" }
  | { readonly _tag: "PolarNight" }

const rad = Math.PI / 180
/** Sunrise and sunset are when the sun's centre is 0.833° below the horizon (refraction and disc). */
const ZENITH = 90.833 * rad

const dayOfYear = (date: string): { readonly day: number; readonly daysInYear: number } => {
  const [y, m, d] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))]
  const start = Date.UTC(y, 0, 1)
  return {
    day: (Date.UTC(y, m - 1, d) - start) / 86_400_000 + 1,
    daysInYear: (Date.UTC(y + 1, 0, 1) - start) / 86_400_000
  }
}

/**
 * NOAA's "General Solar Position Calculations" (fractional year, equation of time, declination, hour
 * angle), accurate to a few minutes, which is all an hourly series needs. Times come out in UTC and
 * are shifted by the series' one UTC offset, so they line up with its local hours.
 */
export const daylightOn = (date: string, at: Coordinates, utcOffsetSeconds: number): Daylight => {
  const { day, daysInYear } = dayOfYear(date)
  const g = (2 * Math.PI / daysInYear) * (day - 1)
  const eqTimeMin = 229.18 *
    (0.000075 + 0.001868 * Math.cos(g) - 0.032077 * Math.sin(g) - 0.014615 * Math.cos(2 * g) - 0.040849 * Math.sin(2 * g))
  const decl = 0.006918 - 0.399912 * Math.cos(g) + 0.070257 * Math.sin(g) - 0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) - 0.002697 * Math.cos(3 * g) + 0.00148 * Math.sin(3 * g)
  const lat = at.latitude * rad
  const cosHourAngle = (Math.cos(ZENITH) - Math.sin(lat) * Math.sin(decl)) / (Math.cos(lat) * Math.cos(decl))
  if (cosHourAngle >= 1) return { _tag: "PolarNight" }
  if (cosHourAngle <= -1) return { _tag: "PolarDay" }
  const hourAngleDeg = Math.acos(cosHourAngle) / rad
  const offsetMin = utcOffsetSeconds / 60
  const sunriseMin = 720 - 4 * (at.longitude + hourAngleDeg) - eqTimeMin + offsetMin
  const sunsetMin = 720 - 4 * (at.longitude - hourAngleDeg) - eqTimeMin + offsetMin
  return { _tag: "SunRisesAndSets", sunrise: sunriseMin / 60, sunset: sunsetMin / 60 }
}

/**
 * The part of the local date the sun is up, in fractional local hours within [0, 24]: sunrise to
 * sunset, to the minute. Civil twilight is not daylight: a vessel shows its lights from sunset to
 * sunrise (`uscg-navrules`, Rule 20). A polar day is [0, 24], a polar night empty.
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
