import type { Coordinates } from "../spotcast/Coordinates.js"
import type { Metadata } from "../spotcast/Metadata.js"
import type { Preferences } from "../spotcast/Preferences.js"
import type { Vessel } from "../spotcast/Vessel.js"
import type { DateTime } from "effect"
import type { WebhookUrl } from "../webhook/WebhookUrl.js"

/** A route as a client asks for it, decoded (preferences' defaults filled in). */
export interface CreateRouteCommand {
  readonly waypoints: ReadonlyArray<Coordinates>
  readonly departure: DateTime.Utc
  readonly speedKts: number
  readonly departureWindowHours: number
  readonly preferences: Preferences
  readonly vessel?: Vessel | undefined
  readonly metadata?: Metadata | undefined
  readonly webhookUrl?: WebhookUrl | undefined
}
