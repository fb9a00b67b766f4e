import { HttpApiError, HttpApiSchema, HttpServerError, HttpServerResponse } from "@effect/platform"
import { ParseResult, Schema } from "effect"
import { AccountNotFound, AccountSuspended } from "../../domain/account/Account.js"
import { ApiKeyNotFound, InvalidApiKey, KeyRevoked, MissingApiKey } from "../../domain/account/ApiKey.js"
import {
  AdminUnauthorized,
  InternalError,
  MAX_BODY_BYTES,
  PayloadTooLarge,
  RateLimitExceeded,
  RouteNotFound
} from "./contract/EdgeErrors.js"
import { fromFieldIssue } from "./contract/FieldErrors.js"
import { ForecastInProgress, ForecastNotFound } from "../../domain/forecast/Forecast.js"
import { IdempotencyKeyReused } from "../../domain/billing/Idempotency.js"
import { ForecastId, SpotCastId } from "../../domain/Ids.js"
import { InsufficientBalance } from "../../domain/billing/Ledger.js"
import { SpotCastNotFound } from "../../domain/spotcast/SpotCast.js"
import { invalid, ValidationCode, ValidationError } from "../../domain/Validation.js"
import { DeliveryStatus } from "../../domain/webhook/WebhookDelivery.js"
import { DeliveryNotFailed, DeliveryNotFound } from "../../domain/webhook/WebhookRedelivery.js"

/**
 * The one mapping from every error the API can answer to the contract's envelope
 * `{"error": {"code", "message", "param"?}}` and its status (DECISIONS.md, Errors).
 *
 * Each error gets a schema `envelope <-> error class` annotated with its status: the endpoints declare
 * them, so OpenAPI documents the envelope and the typed client decodes a response back into the class.
 * The server writes responses with `errorResponse` (some fields, like `purchase_url`, come from the
 * settings, not from the error), so the schemas are decode-only.
 */

interface Context {
  readonly purchaseUrl: string
}

const mapping = <Self, const Fields extends Schema.Struct.Fields>(
  cls: Schema.Schema<Self, any, never> & (new(...args: any) => Self),
  status: number,
  description: string,
  fields: Fields,
  toWire: (error: Self, context: Context) => NoInfer<Schema.Struct.Type<Fields>>,
  fromWire: (wire: NoInfer<Schema.Struct.Type<Fields>>) => Self
) => {
  const Envelope = Schema.Struct({ error: Schema.Struct(fields) })
  const schema = Schema.transformOrFail(Envelope, Schema.typeSchema(cls), {
    strict: false,
    decode: (wire) => ParseResult.succeed(fromWire(wire.error as Schema.Struct.Type<Fields>)),
    encode: (error, _, ast) =>
      ParseResult.fail(new ParseResult.Forbidden(ast, error, "the server writes errors with ApiErrors.errorResponse"))
  }).annotations(HttpApiSchema.annotations({ status, description }))
  return { cls, schema, status, toWire: toWire as (error: unknown, context: Context) => unknown }
}

const code = <const C extends string>(c: C) => Schema.Literal(c)
const param = Schema.optional(Schema.String)

/** Recovers the id quoted in a not-found message, so the typed client's error carries it too. */
const quoted = (message: string): string => /'([^']*)'/.exec(message)?.[1] ?? ""

export const Validation = mapping(
  ValidationError,
  400,
  "Invalid request: the code names the problem and param the offending field",
  { code: ValidationCode, message: Schema.String, param },
  (e) => ({ code: e.code, message: e.message, ...(e.param === undefined ? {} : { param: e.param }) }),
  (w) => new ValidationError({ code: w.code, message: w.message, ...(w.param === undefined ? {} : { param: w.param }) })
)

export const IdempotencyReused = mapping(
  IdempotencyKeyReused,
  400,
  "The Idempotency-Key was already used with a different request",
  { code: code("idempotency_key_reused"), message: Schema.String, param },
  () => ({
    code: "idempotency_key_reused" as const,
    message: "This Idempotency-Key was already used with a different request",
    param: "Idempotency-Key"
  }),
  () => new IdempotencyKeyReused({ key: "" })
)

export const Missing = mapping(
  MissingApiKey,
  401,
  "No API key was sent",
  { code: code("missing_api_key"), message: Schema.String },
  () => ({
    code: "missing_api_key" as const,
    message: "No API key provided: send Authorization: Bearer <key> or X-API-Key: <key>"
  }),
  () => new MissingApiKey()
)

export const Invalid = mapping(
  InvalidApiKey,
  401,
  "The API key is not valid",
  { code: code("invalid_api_key"), message: Schema.String },
  () => ({ code: "invalid_api_key" as const, message: "The API key is not valid" }),
  () => new InvalidApiKey()
)

export const Revoked = mapping(
  KeyRevoked,
  401,
  "The API key was revoked",
  { code: code("key_revoked"), message: Schema.String },
  () => ({ code: "key_revoked" as const, message: "The API key has been revoked" }),
  () => new KeyRevoked()
)

export const Suspended = mapping(
  AccountSuspended,
  403,
  "The account is suspended",
  { code: code("account_suspended"), message: Schema.String },
  () => ({ code: "account_suspended" as const, message: "The account is suspended" }),
  () => new AccountSuspended()
)

export const Insufficient = mapping(
  InsufficientBalance,
  402,
  "Not enough credits",
  {
    code: code("insufficient_balance"),
    message: Schema.String,
    current_balance: Schema.Int,
    required_credits: Schema.Int,
    purchase_url: Schema.String
  },
  (e, context) => ({
    code: "insufficient_balance" as const,
    message: `This request costs ${e.requiredCredits} credits; the balance is ${e.currentBalance}`,
    current_balance: e.currentBalance,
    required_credits: e.requiredCredits,
    purchase_url: context.purchaseUrl
  }),
  (w) => new InsufficientBalance({ currentBalance: w.current_balance, requiredCredits: w.required_credits })
)

export const NoSpotCast = mapping(
  SpotCastNotFound,
  404,
  "No such SpotCast for this account",
  { code: code("spotcast_not_found"), message: Schema.String, param },
  (e) => ({ code: "spotcast_not_found" as const, message: `No SpotCast found with id '${e.spotcastId}'`, param: "id" }),
  (w) => new SpotCastNotFound({ spotcastId: quoted(w.message) })
)

export const NoForecast = mapping(
  ForecastNotFound,
  404,
  "No such forecast in this SpotCast for this account",
  { code: code("forecast_not_found"), message: Schema.String, param },
  (e) => ({
    code: "forecast_not_found" as const,
    message: `No forecast found with id '${e.forecastId}' in this SpotCast`,
    param: "forecast_id"
  }),
  (w) => new ForecastNotFound({ forecastId: quoted(w.message) })
)

export const NoRoute = mapping(
  RouteNotFound,
  404,
  "No such endpoint",
  { code: code("not_found"), message: Schema.String },
  () => ({ code: "not_found" as const, message: "No such endpoint; see /docs for the API reference" }),
  () => new RouteNotFound()
)

export const InProgress = mapping(
  ForecastInProgress,
  409,
  "The SpotCast's newest forecast is still being produced",
  { code: code("forecast_in_progress"), message: Schema.String, spotcast_id: SpotCastId, forecast_id: ForecastId },
  (e) => ({
    code: "forecast_in_progress" as const,
    message: `Forecast ${e.forecastId} of this SpotCast is still in progress; refresh once it has finished`,
    spotcast_id: e.spotcastId,
    forecast_id: e.forecastId
  }),
  (w) => new ForecastInProgress({ spotcastId: w.spotcast_id, forecastId: w.forecast_id })
)

export const TooLarge = mapping(
  PayloadTooLarge,
  413,
  `The request body is over ${MAX_BODY_BYTES} bytes`,
  { code: code("payload_too_large"), message: Schema.String },
  (e) => ({ code: "payload_too_large" as const, message: `The request body must be at most ${e.limitBytes} bytes` }),
  () => new PayloadTooLarge({ limitBytes: MAX_BODY_BYTES })
)

export const RateLimited = mapping(
  RateLimitExceeded,
  429,
  "Too many requests in this minute; retry after retry_after seconds",
  { code: code("rate_limit_exceeded"), message: Schema.String, retry_after: Schema.Int },
  (e) => ({
    code: "rate_limit_exceeded" as const,
    message: `Rate limit exceeded; retry in ${e.retryAfterSeconds} seconds`,
    retry_after: e.retryAfterSeconds
  }),
  (w) => new RateLimitExceeded({ retryAfterSeconds: w.retry_after })
)

export const Internal = mapping(
  InternalError,
  500,
  "An unexpected error; nothing about it is disclosed",
  { code: code("internal_error"), message: Schema.String },
  () => ({ code: "internal_error" as const, message: "An internal error occurred; please retry later" }),
  () => new InternalError()
)

export const AdminToken = mapping(
  AdminUnauthorized,
  401,
  "The operator token is missing or wrong",
  { code: code("invalid_admin_token"), message: Schema.String },
  () => ({
    code: "invalid_admin_token" as const,
    message: "A valid operator token is required: Authorization: Bearer <token>"
  }),
  () => new AdminUnauthorized()
)

export const NoAccount = mapping(
  AccountNotFound,
  404,
  "No such account",
  { code: code("account_not_found"), message: Schema.String, param },
  (e) => ({ code: "account_not_found" as const, message: `No account found with id '${e.accountId}'`, param: "id" }),
  (w) => new AccountNotFound({ accountId: quoted(w.message) })
)

export const NoKey = mapping(
  ApiKeyNotFound,
  404,
  "No such API key on this account",
  { code: code("key_not_found"), message: Schema.String, param },
  (e) => ({
    code: "key_not_found" as const,
    message: `No API key found with id '${e.keyId}' on this account`,
    param: "key_id"
  }),
  (w) => new ApiKeyNotFound({ keyId: quoted(w.message) })
)

export const NoDelivery = mapping(
  DeliveryNotFound,
  404,
  "No such webhook delivery on this account",
  { code: code("delivery_not_found"), message: Schema.String, param },
  (e) => ({
    code: "delivery_not_found" as const,
    message: `No webhook delivery found with id '${e.deliveryId}' on this account`,
    param: "delivery_id"
  }),
  (w) => new DeliveryNotFound({ deliveryId: quoted(w.message) })
)

export const NotFailed = mapping(
  DeliveryNotFailed,
  409,
  "Only a failed delivery can be redelivered",
  { code: code("delivery_not_failed"), message: Schema.String, delivery_id: Schema.String, status: DeliveryStatus },
  (e) => ({
    code: "delivery_not_failed" as const,
    message: `Webhook delivery ${e.deliveryId} is ${e.status}; only a failed delivery can be redelivered`,
    delivery_id: e.deliveryId,
    status: e.status
  }),
  (w) => new DeliveryNotFailed({ deliveryId: w.delivery_id, status: w.status })
)

const mappings = [
  Validation,
  IdempotencyReused,
  Missing,
  Invalid,
  Revoked,
  Suspended,
  Insufficient,
  NoSpotCast,
  NoForecast,
  NoRoute,
  InProgress,
  TooLarge,
  RateLimited,
  Internal,
  AdminToken,
  NoAccount,
  NoKey,
  NoDelivery,
  NotFailed
] as const

export type ApiError = Schema.Schema.Type<(typeof mappings)[number]["schema"]>

const byClass = new Map<unknown, (typeof mappings)[number]>(mappings.map((m) => [m.cls, m]))

const isTooLarge = (cause: unknown): boolean => cause instanceof Error && cause.message === "maxBytes exceeded"

/**
 * What a failure or defect means to the client: a known error as it is; the framework's own failures
 * (schema, malformed or oversized body, unknown route) as ours; anything else as undefined (a 500).
 */
export const classify = (u: unknown): ApiError | undefined => {
  if (typeof u === "object" && u !== null && byClass.has(u.constructor)) return u as ApiError
  if (u instanceof HttpApiError.HttpApiDecodeError) return fromFieldIssue(u.issues[0])
  if (u instanceof HttpServerError.RouteNotFound) return new RouteNotFound()
  if (u instanceof HttpServerError.RequestError && u.reason === "Decode") {
    return isTooLarge(u.cause)
      ? new PayloadTooLarge({ limitBytes: MAX_BODY_BYTES })
      : invalid("invalid_json", "The request body is not valid JSON")
  }
  return undefined
}

/** The response for an error, with its status, the envelope and (on 429) `Retry-After`. */
export const errorResponse = (error: ApiError, context: Context): HttpServerResponse.HttpServerResponse => {
  const entry = byClass.get(error.constructor)!
  return HttpServerResponse.unsafeJson(
    { error: entry.toWire(error, context) },
    {
      status: entry.status,
      ...(error._tag === "RateLimitExceeded" ? { headers: { "retry-after": String(error.retryAfterSeconds) } } : {})
    }
  )
}

export const authErrors = Schema.Union(Missing.schema, Invalid.schema, Revoked.schema, Suspended.schema)
