import { Either } from "effect"
import type { ForecastWeather, ModelRun, TimelineHour } from "../../domain/weather/ForecastWeather.js"
import type { HourlyPoint, WeatherCredit } from "../../domain/weather/HourlyWeather.js"
import { localDayStart, nextDate } from "../../domain/time/ZoneTime.js"
import { type OpenMeteoBody, valuesOf } from "./OpenMeteoResponse.js"
import { converter, type Quantity, UNDEFINED_UNIT } from "./OpenMeteoUnits.js"

/** Open-Meteo's id, and the credit its CC BY 4.0 licence asks for (the forecast's `source` and the widget show it). */
export const OPEN_METEO = "open-meteo"
export const openMeteoCredit: WeatherCredit = {
  provider: "Open-Meteo",
  attribution: "Weather data by Open-Meteo.com",
  link: "https://open-meteo.com/",
  license: "CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)",
  defaultModel: "best_match"
}

type Field = Exclude<keyof TimelineHour, "time">

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
  ["weather_code", "weather_code", "identity"],
  // Instability for the squall rule; models without it answer null or leave it out.
  ["cape_j_per_kg", "cape", "identity"],
  // The barometer's tendency (a marked fall) for the day texts.
  ["pressure_msl_hpa", "pressure_msl", "identity"]
]

export const marineVariables: ReadonlyArray<Mapping> = [
  ["wave_height_ft", "wave_height", "height_ft"],
  ["wave_period_s", "wave_period", "identity"],
  ["wave_direction_deg", "wave_direction", "identity"],
  ["swell_height_ft", "swell_wave_height", "height_ft"],
  ["swell_period_s", "swell_wave_period", "identity"],
  ["swell_direction_deg", "swell_wave_direction", "identity"],
  ["water_temp_c", "sea_surface_temperature", "temperature_c"],
  // Issue 15: tide and surge above mean sea level, and the surface current (direction it flows to).
  ["tide_height_ft", "sea_level_height_msl", "height_ft"],
  ["current_speed_kt", "ocean_current_velocity", "speed_kt"],
  ["current_direction_deg", "ocean_current_direction", "identity"]
]

type Column = (index: number) => number | null

/** A variable's readings in canonical units; absent or "undefined"-unit variables read as null. */
const column = (body: OpenMeteoBody, [, variable, quantity]: Mapping, suffix = ""): Either.Either<Column, string> => {
  const name = `${variable}${suffix}`
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

const columns = (body: OpenMeteoBody, mappings: ReadonlyArray<Mapping>, suffix = "") =>
  Either.all(mappings.map((m) => Either.map(column(body, m, suffix), (read) => [m[0], read] as const)))

const WIND = "wind_speed_10m"

/**
 * The models a forecast answer holds, in the asked order, with their column suffix. With several
 * `models` Open-Meteo suffixes every variable with `_<model>`; unsuffixed columns (one model asked, none,
 * or an answer that leaves the first model unsuffixed) belong to the first model asked. A model whose
 * wind is all null (unit "undefined") or absent is missing: the others are used and the confidence says so.
 */
export const modelsIn = (
  forecast: OpenMeteoBody,
  asked: ReadonlyArray<string>
): { readonly present: ReadonlyArray<readonly [string, string]>; readonly missing: ReadonlyArray<string> } => {
  const models = asked.length === 0 ? ["best_match"] : asked
  const suffixOf = (m: string, i: number): string | undefined =>
    forecast.hourly[`${WIND}_${m}`] !== undefined ? `_${m}` : i === 0 && forecast.hourly[WIND] !== undefined ? "" : undefined
  const hasWind = (suffix: string) => (valuesOf(forecast, `${WIND}${suffix}`) ?? []).some((v) => v !== null)
  const present: Array<readonly [string, string]> = []
  const missing: Array<string> = []
  models.forEach((m, i) => {
    const suffix = suffixOf(m, i)
    if (suffix !== undefined && hasWind(suffix)) present.push([m, suffix])
    else missing.push(m)
  })
  return { present, missing }
}

/** `YYYY-MM-DDTHH:00` local, as epoch milliseconds of the same wall clock read as UTC. */
const wallClock = (time: string): number => Date.parse(`${time}:00Z`)

/**
 * Forecast and marine answers merged hour by hour, in the forecast's local time. The two are matched
 * by instant (local - that answer's own `utc_offset_seconds`), so answers taken either side of a DST
 * change still line up. Marine hours that are missing read as null: no sea state, never calm. With
 * several models, each model's atmosphere is merged with the one marine answer into its own run; the
 * first model with wind data is the primary series the rules judge.
 */
export const mergeSeries = (
  forecast: OpenMeteoBody,
  marine: OpenMeteoBody,
  models: ReadonlyArray<string> = []
): Either.Either<ForecastWeather, string> =>
  Either.gen(function*() {
    const { missing, present } = modelsIn(forecast, models)
    const sea = yield* Either.mapLeft(columns(marine, marineVariables), (e) => `marine: ${e}`)
    const marineIndex = new Map(marine.hourly.time.map((t, i) => [wallClock(t) - marine.utc_offset_seconds * 1000, i]))
    const marineRow = forecast.hourly.time.map((time) => marineIndex.get(wallClock(time) - forecast.utc_offset_seconds * 1000))
    const runs: Array<ModelRun> = []
    // No model with wind: the first one anyway, so the rules fail it as "no wind data", as before.
    for (const [model, suffix] of present.length === 0 ? [[models[0] ?? "best_match", ""] as const] : present) {
      const atmosphere = yield* Either.mapLeft(columns(forecast, forecastVariables, suffix), (e) => `forecast: ${e}`)
      const hours = forecast.hourly.time.map((time, i): TimelineHour => {
        const j = marineRow[i]
        // Made from its entries, not by adding 20 keys one by one: past a dozen keys added that way V8
        // keeps an object as a hash table, about 1,100 bytes an hour instead of 460, and a forecast holds
        // its hours (each model's) for its whole run (issue 24's burst held 7,800 of them at its peak).
        const entries: Array<readonly [string, number | string | null]> = [["time", time]]
        for (const [field, read] of atmosphere) entries.push([field, read(i)])
        for (const [field, read] of sea) entries.push([field, j === undefined ? null : read(j)])
        return Object.fromEntries(entries) as unknown as TimelineHour
      })
      runs.push({ model, hours })
    }
    return {
      source: OPEN_METEO,
      credit: openMeteoCredit,
      utcOffsetSeconds: forecast.utc_offset_seconds,
      timezone: forecast.timezone,
      hours: runs[0]!.hours,
      models: present.map(([m]) => m),
      runs,
      missingModels: missing
    }
  })

/**
 * Hours an answer may lack at either end of the span asked in the spot's zone: Open-Meteo writes a whole
 * answer at the offset in force when it is asked, so a daylight-saving change between then and the
 * forecast's last day moves the span by an hour (two in the few zones that change by two).
 */
const EDGE_HOURS = 2
const HOUR_MS = 3_600_000

/**
 * The series cut to exactly `dates`, local calendar dates at the spot: in `timezone` when given (every
 * hour whose instant falls in those days there, each hour of the days present but for up to
 * `EDGE_HOURS` at the very start or end), else in the answer's own local time (all 24 hours of each
 * date). Left when the answer does not cover them.
 */
export const forDates = (series: ForecastWeather, dates: ReadonlyArray<string>, timezone?: string): Either.Either<ForecastWeather, string> => {
  const cutInZone = <H extends HourlyPoint>(all: ReadonlyArray<H>, zone: string): Either.Either<ReadonlyArray<H>, string> => {
    const byInstant = new Map<number, H>()
    for (const h of all) byInstant.set(wallClock(h.time.slice(0, 16)) - series.utcOffsetSeconds * 1000, h)
    const sorted = [...new Set(dates)].sort()
    const first = localDayStart(zone, sorted[0]!)
    const last = localDayStart(zone, nextDate(sorted[sorted.length - 1]!)) - HOUR_MS
    const hours: Array<H> = []
    for (const date of sorted) {
      for (let at = localDayStart(zone, date), end = localDayStart(zone, nextDate(date)); at < end; at += HOUR_MS) {
        const point = byInstant.get(at)
        if (point !== undefined) hours.push(point)
        else if (at - first >= EDGE_HOURS * HOUR_MS && last - at >= EDGE_HOURS * HOUR_MS) {
          return Either.left(`the forecast has no data for ${new Date(at).toISOString()} (${date} in ${zone})`)
        }
      }
    }
    return Either.right(hours)
  }
  const cut = <H extends HourlyPoint>(all: ReadonlyArray<H>): Either.Either<ReadonlyArray<H>, string> => {
    if (timezone !== undefined) return cutInZone(all, timezone)
    const wanted = new Set(dates)
    const byTime = new Map<string, H>()
    for (const h of all) if (wanted.has(h.time.slice(0, 10))) byTime.set(h.time, h)
    const hours: Array<H> = []
    for (const date of dates) {
      for (let hour = 0; hour < 24; hour++) {
        const point = byTime.get(`${date}T${String(hour).padStart(2, "0")}:00`)
        if (point === undefined) return Either.left(`the forecast has no data for ${date} ${hour}:00 local time`)
        hours.push(point)
      }
    }
    return Either.right(hours)
  }
  return Either.gen(function*() {
    const hours = yield* cut(series.hours)
    if (series.runs === undefined) return { ...series, hours }
    const runs: Array<ModelRun> = []
    for (const run of series.runs) runs.push({ model: run.model, hours: yield* cut(run.hours) })
    return { ...series, hours, runs }
  })
}
