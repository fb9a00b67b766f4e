import { DateTime, Option, ParseResult, Schema } from "effect"
import { Latitude, Longitude } from "../../../domain/spotcast/Coordinates.js"
import { parseStartDate } from "../../../domain/forecast/ForecastPeriod.js"
import { Metadata } from "../../../domain/spotcast/Metadata.js"
import { defaultPreferences, DistanceUnit, Language, SpeedUnit } from "../../../domain/spotcast/Preferences.js"
import type { CreateSpotCastCommand } from "../../../domain/spotcast/SpotCastCommands.js"
import { VesselLength, VesselType } from "../../../domain/spotcast/Vessel.js"
import { WebhookUrl } from "../../../domain/webhook/WebhookUrl.js"
import { required, says, strict } from "./SchemaAnnotations.js"

export const MAX_TRIP_DURATION_HOURS = 120

/** The message of the first refinement rule that failed (under any refinements it was wrapped in), if one did. */
const ruleMessage = (issue: ParseResult.ParseIssue): string | undefined => {
  while (issue._tag === "Refinement") {
    if (issue.kind === "Predicate") return issue.issue._tag === "Type" ? issue.issue.message : undefined
    issue = issue.issue
  }
  return undefined
}

export const PreferencesInput = Schema.Struct({
  language: Schema.optional(
    Language.annotations(says("preferences.language must be one of en, es, fr, pt, it, ja"))
  ),
  distance_units: Schema.optional(
    DistanceUnit.annotations(says("preferences.distance_units must be one of nm, mi, km"))
  ),
  speed_units: Schema.optional(SpeedUnit.annotations(says("preferences.speed_units must be one of kts, mph, ms")))
}).annotations({ ...strict, message: () => "preferences must be an object", description: "Analysis language and units" })
export type PreferencesInput = typeof PreferencesInput.Type

export const VesselInfoInput = Schema.Struct({
  type: Schema.propertySignature(
    VesselType.annotations(says("vessel_info.type must be one of powerBoat, sailboat, pwc, yacht, catamaran"))
  ).annotations(required("vessel_info.type is required")),
  length_ft: Schema.propertySignature(
    VesselLength.annotations(says("vessel_info.length_ft must be a number from 1 to 500"))
  ).annotations(required("vessel_info.length_ft is required"))
}).annotations({ ...strict, message: () => "vessel_info must be an object with type and length_ft" })
export type VesselInfoInput = typeof VesselInfoInput.Type

/**
 * `start_date` as sent, decoded once into the instant it names. A client encodes an instant as an ISO
 * timestamp, which decodes back to the same instant.
 */
export const StartDate = Schema.transformOrFail(
  Schema.String.annotations({
    description: "YYYY-MM-DD (midnight UTC) or an ISO 8601 timestamp with Z or an offset",
    examples: ["2026-11-23", "2026-11-23T06:00:00Z"]
  }),
  Schema.DateTimeUtcFromSelf,
  {
    strict: true,
    decode: (text, _, ast) =>
      Option.match(parseStartDate(text), {
        onNone: () => ParseResult.fail(new ParseResult.Type(ast, text)),
        onSome: ParseResult.succeed
      }),
    encode: (start) => ParseResult.succeed(DateTime.formatIso(start))
  }
).annotations(says("start_date must be YYYY-MM-DD or an ISO 8601 timestamp with Z or an offset"))

/** The body of POST /v3/spotcast, exactly as the contract and DECISIONS.md describe it. */
export const CreateSpotCastRequest = Schema.Struct({
  latitude: Schema.propertySignature(
    Latitude.annotations({ ...says("latitude must be between -90 and 90"), examples: [41.13] })
  ).annotations(required("latitude is required")),
  longitude: Schema.propertySignature(
    Longitude.annotations({ ...says("longitude must be between -180 and 180"), examples: [-71.71] })
  ).annotations(required("longitude is required")),
  start_date: Schema.propertySignature(StartDate).annotations(required("start_date is required")),
  num_days: Schema.propertySignature(
    Schema.Int.pipe(Schema.between(1, 5)).annotations(says("num_days must be an integer from 1 to 5"))
  ).annotations(required("num_days is required")),
  webhook_url: Schema.optional(
    WebhookUrl.annotations({
      message: (issue) => ({
        message: typeof issue.actual === "string" ? "webhook_url must be an absolute https URL of at most 2048 characters without credentials" : "webhook_url must be a string",
        override: true
      })
    })
  ),
  metadata: Schema.optional(
    Metadata.annotations({
      message: (issue) => ({
        // A failed rule says which (size, depth, text); anything else is the wrong shape.
        message: ruleMessage(issue) ?? "metadata must be a JSON object",
        override: true
      })
    })
  ),
  preferences: Schema.optional(PreferencesInput),
  vessel_info: Schema.optional(VesselInfoInput),
  trip_duration_hours: Schema.optional(
    Schema.Int.pipe(Schema.between(1, MAX_TRIP_DURATION_HOURS)).annotations(
      says(`trip_duration_hours must be an integer from 1 to ${MAX_TRIP_DURATION_HOURS}`)
    )
  )
}).annotations({ ...strict, identifier: "CreateSpotCastRequest" })
export type CreateSpotCastRequest = typeof CreateSpotCastRequest.Type

/** The domain's command for a decoded body: camelCase, the preferences' defaults filled in. */
export const createSpotCastCommand = (request: CreateSpotCastRequest): CreateSpotCastCommand => ({
  coordinates: { latitude: request.latitude, longitude: request.longitude },
  start: request.start_date,
  numDays: request.num_days,
  preferences: {
    language: request.preferences?.language ?? defaultPreferences.language,
    distanceUnits: request.preferences?.distance_units ?? defaultPreferences.distanceUnits,
    speedUnits: request.preferences?.speed_units ?? defaultPreferences.speedUnits
  },
  vessel: request.vessel_info === undefined
    ? undefined
    : { type: request.vessel_info.type, lengthFt: request.vessel_info.length_ft },
  tripDurationHours: request.trip_duration_hours,
  metadata: request.metadata,
  webhookUrl: request.webhook_url
})
