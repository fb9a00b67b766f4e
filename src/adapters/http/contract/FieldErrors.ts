import { Either, ParseResult, Schema } from "effect"
import { invalid, type ValidationCode, type ValidationError } from "../../../domain/Validation.js"

/** One schema failure, as `ParseResult.ArrayFormatter` (and so `HttpApiDecodeError`) reports it. */
export interface FieldIssue {
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

/** Which code a failure at a request path gets, and the `param` it names (docs/decisions.md). */
const fieldCodes: Record<string, readonly [ValidationCode, string?]> = {
  latitude: ["invalid_coordinates", "coordinates.latitude"],
  longitude: ["invalid_coordinates", "coordinates.longitude"],
  start_date: ["invalid_date_format"],
  num_days: ["invalid_num_days"],
  webhook_url: ["invalid_webhook_url"],
  metadata: ["invalid_metadata"],
  preferences: ["invalid_preferences"],
  "preferences.language": ["invalid_language"],
  "preferences.distance_units": ["invalid_distance_units"],
  "preferences.speed_units": ["invalid_speed_units"],
  "preferences.height_units": ["invalid_height_units"],
  "preferences.temperature_units": ["invalid_temperature_units"],
  vessel_info: ["invalid_vessel_info"],
  trip_duration_hours: ["invalid_trip_duration"],
  display_type: ["invalid_display_type"],
  auto_refresh_hours: ["invalid_auto_refresh"],
  waypoints: ["invalid_waypoints"],
  departure_time: ["invalid_departure_time"],
  speed_kts: ["invalid_speed"],
  departure_window_hours: ["invalid_departure_window"],
  limit: ["invalid_limit"],
  after: ["invalid_cursor"],
  "idempotency-key": ["invalid_request", "Idempotency-Key"]
}

const isUnexpectedKey = (message: string) => message.startsWith("is unexpected")

/** Turns the first schema failure of a request into the contract's 400 error. */
export const fromFieldIssue = (issue: FieldIssue | undefined): ValidationError => {
  if (issue === undefined || issue.path.length === 0) {
    return invalid("invalid_request", "The request body must be a JSON object")
  }
  const path = issue.path.map(String)
  const dotted = path.join(".")
  if (path[0] === "metadata") return invalid("invalid_metadata", issue.message, "metadata")
  // A route's waypoint field is a coordinate like a SpotCast's: waypoints.3.latitude.
  if (path[0] === "waypoints" && path.length === 3) {
    return isUnexpectedKey(issue.message)
      ? invalid("invalid_waypoints", `Received unknown parameter: ${dotted}`, dotted)
      : invalid("invalid_coordinates", issue.message, dotted)
  }
  const exact = fieldCodes[dotted]
  if (isUnexpectedKey(issue.message)) {
    const parent = fieldCodes[path.slice(0, -1).join(".")]
    return invalid(parent?.[0] ?? "invalid_request", `Received unknown parameter: ${dotted}`, dotted)
  }
  if (exact !== undefined) return invalid(exact[0], issue.message, exact[1] ?? dotted)
  const parent = fieldCodes[path[0]!]
  return invalid(parent?.[0] ?? "invalid_request", issue.message, dotted)
}

export const fromParseError = (error: ParseResult.ParseError): ValidationError =>
  fromFieldIssue(ParseResult.ArrayFormatter.formatErrorSync(error)[0])

/** Decodes an untrusted request with a contract schema, yielding the contract's 400 on failure. */
export const decodeRequest = <A, I>(schema: Schema.Schema<A, I>) => {
  const decode = Schema.decodeUnknownEither(schema)
  return (input: unknown): Either.Either<A, ValidationError> => Either.mapLeft(decode(input), fromParseError)
}
