import { Schema } from "effect"

/** 400 codes: those of the public edition and ours in the same style (docs/decisions.md). */
export const ValidationCode = Schema.Literal(
  "invalid_coordinates",
  "invalid_date_format",
  "invalid_start_date",
  "invalid_num_days",
  "invalid_webhook_url",
  "invalid_preferences",
  "invalid_language",
  "invalid_distance_units",
  "invalid_speed_units",
  "invalid_height_units",
  "invalid_temperature_units",
  "invalid_vessel_info",
  "invalid_trip_duration",
  "invalid_metadata",
  "invalid_limit",
  "invalid_cursor",
  "invalid_json",
  "invalid_display_type",
  "invalid_auto_refresh",
  "invalid_date_range",
  "invalid_waypoints",
  "invalid_departure_time",
  "invalid_speed",
  "invalid_departure_window",
  "ambiguous_credentials",
  "invalid_request"
)
export type ValidationCode = typeof ValidationCode.Type

export class ValidationError extends Schema.TaggedError<ValidationError>()("ValidationError", {
  code: ValidationCode,
  message: Schema.String,
  param: Schema.optional(Schema.String)
}) {}

export const invalid = (code: ValidationCode, message: string, param?: string): ValidationError =>
  new ValidationError(param === undefined ? { code, message } : { code, message, param })
