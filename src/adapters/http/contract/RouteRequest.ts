import { Schema } from "effect"
import { Latitude, Longitude } from "../../../domain/spotcast/Coordinates.js"
import { Metadata, metadataText, MetadataText } from "../../../domain/spotcast/Metadata.js"
import {
  MAX_LEG_NM,
  MAX_SPEED_KTS,
  MAX_WAYPOINTS,
  MAX_WINDOW_HOURS,
  MIN_SPEED_KTS,
  MIN_WAYPOINTS
} from "../../../domain/route/Route.js"
import type { CreateRouteCommand } from "../../../domain/route/RouteCommand.js"
import { preferencesOf, PreferencesInput, vesselOf, VesselInfoInput, WebhookUrlInput } from "./CreateBodyFields.js"
import { StartDate } from "./CreateSpotCastRequest.js"
import { required, says, strict } from "./SchemaAnnotations.js"

const Waypoint = Schema.Struct({
  latitude: Schema.propertySignature(
    Latitude.annotations({ ...says("latitude must be between -90 and 90"), examples: [50.8] })
  ).annotations(required("latitude is required")),
  longitude: Schema.propertySignature(
    Longitude.annotations({ ...says("longitude must be between -180 and 180"), examples: [-1.3] })
  ).annotations(required("longitude is required"))
}).annotations({ ...strict, message: () => "each waypoint must be an object with latitude and longitude" })

/** `departure_time`: an ISO 8601 timestamp with Z or an offset (or YYYY-MM-DD, midnight UTC), as `start_date` is read. */
const DepartureTime = StartDate.annotations(
  says("departure_time must be an ISO 8601 timestamp with Z or an offset")
)

/** The body of POST /v3/route. */
export const CreateRouteRequest = Schema.Struct({
  waypoints: Schema.propertySignature(
    Schema.Array(Waypoint).annotations({ message: () => `waypoints must be an array of ${MIN_WAYPOINTS} to ${MAX_WAYPOINTS} {latitude, longitude} objects` }).pipe(
      Schema.filter((w) =>
        (w.length >= MIN_WAYPOINTS && w.length <= MAX_WAYPOINTS) ||
        `waypoints must hold ${MIN_WAYPOINTS} to ${MAX_WAYPOINTS} waypoints (got ${w.length})`
      )
    ).annotations({
      description: `${MIN_WAYPOINTS} to ${MAX_WAYPOINTS} points; each leg (great circle between consecutive points) at most ${MAX_LEG_NM} nm`,
      jsonSchema: { minItems: MIN_WAYPOINTS, maxItems: MAX_WAYPOINTS }
    })
  ).annotations(required("waypoints is required")),
  departure_time: Schema.propertySignature(DepartureTime).annotations(required("departure_time is required")),
  speed_kts: Schema.propertySignature(
    Schema.Finite.pipe(Schema.between(MIN_SPEED_KTS, MAX_SPEED_KTS)).annotations(
      says(`speed_kts must be a number from ${MIN_SPEED_KTS} to ${MAX_SPEED_KTS}`)
    )
  ).annotations(required("speed_kts is required")),
  departure_window_hours: Schema.optional(
    Schema.Int.pipe(Schema.between(0, MAX_WINDOW_HOURS)).annotations(
      says(`departure_window_hours must be an integer from 0 to ${MAX_WINDOW_HOURS}`)
    )
  ),
  vessel_info: Schema.optional(VesselInfoInput),
  preferences: Schema.optional(PreferencesInput),
  webhook_url: WebhookUrlInput,
  metadata: Schema.optional(Metadata.annotations({ message: () => "metadata must be a JSON object" }))
}).annotations({ ...strict, identifier: "CreateRouteRequest" })
export type CreateRouteRequest = typeof CreateRouteRequest.Type

/**
 * The domain's command for a decoded body; the metadata as `sentMetadata` (its text in the body as
 * sent) when given, else in its standard JSON form.
 */
export const createRouteCommand = (request: CreateRouteRequest, sentMetadata?: string): CreateRouteCommand => ({
  waypoints: request.waypoints,
  departure: request.departure_time,
  speedKts: request.speed_kts,
  departureWindowHours: request.departure_window_hours ?? 0,
  preferences: preferencesOf(request.preferences),
  vessel: vesselOf(request.vessel_info),
  metadata: request.metadata === undefined
    ? undefined
    : sentMetadata === undefined
    ? metadataText(request.metadata)
    : MetadataText.make(sentMetadata),
  webhookUrl: request.webhook_url
})
