import { Schema } from "effect"

const POINTS = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"] as const

export const Compass = Schema.Literal(...POINTS)
export type Compass = typeof Compass.Type

/** The 16-point compass name of a bearing in degrees (N is 348.75°..11.25°). */
export const compassOf = (degrees: number): Compass => POINTS[Math.round((((degrees % 360) + 360) % 360) / 22.5) % 16]!

export const Direction = Schema.Struct({
  degrees: Schema.Int,
  compass: Compass
}).annotations({ identifier: "Direction", examples: [{ degrees: 225, compass: "SW" }] })
export type Direction = typeof Direction.Type

const rad = Math.PI / 180

/**
 * The dominant direction of readings: the mean of their unit vectors weighted by strength (wind speed,
 * wave or swell height), so strong hours count more than calm ones and 350° with 10° averages to 0°,
 * not 180°. Undefined when no reading has both a direction and a positive strength, or when the
 * directions cancel out (no dominant direction).
 */
export const dominantDirection = (readings: ReadonlyArray<readonly [number | null, number | null]>): Direction | undefined => {
  let x = 0
  let y = 0
  let total = 0
  for (const [direction, strength] of readings) {
    if (direction === null || strength === null || !(strength > 0)) continue
    x += strength * Math.sin(direction * rad)
    y += strength * Math.cos(direction * rad)
    total += strength
  }
  if (total === 0 || Math.hypot(x, y) < 1e-6 * total) return undefined
  const degrees = Math.round(((Math.atan2(x, y) / rad) + 360) % 360) % 360
  return { degrees, compass: compassOf(degrees) }
}

/** The smallest angle between two bearings, 0-180°. */
export const angleBetween = (a: number, b: number): number => {
  const d = Math.abs((((a - b) % 360) + 360) % 360)
  return d > 180 ? 360 - d : d
}
