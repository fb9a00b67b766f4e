import type { DateTime } from "effect"
import type { WebhookUrl } from "../webhook/WebhookUrl.js"
import type { Coordinates } from "./Coordinates.js"
import type { MetadataText } from "./Metadata.js"
import type { PreferencesRequest } from "./Preferences.js"
import type { Vessel } from "./Vessel.js"

/**
 * What a caller asks for when creating a SpotCast, in the domain's terms: whoever takes the request
 * (the HTTP API, an embedding host) has already validated its shapes and filled in the contract's
 * preference defaults. The forecast window is checked by the use case, against the clock.
 */
export interface CreateSpotCastCommand {
  readonly coordinates: Coordinates
  /** The first forecast day starts here; a date alone means midnight UTC. */
  readonly start: DateTime.Utc
  readonly numDays: number
  /** Height and temperature units left out get the defaults for the request's audience (`resolvePreferences`). */
  readonly preferences: PreferencesRequest
  /** Judged as the default vessel (docs/safety.md) when absent. */
  readonly vessel?: Vessel | undefined
  readonly tripDurationHours?: number | undefined
  /** The metadata object as sent (validated), kept as text to be echoed back byte for byte. */
  readonly metadata?: MetadataText | undefined
  readonly webhookUrl?: WebhookUrl | undefined
}

/** A new forecast of an existing SpotCast; its webhook URL, if any, applies to that forecast only. */
export interface RefreshSpotCastCommand {
  readonly webhookUrl?: WebhookUrl | undefined
}
