import type { Coordinates } from "../spotcast/Coordinates.js"
import type { MetadataText } from "../spotcast/Metadata.js"
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
  /** The metadata object as sent (validated), kept as text to be echoed back byte for byte. */
  readonly metadata?: MetadataText | undefined
  readonly webhookUrl?: WebhookUrl | undefined
}
