import { Schema } from "effect"
import { Coordinates } from "./Coordinates.js"
import { AccountId, SpotCastId } from "../Ids.js"
import { MetadataText } from "./Metadata.js"
import { Preferences } from "./Preferences.js"
import { Vessel } from "./Vessel.js"
import { WebhookUrl } from "../webhook/WebhookUrl.js"

/** A forecast request for one point and period; its forecasts are the runs of the analysis. */
export const SpotCast = Schema.Struct({
  id: SpotCastId,
  accountId: AccountId,
  createdAt: Schema.DateTimeUtc,
  coordinates: Coordinates,
  /** Normalized start of the period (UTC); the period itself is `makePeriod(start, numDays)`. */
  start: Schema.DateTimeUtc,
  numDays: Schema.Int.pipe(Schema.between(1, 5)),
  tripDurationHours: Schema.optional(Schema.Int),
  metadata: Schema.optional(MetadataText),
  webhookUrl: Schema.optional(WebhookUrl),
  preferences: Preferences,
  vessel: Schema.optional(Vessel)
})
export type SpotCast = typeof SpotCast.Type

export class SpotCastNotFound extends Schema.TaggedError<SpotCastNotFound>()("SpotCastNotFound", {
  spotcastId: Schema.String
}) {}
