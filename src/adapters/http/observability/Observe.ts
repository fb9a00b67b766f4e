import { HttpApp, HttpBody, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Clock, Effect } from "effect"
import { HEALTH_PATH, READY_PATH } from "./Health.js"
import * as HttpMetrics from "./HttpMetrics.js"
import * as RequestId from "./RequestId.js"
import { cacheable } from "./StaticCache.js"
import { RequestInfo, type RequestInfoShape } from "./RequestInfo.js"
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
  return HttpServerResponse.setBody(
    response,
    HttpBody.unsafeJson({ ...parsed, error: { ...error, request_id: requestId } }, response.body.contentType)
  )
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
 * request id on every log line written while serving, and one log line per request.
 */
export const middleware = (options: ObserveOptions) => (app: HttpApp.Default) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const requestId = RequestId.fromHeaders(request.headers)
    const path = pathOf(request.url)
    const started = yield* Clock.currentTimeMillis
    const info: RequestInfoShape = { requestId, accountId: undefined }
    const knownPaths = [...options.knownPaths, HEALTH_PATH, READY_PATH]

    yield* HttpApp.appendPreResponseHandler((_, response) =>
      Effect.gen(function*() {
        const finished = yield* Clock.currentTimeMillis
        const finishing = options.cacheablePaths?.includes(path) ? cacheable(request, response) : response
        const answered = withRequestIdInError(
          HttpServerResponse.setHeader(finishing, REQUEST_ID_HEADER, requestId),
          requestId
        )
        const route = routeOf(request.method, path, knownPaths)
        yield* HttpMetrics.record(request.method, route, answered.status, finished - started)
        if (options.requestLog === false) return answered
        yield* Effect.logInfo("request").pipe(
          Effect.annotateLogs({
            method: request.method,
            route,
            status: answered.status,
            duration_ms: finished - started,
            request_id: requestId,
            ...(info.accountId === undefined ? {} : { account_id: info.accountId })
          })
        )
        return answered
      })
    )

    // The server's request span (continuing the caller's traceparent) carries the id too.
    yield* Effect.annotateCurrentSpan("http.request_id", requestId)
    return yield* app.pipe(
      Effect.provideService(RequestInfo, info),
      Effect.annotateLogs("request_id", requestId)
    )
  })
