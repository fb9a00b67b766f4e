import { Either } from "effect"
import type { DayConditions } from "./DayConditions.js"
import type { HourlyPoint } from "./HourlyWeather.js"
import { UNIVERSAL, waveSteepness } from "./Thresholds.js"

const known = (values: ReadonlyArray<number | null>): Array<number> => values.filter((v): v is number => v !== null)
const max = (values: ReadonlyArray<number | null>): number | undefined => {
  const xs = known(values)
  return xs.length === 0 ? undefined : Math.max(...xs)
}
const min = (values: ReadonlyArray<number | null>): number | undefined => {
  const xs = known(values)
  return xs.length === 0 ? undefined : Math.min(...xs)
}

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
  const paired = hours.filter((p) => p.wave_height_ft !== null && p.wave_period_s !== null && p.wave_period_s > 0)
  const highest = paired.sort((a, b) => b.wave_height_ft! - a.wave_height_ft! || a.wave_period_s! - b.wave_period_s!)[0]
  if (highest === undefined) return undefined
  const steepest = Math.max(
    0,
    ...paired.filter((p) => p.wave_height_ft! >= UNIVERSAL.steepMinHeightFt).map((p) => waveSteepness(p.wave_height_ft!, p.wave_period_s!))
  )
  // H/L scales with 1/T², so the period giving `height` the steepness `steepest` is sqrt(H/L at 1 s ÷ steepest).
  return steepest > waveSteepness(height, highest.wave_period_s!)
    ? Math.sqrt(waveSteepness(height, 1) / steepest)
    : highest.wave_period_s!
}

const optional = <K extends string>(key: K, value: number | undefined): { [P in K]?: number } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: number }

/**
 * Each field is the worst the hours hold for it, so the reduced day is at least as severe as any of
 * its hours: the highest sustained wind, gust, seas, swell, rain probability and rate and weather code;
 * the lowest visibility and air and water temperature. The wave period keeps the day's steepness that
 * of its steepest hour (see periodFor), the swell period is that of the highest swell, the wind
 * direction that of the windiest hour. Left when no hour has a sustained wind or none of those has a direction.
 */
export const reduceHours = (hours: ReadonlyArray<HourlyPoint>): Either.Either<DayConditions, string> => {
  const windy = hours.filter((p) => p.wind_speed_kt !== null).sort((a, b) => b.wind_speed_kt! - a.wind_speed_kt!)
  const first = windy[0]
  if (first === undefined) return Either.left("no wind data")
  const direction = windy.find((p) => p.wind_direction_deg !== null)?.wind_direction_deg
  if (direction === undefined || direction === null) return Either.left("no wind direction data")
  const waveHeight = max(hours.map((p) => p.wave_height_ft))
  const wavePeriod = waveHeight === undefined ? undefined : periodFor(waveHeight, hours)
  const highestSwell = hours
    .filter((p) => p.swell_height_ft !== null)
    .sort((a, b) => b.swell_height_ft! - a.swell_height_ft!)[0]
  return Either.right({
    wind_speed_kt: first.wind_speed_kt!,
    wind_gust_kt: max(hours.map(gustOf))!,
    wind_direction_deg: direction,
    ...optional("wave_height_ft", waveHeight),
    ...optional("wave_period_s", wavePeriod),
    ...optional("swell_height_ft", highestSwell?.swell_height_ft ?? undefined),
    ...optional("swell_period_s", highestSwell?.swell_period_s ?? undefined),
    ...optional("visibility_nm", min(hours.map((p) => p.visibility_nm))),
    ...optional("precipitation_probability_pct", max(hours.map((p) => p.precipitation_probability_pct))),
    ...optional("precipitation_mm_per_h", max(hours.map((p) => p.precipitation_mm_per_h))),
    ...optional("air_temp_c", min(hours.map((p) => p.air_temp_c))),
    ...optional("water_temp_c", min(hours.map((p) => p.water_temp_c))),
    ...optional("weather_code", max(hours.map((p) => p.weather_code)))
  })
}
