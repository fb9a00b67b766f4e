import { HttpApiClient, HttpClient, HttpClientRequest } from "@effect/platform"
import { Cause, Effect, Layer, Logger, LogLevel, Option, Redacted } from "effect"
import * as NaturalEarthGeography from "../../../../src/adapters/geography/NaturalEarthGeography.js"
import * as MemoryStorage from "../../../../src/adapters/memory/MemoryStorage.js"
import * as NodeCrypto from "../../../../src/adapters/system/NodeCrypto.js"
import * as SequentialIds from "../../../../src/adapters/system/SequentialIds.js"
import { AdminApi } from "../../../../src/adapters/http/AdminApi.js"
import * as HttpServerLive from "../../../../src/adapters/http/HttpServerLive.js"
import { SpotCastApi } from "../../../../src/adapters/http/SpotCastApi.js"
import { startWorkerPool } from "../../../../src/application/worker/WorkerPool.js"
import type { Analyst } from "../../../../src/ports/Analyst.js"
import type { Geography } from "../../../../src/ports/Geography.js"
import type { SettingsShape } from "../../../../src/ports/Settings.js"
import type { WeatherProvider } from "../../../../src/ports/WeatherProvider.js"
import * as TestSettings from "../../../support/TestSettings.js"
import { analystLayer, defectOnKeyLookup, defectOnRead, weatherLayer } from "./TestDoubles.js"

export const ADMIN_TOKEN = "test-admin-token-0123456789"

/** Every error-level log line of the servers of this test file, message and cause. */
export const errorLogs: Array<string> = []

const captureErrors = Logger.add(
  Logger.make(({ cause, logLevel, message }) => {
    if (logLevel._tag === "Error") errorLogs.push(`${String(message)} ${Cause.pretty(cause)}`)
  })
)

export interface TestServerOptions {
  readonly settings?: Partial<SettingsShape>
  /** Run forecast workers (default true); without them forecasts stay in processing. */
  readonly workers?: boolean
  /** Enable the operator API with ADMIN_TOKEN (default true). */
  readonly admin?: boolean
  readonly trustProxy?: boolean
  /** The HTTP adapter's purchase URL (default: the server's own /billing page). */
  readonly purchaseUrl?: string
  /** Also a logger for every level (default: only warnings and errors are written, not the request lines). */
  readonly logger?: Layer.Layer<never>
  /** The HTTP adapter's /metrics options (default: on, no token). */
  readonly metrics?: HttpServerLive.ServerOptions["metrics"]
  readonly requestLog?: boolean
  /** Weather and analyst in place of the calm-weather and one-sentence doubles (e.g. the real simulator and built-in analyst). */
  readonly intelligence?: Layer.Layer<WeatherProvider | Analyst, never, Geography>
  /** The weather provider (default: the deterministic calm double); it may use the real Geography. */
  readonly weather?: Layer.Layer<WeatherProvider, never, Geography>
  readonly maxConnectionsPerAddress?: number
}

/**
 * The shared test stack: a real HTTP server on a random port over memory storage, sequential ids,
 * test settings (a high rate limit unless overridden), deterministic weather and analyst doubles and
 * the real worker pool. It also provides an HttpClient pointed at the server and the storage ports.
 */
export const layer = (options: TestServerOptions = {}) =>
  layerOn(
    Layer.mergeAll(
      MemoryStorage.layer,
      defectOnRead.pipe(Layer.provide(MemoryStorage.layer)),
      defectOnKeyLookup.pipe(Layer.provide(MemoryStorage.layer))
    ),
    options
  )

/** The same stack on other storage (every storage port and StorageHealth), e.g. embedded PGlite. */
export const layerOn = <S, E>(storage: Layer.Layer<S, E>, options: TestServerOptions = {}) => {
  const core = Layer.mergeAll(
    storage,
    SequentialIds.layer,
    NodeCrypto.layer,
    TestSettings.layer({ rateLimitPerMinute: 100_000, ...options.settings }),
    Layer.provide(options.intelligence ?? Layer.merge(options.weather ?? weatherLayer, analystLayer), NaturalEarthGeography.layer),
    NaturalEarthGeography.layer
  )
  const workers = options.workers === false
    ? Layer.empty
    : Layer.scopedDiscard(
      startWorkerPool({ concurrency: 2, pollInterval: "20 millis", lease: "10 seconds", shutdownGrace: "1 second" })
    )
  const server = HttpServerLive.layerTest({
    adminToken: options.admin === false ? Option.none() : Option.some(Redacted.make(ADMIN_TOKEN)),
    trustProxy: options.trustProxy ?? false,
    purchaseUrl: options.purchaseUrl,
    metrics: options.metrics,
    requestLog: options.requestLog,
    maxConnectionsPerAddress: options.maxConnectionsPerAddress
  })
  const logging = options.logger === undefined
    ? Layer.merge(captureErrors, Logger.minimumLogLevel(LogLevel.Warning))
    : Layer.merge(captureErrors, options.logger)
  return Layer.mergeAll(server, workers).pipe(Layer.provide(logging), Layer.provideMerge(core))
}

const withToken = (token: string, header: "bearer" | "x-api-key") =>
  HttpClient.mapRequest(
    header === "bearer" ? HttpClientRequest.bearerToken(token) : HttpClientRequest.setHeader("x-api-key", token)
  )

/** A typed client of the public API authenticated with `key`. */
export const client = (key: string, header: "bearer" | "x-api-key" = "bearer") =>
  HttpApiClient.make(SpotCastApi, { transformClient: withToken(key, header) })

/** A typed client of the operator API. */
export const adminClient = (token = ADMIN_TOKEN) => HttpApiClient.make(AdminApi, { transformClient: withToken(token, "bearer") })

/** A raw request and its body as text, unchecked. */
export const rawText = (request: HttpClientRequest.HttpClientRequest) =>
  Effect.gen(function*() {
    const response = yield* (yield* HttpClient.HttpClient).execute(request)
    return { status: response.status, headers: response.headers, text: yield* response.text }
  })

/** A raw request and its decoded JSON body (undefined when the body is not JSON). */
export const raw = (request: HttpClientRequest.HttpClientRequest) =>
  Effect.gen(function*() {
    const response = yield* (yield* HttpClient.HttpClient).execute(request)
    const text = yield* response.text
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    if (response.status < 400) return { status: response.status, headers: response.headers, text, json: json as any }
    const checked = checkedRequestId(json, response.headers)
    // The text as it was before the id was added (the server writes compact JSON, request_id last).
    return { status: response.status, headers: response.headers, text: checked === json ? text : JSON.stringify(checked), json: checked as any }
  })

/**
 * Every error body (4xx, 5xx) names its request in `error.request_id`, the same id as the Request-Id header
 * (checked here for every response any test reads raw); it is then set aside so that the tests compare
 * the rest of the envelope.
 */
const checkedRequestId = (json: unknown, headers: Readonly<Record<string, string>>) => {
  const error = (json as { error?: Record<string, unknown> } | undefined)?.error
  if (typeof error !== "object" || error === null || Array.isArray(error)) return json
  if (error.request_id !== headers["request-id"] || headers["request-id"] === undefined) {
    throw new Error(`error.request_id ${String(error.request_id)} is not the Request-Id header ${headers["request-id"]}`)
  }
  const { request_id: _, ...rest } = error
  return { ...(json as object), error: rest }
}
