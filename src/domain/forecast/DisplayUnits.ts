import { Schema } from "effect"
import type { Preferences } from "../spotcast/Preferences.js"

/**
 * The units every number of the timeline is given in, from the SpotCast's preferences, with the same
 * choices the texts make: speeds (wind, gusts, current) in `speed_units`, visibility in `distance_units`,
 * heights (seas, swell, tide) in metres when distances are in km and feet otherwise, temperatures in °F
 * when distances are in statute miles and °C otherwise.
 */
export const DisplayUnits = Schema.Struct({
  speed: Schema.Literal("kts", "mph", "ms"),
  distance: Schema.Literal("nm", "mi", "km"),
  height: Schema.Literal("ft", "m"),
  temperature: Schema.Literal("c", "f"),
  precipitation_rate: Schema.Literal("mm/h"),
  precipitation_probability: Schema.Literal("%"),
  period: Schema.Literal("s"),
  direction: Schema.Literal("deg")
}).annotations({
  identifier: "ForecastUnits",
  description: "Addition (issue 15): the unit of every number in `hourly`, `conditions` and `tides`. Directions are degrees true: " +
    "where wind, waves and swell come FROM, where a current flows TO."
})
export type DisplayUnits = typeof DisplayUnits.Type

export const displayUnits = (preferences: Pick<Preferences, "distanceUnits" | "speedUnits">): DisplayUnits => ({
  speed: preferences.speedUnits,
  distance: preferences.distanceUnits,
  height: preferences.distanceUnits === "km" ? "m" : "ft",
  temperature: preferences.distanceUnits === "mi" ? "f" : "c",
  precipitation_rate: "mm/h",
  precipitation_probability: "%",
  period: "s",
  direction: "deg"
})

/** Exact factors (international knot, nautical mile, statute mile, foot). */
const PER_KT = { kts: 1, mph: 1852 / 1609.344, ms: 1852 / 3600 } as const
const PER_NM = { nm: 1, mi: 1852 / 1609.344, km: 1.852 } as const
const M_PER_FT = 0.3048

const round = (x: number, decimals: number): number => {
  const p = 10 ** decimals
  const r = Math.round(x * p) / p
  return Object.is(r, -0) ? 0 : r
}

export interface Convert {
  readonly speed: (kt: number) => number
  readonly distance: (nm: number) => number
  readonly height: (ft: number) => number
  readonly temperature: (c: number) => number
  /** Rounded as shown: 1 decimal for speeds, temperatures and rain; 2 for heights, distances and periods. */
  readonly period: (s: number) => number
  readonly rate: (mmPerH: number) => number
  readonly whole: (x: number) => number
}

/** Canonical values (kt, nm, ft, °C) to the display units, rounded for the wire. */
export const converterFor = (units: DisplayUnits): Convert => ({
  speed: (kt) => round(kt * PER_KT[units.speed], 1),
  distance: (nm) => round(nm * PER_NM[units.distance], 2),
  height: (ft) => round(units.height === "m" ? ft * M_PER_FT : ft, 2),
  temperature: (c) => round(units.temperature === "f" ? c * 1.8 + 32 : c, 1),
  period: (s) => round(s, 2),
  rate: (mm) => round(mm, 1),
  whole: (x) => round(x, 0)
})
