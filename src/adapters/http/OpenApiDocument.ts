import { polish } from "./observability/OpenApiPolish.js"

const errorDescriptions: Record<string, string> = {
  "400": "Invalid request: error.code names the problem and error.param the offending field",
  "401": "Missing, invalid or revoked API key (missing_api_key, invalid_api_key, key_revoked)",
  "402": "Not enough credits; the error also carries current_balance, required_credits and purchase_url",
  "403": "The account is suspended (account_suspended)",
  "404": "Not found; another account's resources are answered exactly like missing ones",
  "409": "The SpotCast's newest forecast is still in progress (forecast_in_progress)",
  "405": "The path exists but not with this method (method_not_allowed); the Allow header lists the methods it takes",
  "413": "The request body is over 64 KiB (payload_too_large)",
  "429": "Rate limit exceeded (rate_limit_exceeded); see error.retry_after and the Retry-After header",
  "500": "Internal error (internal_error); nothing about the cause is disclosed",
  "503": "Storage cannot be reached right now (service_unavailable); see error.retry_after and the Retry-After header"
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

const requestIdHeader = {
  description: "This request's id (the caller's own Request-Id when it sent a valid one); quote it when reporting a problem",
  schema: { type: "string" }
}

const allowHeader = {
  description: "The methods this path takes",
  schema: { type: "string" },
  example: "GET, PUT, DELETE"
}

const requestIdField = {
  type: "string",
  description: "This request's id, as in the Request-Id header; quote it when reporting a problem"
}

/** The component a `$ref` names, if the schema is one. */
const componentOf = (spec: Record<string, any>, schema: unknown): Record<string, any> | undefined => {
  const ref = (schema as { $ref?: unknown } | undefined)?.$ref
  if (typeof ref !== "string" || !ref.startsWith("#/components/schemas/")) return undefined
  return spec.components?.schemas?.[ref.slice("#/components/schemas/".length)]
}

/**
 * Every error envelope a response can carry, with `request_id` (which the server adds to every error
 * body) declared and required beside `code` and `message`.
 */
const withRequestId = (spec: Record<string, any>, schema: unknown, done: Set<unknown>): void => {
  const target = componentOf(spec, schema) ?? schema
  if (typeof target !== "object" || target === null || done.has(target)) return
  done.add(target)
  const record = target as Record<string, any>
  for (const option of (record.anyOf ?? record.oneOf ?? []) as Array<unknown>) withRequestId(spec, option, done)
  const error = record.properties?.error
  if (error?.type !== "object" || error.properties === undefined) return
  error.properties.request_id = requestIdField
  error.required = [...new Set([...(error.required ?? []), "request_id"])]
}

/** The shared Finite and Int components, whose references hide the bounds beside them from some readers. */
const INLINED_SCALARS: Record<string, Record<string, unknown>> = {
  "#/components/schemas/Finite": { type: "number" },
  "#/components/schemas/Int": { type: "integer" }
}

/**
 * A reference to a plain number or integer becomes the type itself, so bounds, description and
 * examples written beside it are read by every tool (beside a `$ref` some ignore them).
 */
const inlineScalars = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(inlineScalars)
  if (typeof node !== "object" || node === null) return node
  const record = node as Record<string, unknown>
  const scalar = typeof record.$ref === "string" ? INLINED_SCALARS[record.$ref] : undefined
  const out: Record<string, unknown> = scalar === undefined ? {} : { ...scalar }
  for (const [key, value] of Object.entries(record)) if (scalar === undefined || key !== "$ref") out[key] = inlineScalars(value)
  return out
}

const FRAMEWORK_SCHEMAS = ["HttpApiDecodeError", "Issue", "PropertyKey"]
const FRAMEWORK_DECODE_ERROR = "#/components/schemas/HttpApiDecodeError"
const isFrameworkRef = (schema: unknown) =>
  typeof schema === "object" && schema !== null && (schema as { $ref?: string }).$ref === FRAMEWORK_DECODE_ERROR

/**
 * Finishes the generated document: the 400 answers show only our envelope (the framework's own decode
 * error never reaches a client), each error status gets one description covering all its codes, and
 * every response documents the rate-limit headers and Request-Id (plus Retry-After on 429 and 503, Allow on
 * 405, Idempotent-Replayed on 202) beside any an endpoint declares itself (ETag and Cache-Control on
 * conditional reads), every error body its `request_id`, and numbers carry their bounds inline.
 * Refresh's body is optional.
 */
export const tidy = (generated: Record<string, any>): Record<string, any> => {
  const spec = inlineScalars(generated) as Record<string, any>
  for (const name of Object.keys(INLINED_SCALARS)) delete spec.components?.schemas?.[name.split("/").at(-1)!]
  const envelopes = new Set<unknown>()
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
        if (Number(status) >= 400 && content !== undefined) withRequestId(spec, content.schema, envelopes)
        response.headers = {
          ...response.headers,
          ...rateLimitHeaders,
          "Request-Id": requestIdHeader,
          ...(status === "429" ? { "Retry-After": integer("Seconds until the window resets") } : {}),
          ...(status === "503" ? { "Retry-After": integer("Seconds to wait before retrying") } : {}),
          ...(status === "405" ? { Allow: allowHeader } : {}),
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
