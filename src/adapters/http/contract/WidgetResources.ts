import { Schema } from "effect"
import { Latitude, Longitude } from "../../../domain/spotcast/Coordinates.js"
import {
  AUTO_REFRESH_HOURS,
  AutoRefreshHours,
  DisplayType,
  MAX_WIDGET_NAME_LENGTH,
  type WidgetConfig,
  type WidgetPatch,
  type WidgetView
} from "../../../domain/widget/Widget.js"
import { preferencesBody, preferencesOf, PreferencesInput, vesselOf, VesselInfoInput } from "./CreateBodyFields.js"
import { MAX_TRIP_DURATION_HOURS } from "./CreateSpotCastRequest.js"
import { LatestForecast, latestForecast } from "./ForecastResource.js"
import { required, says, strict } from "./SchemaAnnotations.js"
import { CoordinatesBody, listOf, Timestamp, timestamp } from "./Wire.js"
import { isStorableText } from "../../../domain/Text.js"

export const EMBED_PAGE_PATH = "/embed/widgets"
export const EMBED_SCRIPT_PATH = "/embed/widget.js"

const nameMessage = `name must be a string of 1 to ${MAX_WIDGET_NAME_LENGTH} characters, not only spaces, without NUL characters or unpaired surrogates`
const Name = Schema.String.pipe(
  Schema.filter((s) => s.trim().length > 0 && s.length <= MAX_WIDGET_NAME_LENGTH && isStorableText(s))
).annotations({
  ...says(nameMessage),
  examples: ["Harbour Marina"],
  // Not only spaces: at least one character that is not white space.
  jsonSchema: { minLength: 1, maxLength: MAX_WIDGET_NAME_LENGTH, pattern: "\\S" }
})
const Display = DisplayType.annotations(says("display_type must be one of mini, full"))
const autoRefreshMessage = `auto_refresh_hours must be one of ${AUTO_REFRESH_HOURS.join(", ")}`
const NumDays = Schema.Int.pipe(Schema.between(1, 5)).annotations(says("num_days must be an integer from 1 to 5"))
const TripHours = Schema.Int.pipe(Schema.between(1, MAX_TRIP_DURATION_HOURS)).annotations(
  says(`trip_duration_hours must be an integer from 1 to ${MAX_TRIP_DURATION_HOURS}`)
)
const Lat = Latitude.annotations({ ...says("latitude must be between -90 and 90"), examples: [41.13] })
const Lon = Longitude.annotations({ ...says("longitude must be between -180 and 180"), examples: [-71.71] })

/** POST /v3/spotcast/widgets (docs/decisions.md, Widgets), plus the optional auto-refresh period. */
export const CreateWidgetRequest = Schema.Struct({
  name: Schema.propertySignature(Name).annotations(required("name is required")),
  latitude: Schema.propertySignature(Lat).annotations(required("latitude is required")),
  longitude: Schema.propertySignature(Lon).annotations(required("longitude is required")),
  num_days: Schema.propertySignature(NumDays).annotations(required("num_days is required")),
  display_type: Schema.propertySignature(Display).annotations(required("display_type is required")),
  preferences: Schema.optional(PreferencesInput),
  vessel_info: Schema.optional(VesselInfoInput),
  trip_duration_hours: Schema.optional(TripHours),
  auto_refresh_hours: Schema.optional(
    AutoRefreshHours.annotations({ ...says(autoRefreshMessage), description: "Refresh automatically every 6, 12 or 24 hours (off when absent)" })
  )
}).annotations({ ...strict, identifier: "CreateWidgetRequest" })
export type CreateWidgetRequest = typeof CreateWidgetRequest.Type

/** PUT /v3/spotcast/widgets/{id}: the same fields, all optional; `auto_refresh_hours: null` turns it off. */
export const UpdateWidgetRequest = Schema.Struct({
  name: Schema.optional(Name),
  latitude: Schema.optional(Lat),
  longitude: Schema.optional(Lon),
  num_days: Schema.optional(NumDays),
  display_type: Schema.optional(Display),
  preferences: Schema.optional(PreferencesInput),
  vessel_info: Schema.optional(VesselInfoInput),
  trip_duration_hours: Schema.optional(TripHours),
  auto_refresh_hours: Schema.optional(
    Schema.NullOr(AutoRefreshHours).annotations(says(`${autoRefreshMessage}, or null`))
  )
}).annotations({ ...strict, identifier: "UpdateWidgetRequest" })
export type UpdateWidgetRequest = typeof UpdateWidgetRequest.Type

export const widgetConfig = (r: CreateWidgetRequest): WidgetConfig => ({
  name: r.name,
  displayType: r.display_type,
  coordinates: { latitude: r.latitude, longitude: r.longitude },
  numDays: r.num_days,
  preferences: preferencesOf(r.preferences),
  ...(r.vessel_info === undefined ? {} : { vessel: vesselOf(r.vessel_info) }),
  ...(r.trip_duration_hours === undefined ? {} : { tripDurationHours: r.trip_duration_hours }),
  ...(r.auto_refresh_hours === undefined ? {} : { autoRefreshHours: r.auto_refresh_hours })
})

/** A PUT body as a patch; latitude and longitude move together, so one alone keeps the other. */
export const widgetPatch = (r: UpdateWidgetRequest, current: { latitude: number; longitude: number }): WidgetPatch => ({
  name: r.name,
  displayType: r.display_type,
  coordinates: r.latitude === undefined && r.longitude === undefined
    ? undefined
    : { latitude: r.latitude ?? current.latitude, longitude: r.longitude ?? current.longitude },
  numDays: r.num_days,
  preferences: r.preferences === undefined ? undefined : {
    ...(r.preferences.language === undefined ? {} : { language: r.preferences.language }),
    ...(r.preferences.distance_units === undefined ? {} : { distanceUnits: r.preferences.distance_units }),
    ...(r.preferences.speed_units === undefined ? {} : { speedUnits: r.preferences.speed_units }),
    ...(r.preferences.height_units === undefined ? {} : { heightUnits: r.preferences.height_units }),
    ...(r.preferences.temperature_units === undefined ? {} : { temperatureUnits: r.preferences.temperature_units })
  },
  vessel: vesselOf(r.vessel_info),
  tripDurationHours: r.trip_duration_hours,
  autoRefreshHours: r.auto_refresh_hours
})

export const EmbedBody = Schema.Struct({
  url: Schema.String.annotations({ description: "The public page of the widget (no API key needed)" }),
  html: Schema.String.annotations({ description: "The snippet a site owner pastes into a page" })
})

/** A widget as every widget endpoint answers it. */
export const WidgetResource = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  display_type: Schema.Literal("mini", "full"),
  coordinates: CoordinatesBody,
  num_days: Schema.Int,
  preferences: Schema.Struct({
    language: Schema.String,
    distance_units: Schema.String,
    speed_units: Schema.String,
    height_units: Schema.String.annotations({ description: "Addition: the height unit stored at create (ft or m)" }),
    temperature_units: Schema.String.annotations({ description: "Addition: the temperature unit stored at create (c or f)" })
  }),
  vessel_info: Schema.NullOr(Schema.Struct({ type: Schema.String, length_ft: Schema.Number })),
  trip_duration_hours: Schema.NullOr(Schema.Int),
  auto_refresh_hours: Schema.NullOr(Schema.Int),
  next_refresh_at: Schema.NullOr(Timestamp),
  auto_refresh_stopped_at: Schema.NullOr(
    Timestamp.annotations({ description: "When an automatic refresh could not be paid for (the schedule stopped)" })
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
  last_refreshed_at: Timestamp,
  latest_forecast: LatestForecast,
  embed: EmbedBody
}).annotations({ identifier: "Widget" })
export type WidgetResource = typeof WidgetResource.Type

export const escapeAttribute = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/** The embed of a widget: its page, and the snippet that shows it on any site. */
export const embedOf = (baseUrl: string, widgetId: string, display: string) => ({
  url: `${baseUrl}${EMBED_PAGE_PATH}/${widgetId}`,
  html: `<div data-spotcast-widget="${escapeAttribute(widgetId)}" data-display="${escapeAttribute(display)}"></div>\n` +
    `<script src="${escapeAttribute(baseUrl + EMBED_SCRIPT_PATH)}" async></script>`
})

export const widgetResource = (baseUrl: string) => ({ latest, widget }: WidgetView): WidgetResource => ({
  id: widget.id,
  name: widget.name,
  display_type: widget.displayType,
  coordinates: { latitude: widget.coordinates.latitude, longitude: widget.coordinates.longitude },
  num_days: widget.numDays,
  preferences: preferencesBody(widget.preferences),
  vessel_info: widget.vessel === undefined ? null : { type: widget.vessel.type, length_ft: widget.vessel.lengthFt },
  trip_duration_hours: widget.tripDurationHours ?? null,
  auto_refresh_hours: widget.autoRefreshHours ?? null,
  next_refresh_at: widget.nextRefreshAt === undefined ? null : timestamp(widget.nextRefreshAt),
  auto_refresh_stopped_at: widget.autoRefreshStoppedAt === undefined ? null : timestamp(widget.autoRefreshStoppedAt),
  created_at: timestamp(widget.createdAt),
  updated_at: timestamp(widget.updatedAt),
  last_refreshed_at: timestamp(widget.lastRefreshedAt),
  latest_forecast: latestForecast(latest),
  embed: embedOf(baseUrl, widget.id, widget.displayType)
})

export const WidgetList = Schema.Struct(listOf(WidgetResource)).annotations({ identifier: "WidgetList" })
export type WidgetList = typeof WidgetList.Type
