import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Clock, Context, DefaultServices, Effect, Tracer } from "effect"
import { HEALTH_PATH, READY_PATH } from "./Health.js"
import * as HttpMetrics from "./HttpMetrics.js"
import * as RequestId from "./RequestId.js"
import { cacheable } from "./StaticCache.js"
import * as RequestInfo from "./RequestInfo.js"
import { withHeaders } from "../ResponseHeaders.js"
import { routeOf } from "./RouteNames.js"

export const REQUEST_ID_HEADER = "request-id"

const pathOf = (url: string) => {
  const q = url.indexOf("?")
  return q === -1 ? url : url.slice(0, q)
}

const decoder = new TextDecoder()

/** An error envelope `{"error": {...}}` gets `request_id` beside its code, so a report quotes it. */
const withRequestIdInError = (response: HttpServerResponse.HttpServerResponse, requestId: string) => {
  if (response.status < 400 || response.body._tag !== "Uint8Array") return response
  if (!response.body.contentType.startsWith("application/json")) return response
  let parsed: unknown
  try {
    parsed = JSON.parse(decoder.decode(response.body.body))
  } catch {
    return response
  }
  if (typeof parsed !== "object" || parsed === null) return response
  const error = (parsed as { error?: unknown }).error
  if (typeof error !== "object" || error === null || Array.isArray(error)) return response
  // Set on the body just parsed (it is ours alone), not spread into a copy: V8 makes a new hidden class for
  // each spread copy of a parsed object, on every error answered (docs/performance.md).
  const envelope = error as Record<string, unknown>
  envelope.request_id = requestId
  return HttpServerResponse.setBody(response, HttpBody.unsafeJson(parsed, response.body.contentType))
}

export interface ObserveOptions {
  /** Paths served outside the API (docs, OpenAPI, billing) that logs and metrics name as they are. */
  readonly knownPaths: ReadonlyArray<string>
  /** Static pages answered cacheable and compressed (docs, OpenAPI). */
  readonly cacheablePaths?: ReadonlyArray<string>
  /** One INFO line per request (default true; SPOTCAST_REQUEST_LOG=false turns it off). */
  readonly requestLog?: boolean
}

/**
 * The outermost layer of every request: a Request-Id on every response and in error bodies, the
 * request id on every log line written while serving, and one log line per request. It starts the
 * request's record (RequestInfo) and answers with the headers the request gate put in it.
 * It runs on every request, so it is written with few effects: the request, clock and span are read
 * from the fiber directly, the metrics are updated in place, and only the log line is an effect.
 */
export const middleware = (options: ObserveOptions) => {
  const knownPaths = [...options.knownPaths, HEALTH_PATH, READY_PATH]
  const cacheablePaths = options.cacheablePaths ?? []
  const requestLog = options.requestLog !== false
  return (app: HttpApp.Default) =>
    Effect.withFiberRuntime<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest>((fiber) => {
      const context = fiber.currentContext
      const request = Context.unsafeGet(context, HttpServerRequest.HttpServerRequest)
      const clock = Context.get(fiber.getFiberRef(DefaultServices.currentServices), Clock.Clock)
      const requestId = RequestId.fromHeaders(request.headers)
      const path = pathOf(request.url)
      const started = clock.unsafeCurrentTimeMillis()
      const info = RequestInfo.start(request, requestId)

      const finish = (_: unknown, response: HttpServerResponse.HttpServerResponse) => {
        const durationMillis = clock.unsafeCurrentTimeMillis() - started
        const finishing = cacheablePaths.includes(path) ? cacheable(request, response) : response
        const headed = HttpServerResponse.setHeader(
          info.headers === undefined ? finishing : withHeaders(finishing, info.headers),
          REQUEST_ID_HEADER,
          requestId
        )
        const answered = withRequestIdInError(headed, requestId)
        const route = routeOf(request.method, path, knownPaths)
        HttpMetrics.recordNow(request.method, route, answered.status, durationMillis)
        if (!requestLog) return Effect.succeed(answered)
        return Effect.as(
          Effect.annotateLogs(Effect.logInfo("request"), {
            method: request.method,
            route,
            status: answered.status,
            duration_ms: durationMillis,
            request_id: requestId,
            ...(info.accountId === undefined ? {} : { account_id: info.accountId })
          }),
          answered
        )
      }

      // The server's request span (continuing the caller's traceparent), when tracing is on, carries the id too.
      const span = Context.getOption(context, Tracer.ParentSpan)
      if (span._tag === "Some" && span.value._tag === "Span") span.value.attribute("http.request_id", requestId)
      return Effect.zipRight(
        HttpApp.appendPreResponseHandler(finish),
        Effect.annotateLogs(app, "request_id", requestId)
      )
    })
}
