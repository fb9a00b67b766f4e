import type { HourlyPoint, WeatherSeries } from "../weather/HourlyWeather.js"
import { hourInstant } from "../weather/ZonedSeries.js"
import type { RouteCells } from "./RouteLookup.js"

/**
 * A route's cells as they cross to a compute thread: per cell, its hours' instants and each reading in
 * a column of numbers with its state beside it (absent, null, a number, `true`), so a thousand series
 * are copied as a few typed arrays in one go instead of a million small objects (a structured clone of
 * objects holds the request loop for as long as it copies). Exact: the same hours come out as went in,
 * every reading the same number, null or absence.
 */
export interface PackedCell {
  readonly key: string
  readonly source: string
  readonly utcOffsetSeconds: number
  readonly timezone?: string
  readonly instants: Float64Array
  /** The readings' names; column `k` of hour `h` is at `h * fields.length + k`. */
  readonly fields: ReadonlyArray<string>
  readonly values: Float64Array
  readonly states: Uint8Array
}

const ABSENT = 0
const NULL = 1
const NUMBER = 2
const TRUE = 3


type PackedSeries = Omit<PackedCell, "key">

const pack = (series: WeatherSeries): PackedSeries => {
  const hours = series.hours
  const names = new Set<string>()
  for (const h of hours) for (const name of Object.keys(h)) if (name !== "time") names.add(name)
  const fields = [...names]
  const instants = new Float64Array(hours.length)
  const values = new Float64Array(hours.length * fields.length)
  const states = new Uint8Array(hours.length * fields.length)
  for (let i = 0; i < hours.length; i++) {
    const hour = hours[i]! as unknown as Record<string, unknown>
    instants[i] = hourInstant(hours[i]!.time, series.utcOffsetSeconds)
    for (let k = 0; k < fields.length; k++) {
      const v = hour[fields[k]!]
      const at = i * fields.length + k
      if (typeof v === "number") {
        values[at] = v
        states[at] = NUMBER
      } else states[at] = v === null ? NULL : v === true ? TRUE : ABSENT
    }
  }
  return {
    source: series.source,
    utcOffsetSeconds: series.utcOffsetSeconds,
    ...(series.timezone === undefined ? {} : { timezone: series.timezone }),
    instants,
    fields,
    values,
    states
  }
}

// Each series packed once (kept while the series lives): a route packs each cell's series as it arrives
// (`packSeries`), a turn of the loop each, so handing a thousand cells to a thread is only their copy.
const packed = new WeakMap<WeatherSeries, PackedSeries>()

/** A series packed (`PackedCell` less its key), once. */
export const packSeries = (series: WeatherSeries): PackedSeries => {
  let done = packed.get(series)
  if (done === undefined) {
    done = pack(series)
    packed.set(series, done)
  }
  return done
}

/** The cells packed for a thread (`PackedCell`). */
export const packCells = (cells: RouteCells): ReadonlyArray<PackedCell> => cells.map(([key, series]) => ({ key, ...packSeries(series) }))

const localTimeAt = (instant: number, utcOffsetSeconds: number) =>
  new Date(Math.round((instant + utcOffsetSeconds * 1000) / 60_000) * 60_000).toISOString().slice(0, 16)

/** The cells as they were packed: each hour's time as its series wrote it (local at its one offset). */
export const unpackCells = (packed: ReadonlyArray<PackedCell>): RouteCells =>
  packed.map((cell): readonly [string, WeatherSeries] => {
    const hours: Array<HourlyPoint> = []
    const n = cell.fields.length
    for (let i = 0; i < cell.instants.length; i++) {
      const entries: Array<readonly [string, unknown]> = [["time", localTimeAt(cell.instants[i]!, cell.utcOffsetSeconds)]]
      for (let k = 0; k < n; k++) {
        const state = cell.states[i * n + k]
        if (state === NUMBER) entries.push([cell.fields[k]!, cell.values[i * n + k]])
        else if (state === NULL) entries.push([cell.fields[k]!, null])
        else if (state === TRUE) entries.push([cell.fields[k]!, true])
      }
      hours.push(Object.fromEntries(entries) as unknown as HourlyPoint)
    }
    const series: WeatherSeries = {
      source: cell.source,
      utcOffsetSeconds: cell.utcOffsetSeconds,
      ...(cell.timezone === undefined ? {} : { timezone: cell.timezone }),
      hours
    }
    return [cell.key, series]
  })

/** Whether `u` is packed cells (what a thread receives). */
export const isPackedCells = (u: unknown): u is ReadonlyArray<PackedCell> =>
  Array.isArray(u) && u.every((c) => typeof c === "object" && c !== null && c.instants instanceof Float64Array)

