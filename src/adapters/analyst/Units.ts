import {
  distanceIn,
  heightIn,
  rainRateIn,
  type RainRateUnit,
  speedIn,
  temperatureIn
} from "../../domain/forecast/DisplayUnits.js"
import type { DistanceUnit, HeightUnit, Language, SpeedUnit, TemperatureUnit } from "../../domain/spotcast/Preferences.js"

/*
 * The writing of numbers: the values come converted from the domain's one converter
 * (src/domain/forecast/DisplayUnits.ts); here they are only rounded for prose, given the language's
 * digits and decimal separator, and tagged with the unit the language pack names.
 */

export type UnitKey = "kts" | "mph" | "ms" | "nm" | "mi" | "km" | "ft" | "m" | "c" | "f" | "s" | "pct" | "mmh" | "inh"

/** A number converted, rounded and written for one language, with its unit (the language pack names it). */
export interface Quantity {
  /** The rounded value, for plural rules. */
  readonly amount: number
  /** The rounded value as written in the language (decimal comma in es, fr, pt, it). */
  readonly digits: string
  readonly unit: UnitKey
}

const decimalComma: Record<Language, boolean> = { en: false, es: true, fr: true, pt: true, it: true, ja: false }

export const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals
  const rounded = Math.round(value * factor) / factor
  return Object.is(rounded, -0) ? 0 : rounded
}

/** At most `decimals` decimals, no trailing zeros, never "-0", with the language's decimal separator. */
export const formatNumber = (value: number, language: Language, decimals = 1): string => {
  const text = String(round(value, decimals))
  return decimalComma[language] ? text.replace(".", ",") : text
}

const quantity = (value: number, unit: UnitKey, language: Language, decimals = 1): Quantity => ({
  amount: round(value, decimals),
  digits: formatNumber(value, language, decimals),
  unit
})

/** Wind and current speeds in the requested speed units. */
export const speed = (kt: number, unit: SpeedUnit, language: Language): Quantity =>
  quantity(speedIn(kt, unit), unit, language)

/** Visibility in the requested distance units. */
export const distance = (nm: number, unit: DistanceUnit, language: Language): Quantity =>
  quantity(distanceIn(nm, unit), unit, language)

/** Wave heights, tides and vessel lengths in the requested height units. */
export const height = (ft: number, unit: HeightUnit, language: Language): Quantity =>
  quantity(heightIn(ft, unit), unit, language)

/** Air and water temperatures in the requested temperature units. */
export const temperature = (c: number, unit: TemperatureUnit, language: Language): Quantity =>
  quantity(temperatureIn(c, unit), unit, language)

export const seconds = (s: number, language: Language): Quantity => quantity(s, "s", language)

export const percent = (pct: number, language: Language): Quantity => quantity(pct, "pct", language, 0)

/** Rain rate in mm/h (one decimal) or in/h (two: 0.04 in/h is a light shower). */
export const rainRate = (mmPerHour: number, unit: RainRateUnit, language: Language): Quantity =>
  unit === "in/h"
    ? quantity(rainRateIn(mmPerHour, unit), "inh", language, 2)
    : quantity(rainRateIn(mmPerHour, unit), "mmh", language)
