import { angleBetween, dominantDirection } from "../weather/Directions.js"
import type { TimelineHour } from "../weather/ForecastWeather.js"

/**
 * Where the seas and the swell come from in the trip window (dominant directions weighted by height),
 * and whether the swell is a sea of its own worth naming: from another direction (at least
 * `SWELL_APART_DEG` away) or of a clearly longer period (`SWELL_LONGER_S`) than the wind sea. A swell
 * that only repeats the wind sea is not said twice.
 */
export interface SeaDirections {
  readonly seasFromDeg?: number
  readonly swellFromDeg?: number
  readonly swellDiffers: boolean
}

export const SWELL_APART_DEG = 45
export const SWELL_LONGER_S = 3

const mean = (xs: ReadonlyArray<number | null>): number | undefined => {
  const ys = xs.filter((x): x is number => x !== null)
  return ys.length === 0 ? undefined : ys.reduce((a, b) => a + b, 0) / ys.length
}

export const seaDirections = (inside: ReadonlyArray<TimelineHour>): SeaDirections => {
  const seas = dominantDirection(inside.map((h) => [h.wave_direction_deg, h.wave_height_ft]))
  const swell = dominantDirection(inside.map((h) => [h.swell_direction_deg, h.swell_height_ft]))
  const wavePeriod = mean(inside.map((h) => h.wave_period_s))
  const swellPeriod = mean(inside.map((h) => h.swell_period_s))
  const apart = seas !== undefined && swell !== undefined && angleBetween(seas.degrees, swell.degrees) >= SWELL_APART_DEG
  const longer = wavePeriod !== undefined && swellPeriod !== undefined && swellPeriod - wavePeriod >= SWELL_LONGER_S
  return {
    ...(seas === undefined ? {} : { seasFromDeg: seas.degrees }),
    ...(swell === undefined ? {} : { swellFromDeg: swell.degrees }),
    swellDiffers: swell !== undefined && (seas === undefined || apart || longer)
  }
}
