import { Schema } from "effect"
import type { RefreshSpotCastCommand } from "../../../domain/spotcast/SpotCastCommands.js"
import { WebhookUrl } from "../../../domain/webhook/WebhookUrl.js"
import { says, strict } from "./SchemaAnnotations.js"

/** The optional body of POST /v3/spotcast/{id}/refresh. */
export const RefreshSpotCastRequest = Schema.Struct({
  webhook_url: Schema.optional(
    WebhookUrl.annotations(says("webhook_url must be an absolute https URL of at most 2048 characters without credentials"))
  )
}).annotations({ ...strict, identifier: "RefreshSpotCastRequest" })
export type RefreshSpotCastRequest = typeof RefreshSpotCastRequest.Type

/**
 * The refresh body as it arrives: none, empty (both read as null), `{}` or `{webhook_url}`. Every form
 * without a URL decodes to `{}`, so they are one and the same request (also for idempotency).
 */
export const RefreshSpotCastBody = Schema.transform(
  Schema.Unknown.annotations({ jsonSchema: { type: "object", properties: { webhook_url: { type: "string" } } } }),
  RefreshSpotCastRequest,
  {
    strict: false,
    decode: (body) => (body === null || body === undefined ? {} : body),
    encode: (request) => request
  }
).annotations({ identifier: "RefreshSpotCastBody" })

export const refreshSpotCastCommand = (request: RefreshSpotCastRequest): RefreshSpotCastCommand => ({
  webhookUrl: request.webhook_url
})
