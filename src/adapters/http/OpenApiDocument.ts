import { polish } from "./observability/OpenApiPolish.js"

const errorDescriptions: Record<string, string> = {
  "400": "Invalid request: error.code names the problem and error.param the offending field",
  "401": "Missing, invalid or revoked API key (missing_api_key, invalid_api_key, key_revoked)",
  "402": "Not enough credits; the error also carries current_balance, required_credits and purchase_url",
  "403": "The account is suspended (account_suspended)",
  "404": "Not found; another account's resources are answered exactly like missing ones",
  "409": "The SpotCast's newest forecast is still in progress (forecast_in_progress)",
  "413": "The request body is over 64 KiB (payload_too_large)",
  "429": "Rate limit exceeded (rate_limit_exceeded); see error.retry_after and the Retry-After header",
  "500": "Internal error (internal_error); nothing about the cause is disclosed"
}

const integer = (description: string) => ({ description, schema: { type: "integer" } })

const rateLimitHeaders = {
  "X-RateLimit-Limit": integer("Requests allowed in the current one-minute window"),
  "X-RateLimit-Remaining": integer("Requests left in the current window"),
  "X-RateLimit-Reset": integer("Unix time (seconds) at which the window resets")
}

const replayedHeader = {
  description: "true when this answer replays an earlier request with the same Idempotency-Key",
  schema: { type: "string" }
}

const FRAMEWORK_SCHEMAS = ["HttpApiDecodeError", "Issue", "PropertyKey"]
const FRAMEWORK_DECODE_ERROR = "#/components/schemas/HttpApiDecodeError"
const isFrameworkRef = (schema: unknown) =>
  typeof schema === "object" && schema !== null && (schema as { $ref?: string }).$ref === FRAMEWORK_DECODE_ERROR

/**
 * Finishes the generated document: the 400 answers show only our envelope (the framework's own decode
 * error never reaches a client), each error status gets one description covering all its codes, and
 * every response documents the rate-limit headers (plus Retry-After on 429, Idempotent-Replayed on 202)
 * beside any an endpoint declares itself (ETag and Cache-Control on conditional reads).
 * Refresh's body is optional.
 */
export const tidy = (spec: Record<string, any>): Record<string, any> => {
  for (const [path, operations] of Object.entries(spec.paths as Record<string, Record<string, any>>)) {
    for (const operation of Object.values(operations)) {
      if (path.endsWith("/refresh") && operation.requestBody !== undefined) operation.requestBody.required = false
      for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
        const content = response.content?.["application/json"]
        if (content?.schema?.anyOf !== undefined) {
          const rest = (content.schema.anyOf as Array<unknown>).filter((s) => !isFrameworkRef(s))
          content.schema = rest.length === 1 ? rest[0] : { anyOf: rest }
        }
        if (errorDescriptions[status] !== undefined) response.description = errorDescriptions[status]
        response.headers = {
          ...response.headers,
          ...rateLimitHeaders,
          ...(status === "429" ? { "Retry-After": integer("Seconds until the window resets") } : {}),
          ...(status === "202"
            ? { "Idempotent-Replayed": replayedHeader }
            : {})
        }
      }
    }
  }
  for (const name of FRAMEWORK_SCHEMAS) delete spec.components?.schemas?.[name]
  return polish(spec)
}
