/** What a variable measures, and so which canonical unit it is converted to. */
export type Quantity = "speed_kt" | "height_ft" | "distance_nm" | "temperature_c" | "precipitation_mm" | "identity"

const METRES_PER_NM = 1852
const METRES_PER_FT = 0.3048
const METRES_PER_MILE = 1609.344

/**
 * Factors from each unit string Open-Meteo writes (open-meteo/sdk Unit.swift) to our canonical unit.
 * We ask for metric, but convert by the unit the answer declares, so an answer in other units is
 * still read correctly; an unknown unit is refused rather than guessed.
 */
const linear: Record<Exclude<Quantity, "temperature_c" | "identity">, Record<string, number>> = {
  speed_kt: { "km/h": 1000 / METRES_PER_NM, "kn": 1, "m/s": 3600 / METRES_PER_NM, "mp/h": METRES_PER_MILE / METRES_PER_NM },
  height_ft: { "m": 1 / METRES_PER_FT, "ft": 1 },
  distance_nm: { "m": 1 / METRES_PER_NM, "ft": METRES_PER_FT / METRES_PER_NM },
  precipitation_mm: { "mm": 1, "inch": 25.4 }
}

const identityUnits: Record<string, true> = { "%": true, "°": true, "s": true, "wmo code": true, "J/kg": true, "hPa": true }

/** Float noise only (1e-6): rounding any coarser could carry a reading across a safety threshold. */
const clean = (x: number): number => Math.round(x * 1e6) / 1e6

export type Converter = (value: number) => number

/** The converter for a variable of `quantity` given in `unit`, or undefined if the unit is unknown. */
export const converter = (quantity: Quantity, unit: string): Converter | undefined => {
  switch (quantity) {
    case "temperature_c":
      if (unit === "°C") return (c) => c
      if (unit === "°F") return (f) => clean((f - 32) * 5 / 9)
      return undefined
    case "identity":
      return identityUnits[unit] ? (x) => x : undefined
    default: {
      const factor = linear[quantity][unit]
      if (factor === undefined) return undefined
      return factor === 1 ? (x) => x : (x) => clean(x * factor)
    }
  }
}

/** Open-Meteo's unit for a variable the selected model does not have; its values are all null. */
export const UNDEFINED_UNIT = "undefined"
