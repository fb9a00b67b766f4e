import { DateTime, Option, ParseResult, Schema } from "effect"
import { Latitude, Longitude } from "../../../domain/spotcast/Coordinates.js"
import { parseStartDate } from "../../../domain/forecast/ForecastPeriod.js"
import { Metadata, metadataText, MetadataText } from "../../../domain/spotcast/Metadata.js"
import type { CreateSpotCastCommand } from "../../../domain/spotcast/SpotCastCommands.js"
import { preferencesOf, PreferencesInput, vesselOf, VesselInfoInput, WebhookUrlInput } from "./CreateBodyFields.js"
import { required, says, strict } from "./SchemaAnnotations.js"

export const MAX_TRIP_DURATION_HOURS = 120

/** The shapes `parseStartDate` reads, for the document (the calendar and the clock are checked on top). */
export const START_DATE_PATTERN =
  "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))?$"

/** The message of the first refinement rule that failed (under any refinements it was wrapped in), if one did. */
const ruleMessage = (issue: ParseResult.ParseIssue): string | undefined => {
  while (issue._tag === "Refinement") {
    if (issue.kind === "Predicate") return issue.issue._tag === "Type" ? issue.issue.message : undefined
    issue = issue.issue
  }
  return undefined
}

/**
 * `start_date` as sent, decoded once into the instant it names. A client encodes an instant as an ISO
 * timestamp, which decodes back to the same instant.
 */
export const StartDate = Schema.transformOrFail(
  Schema.String.annotations({
    description: "YYYY-MM-DD (midnight UTC) or an ISO 8601 timestamp with Z or an offset",
    examples: ["2026-11-23", "2026-11-23T06:00:00Z"],
    jsonSchema: { pattern: START_DATE_PATTERN }
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

/** The body of POST /v3/spotcast, exactly as the contract and docs/decisions.md describe it. */
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
  webhook_url: WebhookUrlInput,
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

/**
 * The domain's command for a decoded body: camelCase, the preferences' defaults filled in, the
 * metadata as `sentMetadata` (its text in the body as sent) when given, else in its standard JSON form.
 */
export const createSpotCastCommand = (request: CreateSpotCastRequest, sentMetadata?: string): CreateSpotCastCommand => ({
  coordinates: { latitude: request.latitude, longitude: request.longitude },
  start: request.start_date,
  numDays: request.num_days,
  preferences: preferencesOf(request.preferences),
  vessel: vesselOf(request.vessel_info),
  tripDurationHours: request.trip_duration_hours,
  metadata: request.metadata === undefined
    ? undefined
    : sentMetadata === undefined
    ? metadataText(request.metadata)
    : MetadataText.make(sentMetadata),
  webhookUrl: request.webhook_url
})
