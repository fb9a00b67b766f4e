import { Schema } from "effect"
import { WebhookUrl } from "../WebhookUrl.js"

/** The optional body of POST /v3/spotcast/{id}/refresh. */
export const RefreshSpotCastRequest = Schema.Struct({
  webhook_url: Schema.optional(
    WebhookUrl.annotations({
      message: () => ({
        message: "webhook_url must be an absolute https URL of at most 2048 characters without credentials",
        override: true
      })
    })
  )
}).annotations({ parseOptions: { onExcessProperty: "error" }, identifier: "RefreshSpotCastRequest" })
export type RefreshSpotCastRequest = typeof RefreshSpotCastRequest.Type
