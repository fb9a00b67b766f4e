import type { HourlyPoint, WeatherSeries } from "../weather/HourlyWeather.js"
import type { Coordinates } from "../spotcast/Coordinates.js"
import { type HourAt, nearestHourKey, type WeatherLookup } from "./RouteAssessment.js"

/** Weather grid cells of a route are 0.25° (about 15 nm): the resolution of the global models behind the providers. */
export const CELL_DEGREES = 0.25

/** A route's weather as fetched: one series per grid cell, keyed by `cellKey`. Plain data, so it can cross to a worker thread. */
export type RouteCells = ReadonlyArray<readonly [string, WeatherSeries]>

const snap = (degrees: number) => Math.round(degrees / CELL_DEGREES) * CELL_DEGREES + 0
/** The centre of the cell holding `p` (180° W and 180° E are one meridian: named 180). */
export const cellOf = (p: Coordinates): Coordinates => {
  const longitude = snap(p.longitude)
  return { latitude: Math.max(-90, Math.min(90, snap(p.latitude))), longitude: longitude === -180 ? 180 : longitude }
}
export const cellKey = (c: Coordinates) => `${c.latitude},${c.longitude}`

/** A series' hours by local `YYYY-MM-DDTHH`. */
const indexSeries = (series: WeatherSeries) => {
  const hours = new Map<string, HourlyPoint>()
  for (const point of series.hours) hours.set(point.time.slice(0, 13), point)
  return { utcOffsetSeconds: series.utcOffsetSeconds, timezone: series.timezone, hours }
}

/**
 * The lookup the domain judges a route's samples with, built from its cells' series: the hour nearest
 * the instant in the cell holding the position. Built where the judging runs (a worker thread may).
 */
export const lookupFrom = (cells: RouteCells): WeatherLookup => {
  const byCell = new Map(cells.map(([key, series]) => [key, indexSeries(series)] as const))
  return (position, utcMillis) => {
    const cell = byCell.get(cellKey(cellOf(position)))
    if (cell === undefined) return undefined
    // The nearest hour; the one containing the instant only where the series ends before the nearest.
    const point = cell.hours.get(nearestHourKey(utcMillis, cell.utcOffsetSeconds)) ??
      cell.hours.get(new Date(utcMillis + cell.utcOffsetSeconds * 1000).toISOString().slice(0, 13))
    if (point === undefined) return undefined
    return (cell.timezone === undefined
      ? { point, utcOffsetSeconds: cell.utcOffsetSeconds }
      : { point, utcOffsetSeconds: cell.utcOffsetSeconds, timezone: cell.timezone }) satisfies HourAt
  }
}
