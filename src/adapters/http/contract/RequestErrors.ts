import { Schema } from "effect"
import { ValidationCode, ValidationError } from "../../../domain/Validation.js"
import {
  InternalError,
  MAX_BODY_BYTES,
  MethodNotAllowed,
  PayloadTooLarge,
  RateLimitExceeded,
  RouteNotFound,
  ServiceUnavailable,
  UnsupportedMediaType
} from "./EdgeErrors.js"
import { code, errorEnvelope, fixedError, messageNaming, param } from "./ErrorEnvelope.js"

// The answers any request can get, whatever its endpoint: both APIs declare them.

export const Validation = errorEnvelope(
  ValidationError,
  400,
  "Invalid request: the code names the problem and param the offending field",
  { code: ValidationCode, message: Schema.String, param }
)(
  (e) => ({ code: e.code, message: e.message, ...(e.param === undefined ? {} : { param: e.param }) }),
  (w) => new ValidationError({ code: w.code, message: w.message, ...(w.param === undefined ? {} : { param: w.param }) })
)

export const NoRoute = fixedError(
  RouteNotFound,
  404,
  "No such endpoint",
  "not_found",
  "No such endpoint; see /docs for the API reference"
)

/** The `Allow` header that goes with it is the request gate's; the message names the method and lists the allowed ones. */
export const WrongMethod = errorEnvelope(
  MethodNotAllowed,
  405,
  "The path exists but does not take this method; the Allow header lists the methods it takes",
  {
    code: code("method_not_allowed"),
    message: Schema.transform(
      Schema.TemplateLiteralParser("Method ", Schema.String, " is not allowed here; this path takes ", Schema.String),
      Schema.Struct({ method: Schema.String, allow: Schema.Array(Schema.String) }),
      {
        strict: true,
        decode: ([, method, , allow]) => ({ method, allow: allow.split(", ") }),
        encode: ({ allow, method }) => ["Method ", method, " is not allowed here; this path takes ", allow.join(", ")] as const
      }
    ).annotations({ jsonSchema: { type: "string" } })
  }
)(
  (e) => ({ code: "method_not_allowed", message: { method: e.method, allow: e.allow } }),
  (w) => new MethodNotAllowed(w.message)
)

/** The limit is the contract's, so the decoded error has it whatever the message says. */
export const TooLarge = errorEnvelope(
  PayloadTooLarge,
  413,
  `The request body is over ${MAX_BODY_BYTES} bytes`,
  { code: code("payload_too_large"), message: Schema.String }
)(
  (e) => ({ code: "payload_too_large", message: `The request body must be at most ${e.limitBytes} bytes` }),
  () => new PayloadTooLarge({ limitBytes: MAX_BODY_BYTES })
)

export const Unsupported = errorEnvelope(
  UnsupportedMediaType,
  415,
  "The request body is not JSON: send it with Content-Type: application/json",
  {
    code: code("unsupported_media_type"),
    message: messageNaming("Content-Type ", " is not supported; send JSON with Content-Type: application/json")
  }
)(
  (e) => ({ code: "unsupported_media_type", message: e.contentType }),
  (w) => new UnsupportedMediaType({ contentType: w.message })
)

/** The `Retry-After` header that goes with it is the request gate's. */
export const RateLimited = errorEnvelope(
  RateLimitExceeded,
  429,
  "Too many requests in this minute; retry after retry_after seconds",
  { code: code("rate_limit_exceeded"), message: Schema.String, retry_after: Schema.Int }
)(
  (e) => ({
    code: "rate_limit_exceeded",
    message: `Rate limit exceeded; retry in ${e.retryAfterSeconds} seconds`,
    retry_after: e.retryAfterSeconds
  }),
  (w) => new RateLimitExceeded({ retryAfterSeconds: w.retry_after })
)

export const Internal = fixedError(
  InternalError,
  500,
  "An unexpected error; nothing about it is disclosed",
  "internal_error",
  "An internal error occurred; please retry later"
)

/** The `Retry-After` header that goes with it is the request gate's. */
export const Unavailable = errorEnvelope(
  ServiceUnavailable,
  503,
  "Storage cannot be reached right now; retry after retry_after seconds (with the same Idempotency-Key for a create or refresh)",
  { code: code("service_unavailable"), message: Schema.String, retry_after: Schema.Int }
)(
  (e) => ({
    code: "service_unavailable",
    message: `The service cannot reach its storage right now; retry in ${e.retryAfterSeconds} seconds. A create or refresh may have taken effect: retry it with the same Idempotency-Key`,
    retry_after: e.retryAfterSeconds
  }),
  (w) => new ServiceUnavailable({ retryAfterSeconds: w.retry_after })
)
