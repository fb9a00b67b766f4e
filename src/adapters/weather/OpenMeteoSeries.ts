import { Either } from "effect"
import type { HourlyPoint, WeatherSeries } from "../../domain/safety/HourlyWeather.js"
import { type OpenMeteoBody, valuesOf } from "./OpenMeteoResponse.js"
import { converter, type Quantity, UNDEFINED_UNIT } from "./OpenMeteoUnits.js"

type Field = Exclude<keyof HourlyPoint, "time">

/** Our field, the API variable it comes from, and what it measures. */
type Mapping = readonly [Field, string, Quantity]

export const forecastVariables: ReadonlyArray<Mapping> = [
  ["wind_speed_kt", "wind_speed_10m", "speed_kt"],
  ["wind_gust_kt", "wind_gusts_10m", "speed_kt"],
  ["wind_direction_deg", "wind_direction_10m", "identity"],
  ["visibility_nm", "visibility", "distance_nm"],
  ["precipitation_probability_pct", "precipitation_probability", "identity"],
  // An hourly precipitation value is the sum over the preceding hour, so mm is mm per h.
  ["precipitation_mm_per_h", "precipitation", "precipitation_mm"],
  ["air_temp_c", "temperature_2m", "temperature_c"],
  ["weather_code", "weather_code", "identity"]
]

export const marineVariables: ReadonlyArray<Mapping> = [
  ["wave_height_ft", "wave_height", "height_ft"],
  ["wave_period_s", "wave_period", "identity"],
  ["wave_direction_deg", "wave_direction", "identity"],
  ["swell_height_ft", "swell_wave_height", "height_ft"],
  ["swell_period_s", "swell_wave_period", "identity"],
  ["swell_direction_deg", "swell_wave_direction", "identity"],
  ["water_temp_c", "sea_surface_temperature", "temperature_c"]
]

type Column = (index: number) => number | null

/** A variable's readings in canonical units; absent or "undefined"-unit variables read as null. */
const column = (body: OpenMeteoBody, [, name, quantity]: Mapping): Either.Either<Column, string> => {
  const unit = body.hourly_units[name]
  if (body.hourly[name] === undefined || unit === UNDEFINED_UNIT) return Either.right(() => null)
  const values = valuesOf(body, name)
  if (values === undefined) return Either.left(`${name} is not a numeric series`)
  if (unit === undefined) return Either.left(`${name} has no unit`)
  const convert = converter(quantity, unit)
  if (convert === undefined) return Either.left(`${name} has unit ${JSON.stringify(unit)}, which we cannot convert`)
  return Either.right((i) => {
    const v = values[i]
    return v === null || v === undefined ? null : convert(v)
  })
}

const columns = (body: OpenMeteoBody, mappings: ReadonlyArray<Mapping>) =>
  Either.all(mappings.map((m) => Either.map(column(body, m), (read) => [m[0], read] as const)))

/** `YYYY-MM-DDTHH:00` local, as epoch milliseconds of the same wall clock read as UTC. */
const wallClock = (time: string): number => Date.parse(`${time}:00Z`)

/**
 * Forecast and marine answers merged hour by hour, in the forecast's local time. The two are matched
 * by instant (local - that answer's own `utc_offset_seconds`), so answers taken either side of a DST
 * change still line up. Marine hours that are missing read as null: no sea state, never calm.
 */
export const mergeSeries = (forecast: OpenMeteoBody, marine: OpenMeteoBody): Either.Either<WeatherSeries, string> =>
  Either.gen(function*() {
    const atmosphere = yield* Either.mapLeft(columns(forecast, forecastVariables), (e) => `forecast: ${e}`)
    const sea = yield* Either.mapLeft(columns(marine, marineVariables), (e) => `marine: ${e}`)
    const marineIndex = new Map(marine.hourly.time.map((t, i) => [wallClock(t) - marine.utc_offset_seconds * 1000, i]))
    const hours = forecast.hourly.time.map((time, i): HourlyPoint => {
      const j = marineIndex.get(wallClock(time) - forecast.utc_offset_seconds * 1000)
      const point: Record<string, number | string | null> = { time }
      for (const [field, read] of atmosphere) point[field] = read(i)
      for (const [field, read] of sea) point[field] = j === undefined ? null : read(j)
      return point as HourlyPoint
    })
    return { source: "open-meteo", utcOffsetSeconds: forecast.utc_offset_seconds, timezone: forecast.timezone, hours }
  })

/**
 * The series cut to exactly `dates` (local calendar dates at the spot), each with all 24 local hours;
 * Left when the answer does not cover one of them.
 */
export const forDates = (series: WeatherSeries, dates: ReadonlyArray<string>): Either.Either<WeatherSeries, string> => {
  const wanted = new Set(dates)
  const byTime = new Map<string, HourlyPoint>()
  for (const h of series.hours) if (wanted.has(h.time.slice(0, 10))) byTime.set(h.time, h)
  const hours: Array<HourlyPoint> = []
  for (const date of dates) {
    for (let hour = 0; hour < 24; hour++) {
      const point = byTime.get(`${date}T${String(hour).padStart(2, "0")}:00`)
      if (point === undefined) return Either.left(`the forecast has no data for ${date} ${hour}:00 local time`)
      hours.push(point)
    }
  }
  return Either.right({ ...series, hours })
}
