import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpApiError from "@effect/platform/HttpApiError"
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpIncomingMessage from "@effect/platform/HttpIncomingMessage"
import * as HttpServerError from "@effect/platform/HttpServerError"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Cause, Clock, Context, DefaultServices, Effect, Either, Exit, Option, Schema } from "effect"
import { MissingApiKey } from "../../domain/account/ApiKey.js"
import { invalid, type ValidationError } from "../../domain/Validation.js"
import { type Caller, makeAuthenticate } from "../../application/account/Authenticate.js"
import { RequestCounter } from "../../application/usage/RequestCounter.js"
import { Settings } from "../../ports/Settings.js"
import {
  InternalError,
  MAX_BODY_BYTES,
  MethodNotAllowed,
  type PayloadTooLarge,
  RateLimitExceeded,
  RouteNotFound,
  ServiceUnavailable,
  type UnsupportedMediaType
} from "./contract/EdgeErrors.js"
import { StorageHealth } from "../../ports/StorageHealth.js"
import { fromFieldIssue } from "./contract/FieldErrors.js"
import type { RateDecision } from "./RateWindow.js"
import type { AuthFailure } from "./Authentication.js"
import { allowedMethods } from "./AllowedMethods.js"
import { bodyTooLarge, isTooLarge, tooLarge } from "./BodyLimit.js"
import { checkBodyShape, hasBody } from "./BodyShape.js"
import { RateLimiter } from "./RateLimiter.js"
import { withHeaders } from "./ResponseHeaders.js"
import * as Health from "./observability/Health.js"
import * as MetricsRoute from "./observability/MetricsRoute.js"
import * as RequestId from "./observability/RequestId.js"
import * as RequestInfo from "./observability/RequestInfo.js"
import { ServedApi } from "./ServedApi.js"

export const ADMIN_PREFIX = "/admin/v1"

const pathOf = (url: string) => {
  const q = url.indexOf("?")
  return q === -1 ? url : url.slice(0, q)
}

const isAdminPath = (path: string) => path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)

export const rateHeaders = (decision: RateDecision) => ({
  "x-ratelimit-limit": String(decision.limit),
  "x-ratelimit-remaining": String(decision.remaining),
  "x-ratelimit-reset": String(decision.resetAtSeconds)
})

const single = (value: string | undefined) => (value === undefined || value === "" ? undefined : value)

/** Every line of the header `name` as sent (Node keeps only the first Authorization and joins others with ", "). */
const linesOf = (request: HttpServerRequest.HttpServerRequest, name: string): ReadonlyArray<string> => {
  const raw = (request.source as { rawHeaders?: unknown } | undefined)?.rawHeaders
  if (!Array.isArray(raw)) {
    const value = request.headers[name]
    return value === undefined ? [] : [value]
  }
  const lines: Array<string> = []
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (String(raw[i]).toLowerCase() === name) lines.push(String(raw[i + 1]))
  }
  return lines
}

/**
 * The one key a request presents, however many times it repeats it; a refusal when it presents
 * different ones (two Authorization lines, or Authorization and X-API-Key that disagree): a proxy
 * that honours another line than this service would otherwise act for another account.
 */
const credentialsOf = (request: HttpServerRequest.HttpServerRequest, admin: boolean) => {
  const authorization = linesOf(request, "authorization").map((line) => line.trim()).filter((line) => line !== "")
  const apiKeys = admin ? [] : linesOf(request, "x-api-key").map((line) => line.trim()).filter((line) => line !== "")
  const bearers = authorization.map((line) => bearerOf(line)!.trim())
  const presented = new Set(admin ? authorization : [...bearers, ...apiKeys])
  if (presented.size > 1) {
    return Either.left(invalid(
      "ambiguous_credentials",
      admin
        ? "More than one different Authorization header was sent: send one"
        : "More than one different API key was sent (Authorization and X-API-Key, or a header repeated): send one key",
      authorization.length > 1 || admin ? "Authorization" : "X-API-Key"
    ))
  }
  return Either.right({ bearer: single(bearers[0]), apiKey: single(apiKeys[0]) })
}

/** An HTTP/1.1 request must name its Host (RFC 9112 §3.2); HTTP/1.0 may leave it out. */
const missingHost = (request: HttpServerRequest.HttpServerRequest) =>
  request.headers["host"] === undefined &&
  (request.source as { httpVersion?: unknown } | undefined)?.httpVersion !== "1.0"

/** The bearer token; any other Authorization scheme is passed on whole, to be refused as an invalid key. */
const bearerOf = (authorization: string | undefined) => {
  if (authorization === undefined) return undefined
  const bearer = /^bearer(?:\s+(.*))?$/i.exec(authorization)
  return bearer === null ? authorization : (bearer[1] ?? "")
}

/**
 * The client's address for the unauthenticated rate limit: the socket's peer, or behind one trusted
 * reverse proxy the last X-Forwarded-For entry (the one that proxy appended; earlier ones are the
 * client's own claims).
 */
const clientAddress = (request: HttpServerRequest.HttpServerRequest, trustProxy: boolean) => {
  const forwarded = trustProxy ? request.headers["x-forwarded-for"]?.split(",").at(-1)?.trim() : undefined
  return forwarded || Option.getOrElse(request.remoteAddress, () => "unknown")
}

export interface GateOptions {
  /** Whether an admin token is configured; without one the operator API answers 404. */
  readonly adminEnabled: boolean
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy that sets it). */
  readonly trustProxy: boolean
}

const noKey = Exit.succeed(Either.left(new MissingApiKey()))

/** What the gate itself refuses with, before the API runs. */
type Refusal = RateLimitExceeded | RouteNotFound | PayloadTooLarge | UnsupportedMediaType | ValidationError
type Gated = Effect.Effect<HttpServerResponse.HttpServerResponse, Refusal, HttpServerRequest.HttpServerRequest>
/** The caller as authenticated, or why not; a defect in authentication stays a failure of the exit. */
type AuthExit = Exit.Exit<Either.Either<Caller, AuthFailure>>

/**
 * Everything that happens to every request before and after routing, in one place:
 * 1. who is calling (the key, if any, resolved once; the endpoints read the outcome),
 * 2. the rate limit (per key, else per client address): its three headers on every response, and
 *    Retry-After on a 429,
 * 3. the operator API answering 404 when no admin token is configured,
 * 4. the 64 KiB body limit (by Content-Length up front, and while reading a chunked body), then JSON
 *    only (415) and at most 64 levels deep,
 * 5. the failures only the framework raises turned into ours, and defects logged and answered 500.
 * It fails with errors the API declares, and HttpApi writes them like the endpoints' own.
 * It runs on every request, so it is a chain of few effects (the request and clock read from the fiber);
 * a request with no body and no Content-Type skips the body checks.
 */
const gate = (options: GateOptions) =>
  Effect.gen(function*() {
    // Every service is taken here, once: what a middleware needs per request it would have provided
    // around each request (a Context merge and two fiber-ref writes).
    const limiter = yield* RateLimiter
    const usage = yield* RequestCounter
    const settings = yield* Settings
    const authenticate = yield* makeAuthenticate
    const health = yield* Effect.serviceOption(StorageHealth)
    const recover = recoverWith(health)
    return (app: HttpApp.Default) =>
      Effect.withFiberRuntime((fiber): Gated => {
        const context = fiber.currentContext
        const request = Context.unsafeGet(context, HttpServerRequest.HttpServerRequest)
        const path = pathOf(request.url)
        if (Health.ungated(path) || MetricsRoute.ungated(path)) return app
        const admin = isAdminPath(path)
        // The observe middleware starts the record; without it, the gate adds its headers itself.
        const found = RequestInfo.find(request)
        const info = found ?? RequestInfo.start(request, RequestId.fromHeaders(request.headers))

        // Refused after the rate limit (by address: no key is taken from such a request), in the envelope.
        const credentials = credentialsOf(request, admin)
        const refused: ValidationError | undefined = missingHost(request)
          ? invalid("invalid_request", "The Host header is required", "Host")
          : Either.isLeft(credentials)
          ? credentials.left
          : undefined
        const bearer = admin || Either.isLeft(credentials) ? undefined : credentials.right.bearer
        const apiKey = admin || Either.isLeft(credentials) ? undefined : credentials.right.apiKey
        const authenticated: Effect.Effect<AuthExit> = refused !== undefined || (bearer === undefined && apiKey === undefined)
          ? Effect.succeed(noKey)
          : Effect.exit(Effect.either(authenticate({ bearer, apiKey })))

        const limited = (auth: AuthExit): Gated => {
          // Storage did not answer the key lookup: the rate limiter would wait on it again; answer 503 now.
          if (Exit.isFailure(auth) && Option.isSome(health) && health.value.isOutage(Cause.squash(auth.cause))) {
            return Effect.failCause(auth.cause)
          }
          const caller = Exit.isSuccess(auth) && Either.isRight(auth.value) ? auth.value.right : undefined
          if (caller !== undefined) info.accountId = caller.account.id
          const now = Context.get(fiber.getFiberRef(DefaultServices.currentServices), Clock.Clock).unsafeCurrentTimeMillis()
          return Effect.flatMap(
            limiter.hit(
              caller === undefined ? `addr:${clientAddress(request, options.trustProxy)}` : `key:${caller.key.id}`,
              caller?.account.rateLimitPerMinute ?? settings.rateLimitPerMinute,
              now
            ),
            (decision) => {
              // Usage analytics: one in-memory increment per request made with a valid key (see RequestCounter).
              if (caller !== undefined) usage.count(caller.account.id, now, !decision.allowed)
              return admitted(auth, decision)
            }
          )
        }

        const admitted = (auth: AuthExit, decision: RateDecision): Gated => {
          info.headers = decision.allowed
            ? rateHeaders(decision)
            : { ...rateHeaders(decision), "retry-after": String(decision.retryAfterSeconds) }
          const gated: Gated = !decision.allowed
            ? Effect.fail(new RateLimitExceeded({ retryAfterSeconds: decision.retryAfterSeconds }))
            : refused !== undefined
            ? Effect.fail(refused)
            : Exit.isFailure(auth)
            ? Effect.failCause(auth.cause)
            : admin && !options.adminEnabled
            ? Effect.fail(new RouteNotFound())
            : withAuth(auth.value)
          return found !== undefined ? gated : Effect.zipRight(
            HttpApp.appendPreResponseHandler((_, response) =>
              Effect.succeed(withHeaders(response, info.headers ?? {}))),
            gated
          )
        }

        // The endpoints read the caller from the record (see Authentication). A body is measured and its
        // shape checked before any endpoint reads it, then read within the limit.
        const withAuth = (auth: Either.Either<Caller, AuthFailure>): Gated => {
          info.auth = auth
          if (!hasBody(request) && request.headers["content-type"] === undefined) return app
          return Effect.flatMap(bodyTooLarge(request), (large) =>
            large ? Effect.fail<Refusal>(tooLarge()) : Effect.flatMap(checkBodyShape(request), (badBody): Gated =>
              Option.isSome(badBody)
                ? Effect.fail(badBody.value)
                : HttpIncomingMessage.withMaxBodySize(app, Option.some(MAX_BODY_BYTES))))
        }

        return Effect.flatMap(authenticated, limited)
      }).pipe(Effect.catchAllCause(recover))
  })

/** Whether the served API declares `error`, so that HttpApi answers it with its envelope. */
const isDeclared = Schema.is(
  Schema.Union(
    ServedApi.errorSchema,
    ...Object.values(ServedApi.groups).flatMap((group) => [
      group.errorSchema,
      ...Object.values(group.endpoints).map((endpoint) => endpoint.errorSchema)
    ])
  )
)

/** The framework's own failures as the contract's: a schema failure, a malformed or oversized body, no route. */
const fromFramework = (error: unknown) => {
  if (error instanceof HttpApiError.HttpApiDecodeError) return fromFieldIssue(error.issues[0])
  if (error instanceof HttpServerError.RouteNotFound) return new RouteNotFound()
  if (error instanceof HttpServerError.RequestError && error.reason === "Decode") {
    return isTooLarge(error.cause) ? tooLarge() : invalid("invalid_json", "The request body is not valid JSON")
  }
  return undefined
}

/** A path the API has, asked with a method it does not take: 405 with Allow, else the 404 as it was. */
const wrongMethodOr = (notFound: RouteNotFound, request: HttpServerRequest.HttpServerRequest) => {
  const allow = allowedMethods(pathOf(request.url))
  if (allow.length === 0 || allow.includes(request.method)) return Effect.fail(notFound)
  return Effect.zipRight(
    HttpApp.appendPreResponseHandler((_, response) =>
      Effect.succeed(HttpServerResponse.setHeader(response, "allow", allow.join(", ")))),
    Effect.fail(new MethodNotAllowed({ method: request.method, allow }))
  )
}

/** How long a client should wait before retrying during a storage outage. */
const OUTAGE_RETRY_AFTER_SECONDS = 2

/**
 * Declared failures pass on to HttpApi; storage that cannot be reached is 503 with Retry-After;
 * anything else is logged with its cause and answered 500.
 */
const recoverWith = (health: Option.Option<StorageHealth["Type"]>) => <E>(cause: Cause.Cause<E>) =>
  Effect.gen(function*() {
    // A client that went away: nothing to answer (an interruption-only cause carries no error).
    if (Cause.isInterruptedOnly(cause)) return yield* Effect.failCause(cause)
    const error = Cause.squash(cause)
    const request = yield* HttpServerRequest.HttpServerRequest
    const framework = fromFramework(error)
    if (framework instanceof RouteNotFound) return yield* wrongMethodOr(framework, request)
    if (framework !== undefined) return yield* framework
    if (isDeclared(error)) return yield* Effect.failCause(cause)
    if (Option.isSome(health) && health.value.isOutage(error)) {
      yield* Effect.logWarning(`storage unavailable in ${request.method} ${pathOf(request.url)}: answered 503`)
      yield* HttpApp.appendPreResponseHandler((_, response) =>
        Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", String(OUTAGE_RETRY_AFTER_SECONDS))))
      return yield* new ServiceUnavailable({ retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS })
    }
    yield* Effect.logError(`unhandled error in ${request.method} ${pathOf(request.url)}`, cause)
    return yield* new InternalError()
  })

/** The gate as an API-level middleware. */
export const layer = (options: GateOptions) =>
  HttpApiBuilder.middleware(ServedApi, gate(options))
