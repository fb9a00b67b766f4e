import {
  HttpApiBuilder,
  HttpApiError,
  HttpApp,
  HttpIncomingMessage,
  HttpServerError,
  HttpServerRequest,
  HttpServerResponse
} from "@effect/platform"
import { Cause, Clock, Effect, Either, Exit, Option, Schema } from "effect"
import { MissingApiKey } from "../../domain/account/ApiKey.js"
import { invalid } from "../../domain/Validation.js"
import { authenticate } from "../../application/Authenticate.js"
import { Settings } from "../../ports/Settings.js"
import { InternalError, MAX_BODY_BYTES, RateLimitExceeded, RouteNotFound, ServiceUnavailable } from "./contract/EdgeErrors.js"
import { StorageHealth } from "../../ports/StorageHealth.js"
import { fromFieldIssue } from "./contract/FieldErrors.js"
import type { RateDecision } from "./RateWindow.js"
import { RequestAuth } from "./Authentication.js"
import { bodyTooLarge, isTooLarge, tooLarge } from "./BodyLimit.js"
import { checkBodyShape } from "./BodyShape.js"
import { RateLimiter } from "./RateLimiter.js"
import * as Health from "./observability/Health.js"
import * as MetricsRoute from "./observability/MetricsRoute.js"
import { noteAccount } from "./observability/RequestInfo.js"
import { ServedApi } from "./ServedApi.js"

export const ADMIN_PREFIX = "/admin/v1"

const pathOf = (url: string) => {
  const q = url.indexOf("?")
  return q === -1 ? url : url.slice(0, q)
}

const isAdminPath = (path: string) => path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)

const rateHeaders = (decision: RateDecision) => ({
  "x-ratelimit-limit": String(decision.limit),
  "x-ratelimit-remaining": String(decision.remaining),
  "x-ratelimit-reset": String(decision.resetAtSeconds)
})

const single = (value: string | undefined) => (value === undefined || value === "" ? undefined : value)

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
 */
const gate = (options: GateOptions) =>
  Effect.gen(function*() {
    const limiter = yield* RateLimiter
    return (app: HttpApp.Default) =>
      Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const settings = yield* Settings
        if (Health.ungated(pathOf(request.url)) || MetricsRoute.ungated(pathOf(request.url))) return yield* app
        const admin = isAdminPath(pathOf(request.url))

        const headers = request.headers
        const bearer = admin ? undefined : bearerOf(single(headers["authorization"]))
        const apiKey = admin ? undefined : single(headers["x-api-key"])
        const auth = bearer === undefined && apiKey === undefined
          ? noKey
          : yield* Effect.exit(Effect.either(authenticate({ bearer, apiKey })))

        // Storage did not answer the key lookup: the rate limiter would wait on it again; answer 503 now.
        if (Exit.isFailure(auth) && (yield* StorageHealth).isOutage(Cause.squash(auth.cause))) return yield* Effect.failCause(auth.cause)
        const caller = Exit.isSuccess(auth) && Either.isRight(auth.value) ? auth.value.right : undefined
        if (caller !== undefined) yield* noteAccount(caller.account.id)
        const decision = yield* limiter.hit(
          caller === undefined ? `addr:${clientAddress(request, options.trustProxy)}` : `key:${caller.key.id}`,
          caller?.account.rateLimitPerMinute ?? settings.rateLimitPerMinute,
          yield* Clock.currentTimeMillis
        )
        const limitHeaders = decision.allowed
          ? rateHeaders(decision)
          : { ...rateHeaders(decision), "retry-after": String(decision.retryAfterSeconds) }
        yield* HttpApp.appendPreResponseHandler((_, response) =>
          Effect.succeed(HttpServerResponse.setHeaders(response, limitHeaders))
        )

        if (!decision.allowed) return yield* new RateLimitExceeded({ retryAfterSeconds: decision.retryAfterSeconds })
        if (Exit.isFailure(auth)) return yield* Effect.failCause(auth.cause)
        if (admin && !options.adminEnabled) return yield* new RouteNotFound()
        if (yield* bodyTooLarge(request)) return yield* tooLarge()
        const badBody = yield* checkBodyShape(request)
        if (Option.isSome(badBody)) return yield* badBody.value

        return yield* app.pipe(
          Effect.provideService(RequestAuth, auth.value),
          HttpIncomingMessage.withMaxBodySize(Option.some(MAX_BODY_BYTES))
        )
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

/** How long a client should wait before retrying during a storage outage. */
const OUTAGE_RETRY_AFTER_SECONDS = 2

/**
 * Declared failures pass on to HttpApi; storage that cannot be reached is 503 with Retry-After;
 * anything else is logged with its cause and answered 500.
 */
const recover = <E>(cause: Cause.Cause<E>) =>
  Effect.gen(function*() {
    // A client that went away: nothing to answer (an interruption-only cause carries no error).
    if (Cause.isInterruptedOnly(cause)) return yield* Effect.failCause(cause)
    const error = Cause.squash(cause)
    const framework = fromFramework(error)
    if (framework !== undefined) return yield* framework
    if (isDeclared(error)) return yield* Effect.failCause(cause)
    const request = yield* HttpServerRequest.HttpServerRequest
    if ((yield* StorageHealth).isOutage(error)) {
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
  HttpApiBuilder.middleware(ServedApi, gate(options), { withContext: true })
