import { DateTime, Effect } from "effect"
import type { AccountMode } from "../../domain/account/Account.js"
import { isoDate } from "../../domain/forecast/ForecastPeriod.js"
import type { HourlyPoint, WeatherSeries } from "../../domain/weather/HourlyWeather.js"
import { candidateOffsets, etaMillis, planPassage } from "../../domain/route/Passage.js"
import type { Route } from "../../domain/route/Route.js"
import { type HourAt, nearestHourKey, type WeatherLookup } from "../../domain/route/RouteAssessment.js"
import type { Coordinates } from "../../domain/spotcast/Coordinates.js"
import { Settings } from "../../ports/Settings.js"
import { WeatherProvider } from "../../ports/WeatherProvider.js"

/** Weather grid cells of a route are 0.25° (about 15 nm): the resolution of the global models behind the providers. */
export const CELL_DEGREES = 0.25
/** Provider calls of one route in flight at once. */
const CONCURRENCY = 4
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

const snap = (degrees: number) => Math.round(degrees / CELL_DEGREES) * CELL_DEGREES + 0
/** The centre of the cell holding `p` (180° W and 180° E are one meridian: named 180). */
const cellOf = (p: Coordinates): Coordinates => {
  const longitude = snap(p.longitude)
  return { latitude: Math.max(-90, Math.min(90, snap(p.latitude))), longitude: longitude === -180 ? 180 : longitude }
}
const keyOf = (c: Coordinates) => `${c.latitude},${c.longitude}`

/**
 * The calendar dates whose local hours may hold `utcMillis`: the provider answers local days, and a
 * place's offset is anywhere from UTC−12 to UTC+14 (at sea usually longitude ÷ 15, on a coast its land's).
 */
const datesFor = (utcMillis: number): ReadonlyArray<string> => [
  isoDate(utcMillis - 12 * HOUR_MS),
  isoDate(utcMillis),
  isoDate(utcMillis + 14 * HOUR_MS)
]

/**
 * The weather every candidate departure needs: the samples' grid cells and dates, fetched once per
 * cell (all its dates in one provider call), a few calls at a time; answers the lookup the domain
 * judges samples with. Fails as the provider does.
 */
export const routeWeather = Effect.fn("RouteWeather")(function*(route: Route, mode: AccountMode) {
  const passage = planPassage(route.waypoints, route.speedKts)
  const departure = DateTime.toEpochMillis(route.departure)
  const needed = new Map<string, { readonly cell: Coordinates; readonly dates: Set<string> }>()
  for (const offset of candidateOffsets(route.departureWindowHours)) {
    for (const sample of passage.samples) {
      const eta = etaMillis(departure + offset * HOUR_MS, sample)
      const cell = cellOf(sample.position)
      const key = keyOf(cell)
      const entry = needed.get(key) ?? { cell, dates: new Set<string>() }
      for (const date of datesFor(eta)) entry.dates.add(date)
      needed.set(key, entry)
    }
  }
  // Never ask for a day outside the provider's window (yesterday to the horizon's last day): a date the
  // estimate above adds beyond it would only make the provider refuse the whole call.
  const { forecastHorizonDays } = yield* Settings
  const today = Math.floor(DateTime.toEpochMillis(yield* DateTime.now) / DAY_MS) * DAY_MS
  const first = isoDate(today - DAY_MS)
  const last = isoDate(today + (forecastHorizonDays - 1) * DAY_MS)
  for (const entry of needed.values()) {
    for (const date of [...entry.dates]) if (date < first || date > last) entry.dates.delete(date)
    if (entry.dates.size === 0) entry.dates.add(last)
  }
  const provider = yield* WeatherProvider
  const fetched = yield* Effect.forEach(
    [...needed.entries()],
    ([key, { cell, dates }]) =>
      Effect.map(
        provider.hourly({ coordinates: cell, dates: [...dates].sort(), mode, seed: route.id }),
        (series) => [key, indexSeries(series)] as const
      ),
    { concurrency: CONCURRENCY }
  )
  const byCell = new Map(fetched)
  const lookup: WeatherLookup = (position, utcMillis) => {
    const cell = byCell.get(keyOf(cellOf(position)))
    if (cell === undefined) return undefined
    // The nearest hour; the one containing the instant only where the series ends before the nearest.
    const point = cell.hours.get(nearestHourKey(utcMillis, cell.utcOffsetSeconds)) ??
      cell.hours.get(new Date(utcMillis + cell.utcOffsetSeconds * 1000).toISOString().slice(0, 13))
    if (point === undefined) return undefined
    return (cell.timezone === undefined
      ? { point, utcOffsetSeconds: cell.utcOffsetSeconds }
      : { point, utcOffsetSeconds: cell.utcOffsetSeconds, timezone: cell.timezone }) satisfies HourAt
  }
  return { lookup, calls: needed.size }
})

/** A series' hours by local `YYYY-MM-DDTHH`. */
const indexSeries = (series: WeatherSeries) => {
  const hours = new Map<string, HourlyPoint>()
  for (const point of series.hours) hours.set(point.time.slice(0, 13), point)
  return { utcOffsetSeconds: series.utcOffsetSeconds, timezone: series.timezone, hours }
}
