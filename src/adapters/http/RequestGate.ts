import { HttpApiBuilder, HttpApp, HttpIncomingMessage, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Cause, Clock, Effect, Either, Exit, Option } from "effect"
import { MissingApiKey } from "../../domain/account/ApiKey.js"
import {
  InternalError,
  MAX_BODY_BYTES,
  PayloadTooLarge,
  RateLimitExceeded,
  RouteNotFound
} from "./contract/EdgeErrors.js"
import type { RateDecision } from "./RateWindow.js"
import { authenticate } from "../../application/Authenticate.js"
import { Settings } from "../../ports/Settings.js"
import { type ApiError, classify, errorResponse } from "./ApiErrors.js"
import { RequestAuth } from "./Authentication.js"
import { RateLimiter } from "./RateLimiter.js"

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

/** A chunked body is read whole up to this size before it is judged; beyond it the connection is dropped. */
const CHUNKED_READ_CEILING = 1024 * 1024

const isJsonBody = (contentType: string | undefined) =>
  contentType === undefined || contentType.toLowerCase().includes("application/json")

/**
 * Over 64 KiB: known at once from Content-Length. A chunked JSON body is read here (the request caches
 * it, so the endpoint does not read it again) and measured, so that it too gets a 413 answer: letting
 * the endpoint's reader hit the limit would drop the connection instead of answering.
 */
const bodyTooLarge = (request: HttpServerRequest.HttpServerRequest) => {
  const length = request.headers["content-length"]
  if (length !== undefined) return Effect.succeed(Number(length) > MAX_BODY_BYTES)
  if (request.headers["transfer-encoding"] === undefined || !isJsonBody(request.headers["content-type"])) {
    return Effect.succeed(false)
  }
  return request.text.pipe(
    HttpIncomingMessage.withMaxBodySize(Option.some(CHUNKED_READ_CEILING)),
    Effect.map((text) => Buffer.byteLength(text) > MAX_BODY_BYTES),
    Effect.catchAll((error) => Effect.succeed(classify(error)?._tag === "PayloadTooLarge"))
  )
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
 * 2. the rate limit (per key, else per client address) and its three headers on every response,
 * 3. the operator API answering 404 when no admin token is configured,
 * 4. the 64 KiB body limit (by Content-Length up front, and while reading a chunked body),
 * 5. every failure and defect turned into the error envelope; defects logged, never disclosed.
 */
const gate = (options: GateOptions) =>
  Effect.gen(function*() {
    const limiter = yield* RateLimiter
    return (app: HttpApp.Default) =>
      Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const settings = yield* Settings
        const respond = (error: ApiError) => errorResponse(error, settings)
        const admin = isAdminPath(pathOf(request.url))

        const headers = request.headers
        const bearer = admin ? undefined : bearerOf(single(headers["authorization"]))
        const apiKey = admin ? undefined : single(headers["x-api-key"])
        const auth = bearer === undefined && apiKey === undefined
          ? noKey
          : yield* Effect.exit(Effect.either(authenticate({ bearer, apiKey })))

        const caller = Exit.isSuccess(auth) && Either.isRight(auth.value) ? auth.value.right : undefined
        const decision = limiter.hit(
          caller === undefined ? `addr:${clientAddress(request, options.trustProxy)}` : `key:${caller.key.id}`,
          caller?.account.rateLimitPerMinute ?? settings.rateLimitPerMinute,
          yield* Clock.currentTimeMillis
        )
        const limitHeaders = rateHeaders(decision)
        yield* HttpApp.appendPreResponseHandler((_, response) =>
          Effect.succeed(HttpServerResponse.setHeaders(response, limitHeaders))
        )

        if (!decision.allowed) return respond(new RateLimitExceeded({ retryAfterSeconds: decision.retryAfterSeconds }))
        if (Exit.isFailure(auth)) return yield* Effect.failCause(auth.cause)
        if (admin && !options.adminEnabled) return respond(new RouteNotFound())
        if (yield* bodyTooLarge(request)) return respond(new PayloadTooLarge({ limitBytes: MAX_BODY_BYTES }))

        return yield* app.pipe(
          Effect.provideService(RequestAuth, auth.value),
          HttpIncomingMessage.withMaxBodySize(Option.some(MAX_BODY_BYTES))
        )
      }).pipe(Effect.catchAllCause(recover))
  })

/** Known failures become their envelope; anything else is logged with its cause and answered 500. */
const recover = (cause: Cause.Cause<unknown>) =>
  Effect.gen(function*() {
    // A client that went away: nothing to answer (an interruption-only cause carries no error).
    if (Cause.isInterruptedOnly(cause)) return yield* Effect.failCause(cause as Cause.Cause<never>)
    const settings = yield* Settings
    const known = classify(Cause.squash(cause))
    if (known !== undefined) return errorResponse(known, settings)
    const request = yield* HttpServerRequest.HttpServerRequest
    yield* Effect.logError(`unhandled error in ${request.method} ${pathOf(request.url)}`, cause)
    return errorResponse(new InternalError(), settings)
  })

/** The gate as an API-level middleware. */
export const layer = (options: GateOptions) => HttpApiBuilder.middleware(gate(options), { withContext: true })
