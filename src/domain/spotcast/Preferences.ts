import { Schema } from "effect"

export const Language = Schema.Literal("en", "es", "fr", "pt", "it", "ja")
export type Language = typeof Language.Type
export const DistanceUnit = Schema.Literal("nm", "mi", "km")
export type DistanceUnit = typeof DistanceUnit.Type
export const SpeedUnit = Schema.Literal("kts", "mph", "ms")
export type SpeedUnit = typeof SpeedUnit.Type

/** Preferences with the contract's defaults filled in; this is what a SpotCast stores. */
export const Preferences = Schema.Struct({
  language: Language,
  distanceUnits: DistanceUnit,
  speedUnits: SpeedUnit
})
export type Preferences = typeof Preferences.Type

export const defaultPreferences: Preferences = { language: "en", distanceUnits: "nm", speedUnits: "kts" }
