import { Schema } from "effect"

/**
 * Errors that exist only at the API's edge (the use cases never raise them). Like every domain error
 * they carry no HTTP status; the HTTP adapter assigns it.
 */
export class RouteNotFound extends Schema.TaggedError<RouteNotFound>()("RouteNotFound", {}) {}

export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()("PayloadTooLarge", {
  limitBytes: Schema.Int
}) {}

export class RateLimitExceeded extends Schema.TaggedError<RateLimitExceeded>()("RateLimitExceeded", {
  retryAfterSeconds: Schema.Int
}) {}

/** A body in a media type other than JSON. */
export class UnsupportedMediaType extends Schema.TaggedError<UnsupportedMediaType>()("UnsupportedMediaType", {
  contentType: Schema.String
}) {}

/** Storage cannot be reached now; the request may be retried after `retryAfterSeconds`. */
export class ServiceUnavailable extends Schema.TaggedError<ServiceUnavailable>()("ServiceUnavailable", {
  retryAfterSeconds: Schema.Int
}) {}

/** Anything unexpected; it says nothing about the cause, which is logged on the server. */
export class InternalError extends Schema.TaggedError<InternalError>()("InternalError", {}) {}

/** The operator API's bearer token is missing or wrong. */
export class AdminUnauthorized extends Schema.TaggedError<AdminUnauthorized>()("AdminUnauthorized", {}) {}

export const MAX_BODY_BYTES = 64 * 1024

/** A known path asked with a method it does not take; `allow` lists those it takes. */
export class MethodNotAllowed extends Schema.TaggedError<MethodNotAllowed>()("MethodNotAllowed", {
  method: Schema.String,
  allow: Schema.Array(Schema.String)
}) {}
