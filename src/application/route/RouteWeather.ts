import { DateTime, Duration, Effect } from "effect"
import type { AccountMode } from "../../domain/account/Account.js"
import { isoDate } from "../../domain/forecast/ForecastPeriod.js"
import { candidateOffsets, etaMillis, planPassage } from "../../domain/route/Passage.js"
import type { Route } from "../../domain/route/Route.js"
import type { Coordinates } from "../../domain/spotcast/Coordinates.js"
import { cellKey as keyOf, cellOf, lookupFrom, type RouteCells } from "../../domain/route/RouteLookup.js"
import { packSeries } from "../../domain/route/PackedCells.js"
import { Settings } from "../../ports/Settings.js"
import { WeatherProvider } from "../../ports/WeatherProvider.js"

/** Provider calls of one route in flight at once. */
const CONCURRENCY = 4
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

/**
 * The calendar dates whose local hours may hold an instant of [from, to]: the provider answers local
 * days, and a place's offset is anywhere from UTC−12 to UTC+14 (at sea usually longitude ÷ 15, on a
 * coast its land's). Every date from the earliest to the latest, one date text each.
 */
const datesBetween = (from: number, to: number): ReadonlyArray<string> => {
  const dates: Array<string> = []
  for (let day = Math.floor((from - 12 * HOUR_MS) / DAY_MS); day <= Math.floor((to + 14 * HOUR_MS) / DAY_MS); day++) {
    dates.push(isoDate(day * DAY_MS))
  }
  return dates
}

/**
 * The weather every candidate departure needs: the samples' grid cells and dates, fetched once per
 * cell (all its dates in one provider call), a few calls at a time; answers the lookup the domain
 * judges samples with (and the cells to build it from elsewhere). Fails as the provider does.
 *
 * Linear in the samples: a sample's ETAs over the candidate departures run from its ETA at the first
 * to its ETA at the last (a step of 1 or 3 hours, never a gap of a day), so each cell needs the dates
 * around the earliest and latest of its samples' ETAs and every date between.
 */
export const routeWeather = Effect.fn("RouteWeather")(function*(route: Route, mode: AccountMode) {
  const passage = planPassage(route.waypoints, route.speedKts)
  const departure = DateTime.toEpochMillis(route.departure)
  const offsets = candidateOffsets(route.departureWindowHours)
  const lastDeparture = departure + offsets[offsets.length - 1]! * HOUR_MS
  const spans = new Map<string, { readonly cell: Coordinates; from: number; to: number }>()
  for (const sample of passage.samples) {
    const [from, to] = [etaMillis(departure, sample), etaMillis(lastDeparture, sample)]
    const cell = cellOf(sample.position)
    const key = keyOf(cell)
    const span = spans.get(key)
    if (span === undefined) spans.set(key, { cell, from, to })
    else {
      span.from = Math.min(span.from, from)
      span.to = Math.max(span.to, to)
    }
  }
  const needed = new Map<string, { readonly cell: Coordinates; readonly dates: Set<string> }>()
  for (const [key, { cell, from, to }] of spans) needed.set(key, { cell, dates: new Set(datesBetween(from, to)) })
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
        provider.hourly({ coordinates: cell, dates: [...dates].sort(), mode, seed: route.id, batch: true }),
        // Packed now, one cell a turn, for the compute thread the analysis runs on (`PackedCells`).
        (series) => {
          packSeries(series)
          return [key, series] as const
        }
      ).pipe(
        // Back to the event loop between cells (a timer, not a microtask): a large route asks for hundreds,
        // and a simulated provider computes each on this thread, so requests waiting meanwhile are served.
        Effect.zipLeft(Effect.sleep(Duration.zero))
      ),
    { concurrency: CONCURRENCY }
  )
  const cells: RouteCells = fetched
  // `cells` is plain data (it may cross to a compute thread); `lookup` is built from it where it runs.
  return { cells, lookup: lookupFrom(cells), calls: needed.size }
})
