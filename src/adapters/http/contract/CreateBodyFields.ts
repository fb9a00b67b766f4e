/** The optional fields the create bodies share (SpotCast, widget, route), and how each is read. */
import { Schema } from "effect"
import {
  defaultPreferences,
  DistanceUnit,
  HeightUnit,
  Language,
  type Preferences,
  resolvePreferences,
  SpeedUnit,
  TemperatureUnit
} from "../../../domain/spotcast/Preferences.js"
import { type Vessel, VesselLength, VesselType } from "../../../domain/spotcast/Vessel.js"
import { MAX_WEBHOOK_URL_LENGTH, WebhookUrl } from "../../../domain/webhook/WebhookUrl.js"
import { required, says, strict } from "./SchemaAnnotations.js"

export const PreferencesInput = Schema.Struct({
  language: Schema.optional(
    Language.annotations(says("preferences.language must be one of en, es, fr, pt, it, ja"))
  ),
  distance_units: Schema.optional(
    DistanceUnit.annotations(says("preferences.distance_units must be one of nm, mi, km"))
  ),
  speed_units: Schema.optional(SpeedUnit.annotations(says("preferences.speed_units must be one of kts, mph, ms"))),
  height_units: Schema.optional(
    HeightUnit.annotations({
      ...says("preferences.height_units must be one of ft, m"),
      description: "Addition: seas, swell, tides and vessel lengths. Default: ft when language is en and distance_units is mi " +
        "or speed_units is mph (a US reader), m otherwise. Resolved at create and stored."
    })
  ),
  temperature_units: Schema.optional(
    TemperatureUnit.annotations({
      ...says("preferences.temperature_units must be one of c, f"),
      description: "Addition: air and water temperatures; with f, rain rates are in in/h (mm/h otherwise). Default: f when " +
        "language is en and distance_units is mi or speed_units is mph (a US reader), c otherwise. Resolved at create and stored."
    })
  )
}).annotations({ ...strict, message: () => "preferences must be an object", description: "Analysis language and units" })
export type PreferencesInput = typeof PreferencesInput.Type

/** The preferences a body asks for: the contract's defaults, then the domain's unit defaults for that audience. */
export const preferencesOf = (input: PreferencesInput | undefined): Preferences =>
  resolvePreferences({
    language: input?.language ?? defaultPreferences.language,
    distanceUnits: input?.distance_units ?? defaultPreferences.distanceUnits,
    speedUnits: input?.speed_units ?? defaultPreferences.speedUnits,
    heightUnits: input?.height_units,
    temperatureUnits: input?.temperature_units
  })

/** The stored preferences as the resources show them. */
export const preferencesBody = (p: Preferences) => ({
  language: p.language,
  distance_units: p.distanceUnits,
  speed_units: p.speedUnits,
  height_units: p.heightUnits,
  temperature_units: p.temperatureUnits
})

export const VesselInfoInput = Schema.Struct({
  type: Schema.propertySignature(
    VesselType.annotations(says("vessel_info.type must be one of powerBoat, sailboat, pwc, yacht, catamaran"))
  ).annotations(required("vessel_info.type is required")),
  length_ft: Schema.propertySignature(
    VesselLength.annotations(says("vessel_info.length_ft must be a number from 1 to 500"))
  ).annotations(required("vessel_info.length_ft is required"))
}).annotations({ ...strict, message: () => "vessel_info must be an object with type and length_ft" })
export type VesselInfoInput = typeof VesselInfoInput.Type

/** The vessel a body describes, if it does. */
export function vesselOf(input: VesselInfoInput): Vessel
export function vesselOf(input: VesselInfoInput | undefined): Vessel | undefined
export function vesselOf(input: VesselInfoInput | undefined): Vessel | undefined {
  return input === undefined ? undefined : { type: input.type, lengthFt: input.length_ft }
}

/** `webhook_url`: where the forecast's outcome is posted. */
export const WebhookUrlInput = Schema.optional(
  WebhookUrl.annotations({
    description: "An absolute https URL without a user name or password; a literal private, loopback or link-local address is refused",
    examples: [WebhookUrl.make("https://example.com/hooks/spotcast")],
    jsonSchema: { format: "uri", pattern: "^[hH][tT][tT][pP][sS]://[^\\s]+$", minLength: 9, maxLength: MAX_WEBHOOK_URL_LENGTH },
    message: (issue) => ({
      message: typeof issue.actual === "string"
        ? "webhook_url must be an absolute https URL of at most 2048 characters without credentials"
        : "webhook_url must be a string",
      override: true
    })
  })
)
