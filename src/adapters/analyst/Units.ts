import type { DistanceUnit, Language, SpeedUnit } from "../../domain/spotcast/Preferences.js"

/** Exact conversion constants (international knot, nautical mile, mile and foot). */
export const MPH_PER_KT = 1.150779
export const MS_PER_KT = 0.514444
export const MI_PER_NM = 1.150779
export const KM_PER_NM = 1.852
export const M_PER_FT = 0.3048

export type UnitKey = "kts" | "mph" | "ms" | "nm" | "mi" | "km" | "ft" | "m" | "c" | "f" | "s" | "pct" | "mmh"

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

const speedFactor: Record<SpeedUnit, number> = { kts: 1, mph: MPH_PER_KT, ms: MS_PER_KT }
const distanceFactor: Record<DistanceUnit, number> = { nm: 1, mi: MI_PER_NM, km: KM_PER_NM }

/** Wind speed in the requested speed units. */
export const speed = (kt: number, unit: SpeedUnit, language: Language): Quantity =>
  quantity(kt * speedFactor[unit], unit, language)

/** Visibility in the requested distance units. */
export const distance = (nm: number, unit: DistanceUnit, language: Language): Quantity =>
  quantity(nm * distanceFactor[unit], unit, language)

/** Wave heights and vessel lengths: metres when distances are in km, feet otherwise. */
export const height = (ft: number, units: DistanceUnit, language: Language): Quantity =>
  units === "km" ? quantity(ft * M_PER_FT, "m", language) : quantity(ft, "ft", language)

/** Temperatures: Fahrenheit when distances are in (statute) miles, Celsius otherwise. */
export const temperature = (c: number, units: DistanceUnit, language: Language): Quantity =>
  units === "mi" ? quantity(c * 1.8 + 32, "f", language) : quantity(c, "c", language)

export const seconds = (s: number, language: Language): Quantity => quantity(s, "s", language)

export const percent = (pct: number, language: Language): Quantity => quantity(pct, "pct", language, 0)

export const rainRate = (mmPerHour: number, language: Language): Quantity => quantity(mmPerHour, "mmh", language)
