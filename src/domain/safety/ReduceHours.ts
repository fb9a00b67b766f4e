import { Either } from "effect"
import type { DayConditions } from "../weather/DayConditions.js"
import type { HourlyPoint } from "../weather/HourlyWeather.js"
import { UNIVERSAL, waveSteepness } from "./Thresholds.js"

/** The larger of the two, where `undefined` is no value yet (Math.max as over the whole list: the same bytes, -0 and all). */
const maxOf = (acc: number | undefined, value: number | null): number | undefined =>
  value === null ? acc : acc === undefined ? Math.max(value) : Math.max(acc, value)
const minOf = (acc: number | undefined, value: number | null): number | undefined =>
  value === null ? acc : acc === undefined ? Math.min(value) : Math.min(acc, value)

/** An hour's gust: the forecast gust (never below the sustained wind), else sustained × 1.4. */
const gustOf = (p: HourlyPoint): number | null =>
  p.wind_speed_kt === null
    ? p.wind_gust_kt
    : p.wind_gust_kt === null
    ? p.wind_speed_kt * UNIVERSAL.gustFactorWhenUnknown
    : Math.max(p.wind_gust_kt, p.wind_speed_kt)

/**
 * The period to pair with the day's highest seas: that of the highest hour, shortened when a lower but
 * steeper hour of 3 ft or more exists, so that the day's steepness H/L is exactly the steepest such
 * hour's. Pairing the highest seas with the shortest period of the day would invent steep seas that no
 * hour has. Unknown when no hour has both a height and a period.
 */
const periodFor = (height: number, hours: ReadonlyArray<HourlyPoint>): number | undefined => {
  // One pass: the highest paired hour (then the shortest period, then the earliest) and the steepest.
  let highest: HourlyPoint | undefined
  let steepest = 0
  for (const p of hours) {
    const h = p.wave_height_ft, t = p.wave_period_s
    if (h === null || t === null || !(t > 0)) continue
    if (highest === undefined || h > highest.wave_height_ft! || (h === highest.wave_height_ft! && t < highest.wave_period_s!)) highest = p
    if (h >= UNIVERSAL.steepMinHeightFt) steepest = Math.max(steepest, waveSteepness(h, t))
  }
  if (highest === undefined) return undefined
  // H/L scales with 1/T², so the period giving `height` the steepness `steepest` is sqrt(H/L at 1 s ÷ steepest).
  return steepest > waveSteepness(height, highest.wave_period_s!)
    ? Math.sqrt(waveSteepness(height, 1) / steepest)
    : highest.wave_period_s!
}

const optional = <K extends string>(key: K, value: number | undefined): { [P in K]?: number } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: number }

/**
 * Each field is the worst the hours hold for it, so the reduced day is at least as severe as any of
 * its hours: the highest sustained wind, gust, seas, swell, rain probability and rate, weather code and CAPE;
 * the lowest visibility and air and water temperature. The wave period keeps the day's steepness that
 * of its steepest hour (see periodFor), the swell period is that of the highest swell, the wind
 * direction that of the windiest hour. Left when no hour has a sustained wind or none of those has a direction.
 */
export const reduceHours = (hours: ReadonlyArray<HourlyPoint>): Either.Either<DayConditions, string> => {
  // One pass, no intermediate arrays (this runs for every candidate window and every hour of the
  // timeline). "Highest" keeps the earliest of equal hours, as a stable sort would.
  let first: HourlyPoint | undefined
  let directed: HourlyPoint | undefined
  let highestSwell: HourlyPoint | undefined
  let gust: number | undefined, waveHeight: number | undefined, visibility: number | undefined
  let precipitationProbability: number | undefined, precipitationRate: number | undefined
  let airTemp: number | undefined, waterTemp: number | undefined, weatherCode: number | undefined
  let cape: number | undefined
  let wavesEstimated = false
  for (const p of hours) {
    const wind = p.wind_speed_kt
    if (wind !== null) {
      if (first === undefined || wind > first.wind_speed_kt!) first = p
      if (p.wind_direction_deg !== null && (directed === undefined || wind > directed.wind_speed_kt!)) directed = p
    }
    if (p.swell_height_ft !== null && (highestSwell === undefined || p.swell_height_ft > highestSwell.swell_height_ft!)) highestSwell = p
    gust = maxOf(gust, gustOf(p))
    waveHeight = maxOf(waveHeight, p.wave_height_ft)
    visibility = minOf(visibility, p.visibility_nm)
    precipitationProbability = maxOf(precipitationProbability, p.precipitation_probability_pct)
    precipitationRate = maxOf(precipitationRate, p.precipitation_mm_per_h)
    airTemp = minOf(airTemp, p.air_temp_c)
    waterTemp = minOf(waterTemp, p.water_temp_c)
    weatherCode = maxOf(weatherCode, p.weather_code)
    cape = maxOf(cape, p.cape_j_per_kg ?? null)
    if (p.waves_estimated === true && p.wave_height_ft !== null) wavesEstimated = true
  }
  if (first === undefined) return Either.left("no wind data")
  if (directed === undefined || directed.wind_direction_deg === undefined) return Either.left("no wind direction data")
  const wavePeriod = waveHeight === undefined ? undefined : periodFor(waveHeight, hours)
  // The fields in the order they have always had (the same JSON).
  const day: { -readonly [K in keyof DayConditions]: DayConditions[K] } = {
    wind_speed_kt: first.wind_speed_kt!,
    wind_gust_kt: gust!,
    wind_direction_deg: directed.wind_direction_deg!
  }
  if (waveHeight !== undefined) day.wave_height_ft = waveHeight
  if (wavePeriod !== undefined) day.wave_period_s = wavePeriod
  if (highestSwell !== undefined) day.swell_height_ft = highestSwell.swell_height_ft!
  if (highestSwell !== undefined && highestSwell.swell_period_s !== null) day.swell_period_s = highestSwell.swell_period_s
  if (visibility !== undefined) day.visibility_nm = visibility
  if (precipitationProbability !== undefined) day.precipitation_probability_pct = precipitationProbability
  if (precipitationRate !== undefined) day.precipitation_mm_per_h = precipitationRate
  if (airTemp !== undefined) day.air_temp_c = airTemp
  if (waterTemp !== undefined) day.water_temp_c = waterTemp
  if (weatherCode !== undefined) day.weather_code = weatherCode
  if (cape !== undefined) day.cape_j_per_kg = cape
  if (wavesEstimated) day.waves_estimated = true
  return Either.right(day)
}
