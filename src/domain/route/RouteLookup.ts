import type { HourlyPoint, WeatherSeries } from "../weather/HourlyWeather.js"
import { hourInstant } from "../weather/ZonedSeries.js"
import type { Coordinates } from "../spotcast/Coordinates.js"
import type { HourAt, WeatherLookup } from "./RouteAssessment.js"

/** Weather grid cells of a route are 0.25° (about 15 nm): the resolution of the global models behind the providers. */
export const CELL_DEGREES = 0.25

/** A route's weather as fetched: one series per grid cell, keyed by `cellKey`. Plain data, so it can cross to a worker thread. */
export type RouteCells = ReadonlyArray<readonly [string, WeatherSeries]>

const HOUR_MS = 3_600_000

const snap = (degrees: number) => Math.round(degrees / CELL_DEGREES) * CELL_DEGREES + 0
/** The centre of the cell holding `p` (180° W and 180° E are one meridian: named 180). */
export const cellOf = (p: Coordinates): Coordinates => {
  const longitude = snap(p.longitude)
  return { latitude: Math.max(-90, Math.min(90, snap(p.latitude))), longitude: longitude === -180 ? 180 : longitude }
}
export const cellKey = (c: Coordinates) => `${c.latitude},${c.longitude}`

/** A cell's series by instant: hour `k` is at `phase + k` hours (a series' hours may sit on the half hour of UTC). */
interface IndexedCell {
  readonly phase: number
  readonly hours: Map<number, HourlyPoint>
  readonly zone: Pick<HourAt, "utcOffsetSeconds" | "timezone">
}

const indexSeries = (series: WeatherSeries): IndexedCell => {
  const hours = new Map<number, HourlyPoint>()
  const first = series.hours[0]
  const phase = first === undefined ? 0 : ((hourInstant(first.time, series.utcOffsetSeconds) % HOUR_MS) + HOUR_MS) % HOUR_MS
  for (const point of series.hours) hours.set(Math.round((hourInstant(point.time, series.utcOffsetSeconds) - phase) / HOUR_MS), point)
  return {
    phase,
    hours,
    zone: series.timezone === undefined
      ? { utcOffsetSeconds: series.utcOffsetSeconds }
      : { utcOffsetSeconds: series.utcOffsetSeconds, timezone: series.timezone }
  }
}

/**
 * The lookup the domain judges a route's samples with, built from its cells' series: the hour nearest
 * the instant in the cell holding the position (an ETA of 14:40 reads the 15:00 hour, 14:29 the 14:00
 * one), by instant, whatever offset each series is written at. Built where the judging runs (a worker
 * thread may).
 */
export const lookupFrom = (cells: RouteCells): WeatherLookup => {
  const byCell = new Map(cells.map(([key, series]) => [key, indexSeries(series)] as const))
  return (position, utcMillis) => {
    const cell = byCell.get(cellKey(cellOf(position)))
    if (cell === undefined) return undefined
    // The nearest hour; the one containing the instant only where the series ends before the nearest.
    const at = (utcMillis - cell.phase) / HOUR_MS
    const point = cell.hours.get(Math.round(at)) ?? cell.hours.get(Math.floor(at))
    if (point === undefined) return undefined
    return { point, ...cell.zone } satisfies HourAt
  }
}
