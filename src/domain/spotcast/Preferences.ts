import { Schema } from "effect"

export const Language = Schema.Literal("en", "es", "fr", "pt", "it", "ja")
export type Language = typeof Language.Type
export const DistanceUnit = Schema.Literal("nm", "mi", "km")
export type DistanceUnit = typeof DistanceUnit.Type
export const SpeedUnit = Schema.Literal("kts", "mph", "ms")
export type SpeedUnit = typeof SpeedUnit.Type
/** Seas, swell, tides and vessel lengths. */
export const HeightUnit = Schema.Literal("ft", "m")
export type HeightUnit = typeof HeightUnit.Type
/** Air and water temperatures. */
export const TemperatureUnit = Schema.Literal("c", "f")
export type TemperatureUnit = typeof TemperatureUnit.Type

/**
 * What a request asks for, the contract's defaults for language, distance and speed filled in; height and
 * temperature units may be left to `resolvePreferences`.
 */
export interface PreferencesRequest {
  readonly language: Language
  readonly distanceUnits: DistanceUnit
  readonly speedUnits: SpeedUnit
  readonly heightUnits?: HeightUnit | undefined
  readonly temperatureUnits?: TemperatureUnit | undefined
}

/**
 * Whether a request reads like a US audience: English with statute miles or miles per hour. US marine
 * forecasts (NOAA/NWS coastal and offshore waters) give seas in feet and temperatures in °F; everyone
 * else who reads knots and nautical miles (Met Office shipping and inshore forecasts, Météo-France,
 * JMA, Commonwealth services) gives seas in metres and temperatures in °C. Rain follows the same
 * reader: inches per hour iff temperatures are in °F (see `RainRateUnit` in DisplayUnits).
 */
export const readsUsCustomary = (p: Pick<PreferencesRequest, "language" | "distanceUnits" | "speedUnits">): boolean =>
  p.language === "en" && (p.distanceUnits === "mi" || p.speedUnits === "mph")

/** The height and temperature units a request gets when it does not name them (docs/api-notes.md#units). */
export const defaultUnitsFor = (
  p: Pick<PreferencesRequest, "language" | "distanceUnits" | "speedUnits">
): { readonly heightUnits: HeightUnit; readonly temperatureUnits: TemperatureUnit } =>
  readsUsCustomary(p) ? { heightUnits: "ft", temperatureUnits: "f" } : { heightUnits: "m", temperatureUnits: "c" }

/**
 * The units of a SpotCast stored before height and temperature units could be chosen: what it showed
 * then (heights in metres only with km, °F only with statute miles), so an old SpotCast never changes
 * units. Migration 0013 writes the same rule into the rows; stored widget and route bodies without the
 * fields decode through it.
 */
export const legacyUnitsFor = (
  p: Pick<PreferencesRequest, "distanceUnits">
): { readonly heightUnits: HeightUnit; readonly temperatureUnits: TemperatureUnit } => ({
  heightUnits: p.distanceUnits === "km" ? "m" : "ft",
  temperatureUnits: p.distanceUnits === "mi" ? "f" : "c"
})

/**
 * The stored preferences of a new SpotCast, widget or route: the units a request names, the defaults
 * for its audience otherwise. Resolved once, at create time, so revising the defaults never changes
 * the units of a SpotCast already made.
 */
export const resolvePreferences = (request: PreferencesRequest): Preferences => {
  const defaults = defaultUnitsFor(request)
  return {
    language: request.language,
    distanceUnits: request.distanceUnits,
    speedUnits: request.speedUnits,
    heightUnits: request.heightUnits ?? defaults.heightUnits,
    temperatureUnits: request.temperatureUnits ?? defaults.temperatureUnits
  }
}

const ResolvedPreferences = Schema.Struct({
  language: Language,
  distanceUnits: DistanceUnit,
  speedUnits: SpeedUnit,
  heightUnits: HeightUnit,
  temperatureUnits: TemperatureUnit
})

/**
 * Preferences with every unit resolved; this is what a SpotCast, widget and route store. Encoded (as
 * JSON in widget and route bodies) the two later units may be missing: such a body was written before
 * they existed and decodes with `legacyUnitsFor`.
 */
export const Preferences = Schema.transform(
  Schema.Struct({
    language: Language,
    distanceUnits: DistanceUnit,
    speedUnits: SpeedUnit,
    heightUnits: Schema.optional(HeightUnit),
    temperatureUnits: Schema.optional(TemperatureUnit)
  }),
  Schema.typeSchema(ResolvedPreferences),
  {
    strict: true,
    decode: (stored) => {
      const legacy = legacyUnitsFor(stored)
      return {
        language: stored.language,
        distanceUnits: stored.distanceUnits,
        speedUnits: stored.speedUnits,
        heightUnits: stored.heightUnits ?? legacy.heightUnits,
        temperatureUnits: stored.temperatureUnits ?? legacy.temperatureUnits
      }
    },
    encode: (p) => p
  }
)
export type Preferences = typeof ResolvedPreferences.Type

/** The contract's defaults, resolved (English, nautical miles, knots: metres and °C). */
export const defaultPreferences: Preferences = resolvePreferences({ language: "en", distanceUnits: "nm", speedUnits: "kts" })
