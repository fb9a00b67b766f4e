import { Schema } from "effect"
import type { DistanceUnit, HeightUnit, Preferences, SpeedUnit, TemperatureUnit } from "../spotcast/Preferences.js"

/** Rain rate: inches per hour for a reader of °F (US customary), millimetres per hour otherwise. */
export const RainRateUnit = Schema.Literal("mm/h", "in/h")
export type RainRateUnit = typeof RainRateUnit.Type

/**
 * The units every number of the forecast is given in, from the SpotCast's stored preferences: speeds
 * (wind, gusts, current) in `speed_units`, visibility in `distance_units`, heights (seas, swell, tide)
 * in `height_units`, temperatures in `temperature_units`, rain in in/h when temperatures are in °F
 * and mm/h otherwise. The texts use the same units.
 */
export const DisplayUnits = Schema.Struct({
  speed: Schema.Literal("kts", "mph", "ms"),
  distance: Schema.Literal("nm", "mi", "km"),
  height: Schema.Literal("ft", "m"),
  temperature: Schema.Literal("c", "f"),
  precipitation_rate: RainRateUnit,
  precipitation_probability: Schema.Literal("%"),
  period: Schema.Literal("s"),
  direction: Schema.Literal("deg")
}).annotations({
  identifier: "ForecastUnits",
  description: "Addition (issue 15): the unit of every number in `hourly`, `conditions` and `tides`, from the SpotCast's " +
    "preferences (`height_units`, `temperature_units`; rain in in/h when temperatures are in °F). Directions are degrees true: " +
    "where wind, waves and swell come FROM, where a current flows TO."
})
export type DisplayUnits = typeof DisplayUnits.Type

/** The preferences a forecast's units come from. */
export type UnitPreferences = Pick<Preferences, "distanceUnits" | "speedUnits" | "heightUnits" | "temperatureUnits">

export const rainRateUnitFor = (temperature: TemperatureUnit): RainRateUnit => (temperature === "f" ? "in/h" : "mm/h")

export const displayUnits = (preferences: UnitPreferences): DisplayUnits => ({
  speed: preferences.speedUnits,
  distance: preferences.distanceUnits,
  height: preferences.heightUnits,
  temperature: preferences.temperatureUnits,
  precipitation_rate: rainRateUnitFor(preferences.temperatureUnits),
  precipitation_probability: "%",
  period: "s",
  direction: "deg"
})

/** Exact factors (international knot, nautical mile, statute mile, foot, inch). */
const PER_KT = { kts: 1, mph: 1852 / 1609.344, ms: 1852 / 3600 } as const
const PER_NM = { nm: 1, mi: 1852 / 1609.344, km: 1.852 } as const
const M_PER_FT = 0.3048
const MM_PER_IN = 25.4

/*
 * The one conversion from the canonical values (kt, nm, ft, °C, mm/h) to a display unit, unrounded:
 * the wire rounds them (`converterFor`), the analyst writes them in words and digits.
 */
export const speedIn = (kt: number, unit: SpeedUnit): number => kt * PER_KT[unit]
export const distanceIn = (nm: number, unit: DistanceUnit): number => nm * PER_NM[unit]
export const heightIn = (ft: number, unit: HeightUnit): number => (unit === "m" ? ft * M_PER_FT : ft)
export const temperatureIn = (c: number, unit: TemperatureUnit): number => (unit === "f" ? c * 1.8 + 32 : c)
export const rainRateIn = (mmPerH: number, unit: RainRateUnit): number => (unit === "in/h" ? mmPerH / MM_PER_IN : mmPerH)

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
  /** Rounded as shown: 1 decimal for speeds, temperatures and rain in mm/h; 2 for heights, distances, periods and rain in in/h. */
  readonly period: (s: number) => number
  readonly rate: (mmPerH: number) => number
  readonly whole: (x: number) => number
}

/** Canonical values (kt, nm, ft, °C, mm/h) to the display units, rounded for the wire. */
export const converterFor = (units: DisplayUnits): Convert => ({
  speed: (kt) => round(speedIn(kt, units.speed), 1),
  distance: (nm) => round(distanceIn(nm, units.distance), 2),
  height: (ft) => round(heightIn(ft, units.height), 2),
  temperature: (c) => round(temperatureIn(c, units.temperature), 1),
  period: (s) => round(s, 2),
  rate: (mm) => round(rainRateIn(mm, units.precipitation_rate), units.precipitation_rate === "in/h" ? 2 : 1),
  whole: (x) => round(x, 0)
})
