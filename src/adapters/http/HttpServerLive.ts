import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServer from "@effect/platform/HttpServer"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Clock, Effect, Layer, Option, type Redacted, Runtime } from "effect"
import * as AdminAuth from "./AdminAuth.js"
import * as BillingPage from "./BillingPage.js"
import * as EmbedRoutes from "./embed/EmbedRoutes.js"
import { AdminLive } from "./AdminHandlers.js"
import * as Authentication from "./Authentication.js"
import * as RateLimiter from "./RateLimiter.js"
import * as ParserErrors from "./ParserErrors.js"
import * as RequestGate from "./RequestGate.js"
import * as WebhookHosts from "./WebhookHosts.js"
import { ServedApi } from "./ServedApi.js"
import { AccountLive, SpotCastsLive } from "./SpotCastHandlers.js"
import * as Health from "./observability/Health.js"
import * as Lifecycle from "./observability/Lifecycle.js"
import * as DocsRoutes from "./observability/DocsRoutes.js"
import * as MetricsRoute from "./observability/MetricsRoute.js"
import * as Observe from "./observability/Observe.js"
import { RoutesLive } from "./RouteHandlers.js"
import { WidgetsAdminLive, WidgetsLive } from "./WidgetHandlers.js"
import { UsageAdminLive, UsageLive } from "./UsageHandlers.js"
import * as RequestCounter from "../../application/usage/RequestCounter.js"
import { Settings } from "../../ports/Settings.js"

export const OPENAPI_PATH = "/v3/openapi.json"
export const DOCS_PATH = "/docs"

export interface ServerOptions {
  /** Enables the operator API under /admin/v1; without it every /admin/v1 path is 404. */
  readonly adminToken: Option.Option<Redacted.Redacted<string>>
  /**
   * Rate-limit unauthenticated clients by the last X-Forwarded-For entry instead of the socket address.
   * Only behind one reverse proxy that appends it (default false).
   */
  readonly trustProxy?: boolean | undefined
  /**
   * The billing page that balance answers and 402 errors point to (SPOTCAST_PURCHASE_URL); by default
   * the page this server serves at /billing.
   */
  readonly purchaseUrl?: string | undefined
  /** GET /metrics (default: on, without a token). */
  readonly metrics?: MetricsRoute.MetricsOptions | undefined
  /** One log line per request (default true). */
  readonly requestLog?: boolean | undefined
  /** Accept webhook URLs naming private or loopback addresses (SPOTCAST_WEBHOOK_ALLOW_PRIVATE; default false). */
  readonly webhookAllowPrivate?: boolean | undefined
  /**
   * Open connections one client address may hold (SPOTCAST_MAX_CONNECTIONS_PER_ADDRESS; 0 turns the cap
   * off; always off behind a trusted proxy). The service's server defaults to
   * ParserErrors.MAX_CONNECTIONS_PER_ADDRESS; the test server has no cap unless given one.
   */
  readonly maxConnectionsPerAddress?: number | undefined
}

/**
 * Gives the refusals written outside the API (ParserErrors) the address's rate-limit headers, from
 * the same limiter and limit as the API's unauthenticated requests.
 */
const edgeRateHeaders = (edge: ParserErrors.Edge) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const limiter = yield* RateLimiter.RateLimiter
    const settings = yield* Settings
    const runtime = yield* Effect.runtime<never>()
    edge.rateHeaders = (address) =>
      Runtime.runPromise(runtime)(Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.map(limiter.hit(`addr:${address}`, settings.rateLimitPerMinute, now), (decision) =>
          decision.allowed
            ? RequestGate.rateHeaders(decision)
            : { ...RequestGate.rateHeaders(decision), "retry-after": String(decision.retryAfterSeconds) })))
  })).pipe(Layer.provide(RateLimiter.layer))

const serverOf = (options: ServerOptions, edge: ParserErrors.Edge, defaultCap: number | undefined) => () => {
  const cap = options.maxConnectionsPerAddress ?? defaultCap
  return ParserErrors.makeServer(edge, {
    maxConnectionsPerAddress: options.trustProxy === true || cap === 0 ? undefined : cap
  })
}

const api = (options: ServerOptions) =>
  HttpApiBuilder.api(ServedApi).pipe(
    Layer.provide([SpotCastsLive, AccountLive, AdminLive, WidgetsLive, WidgetsAdminLive, UsageLive, UsageAdminLive, RoutesLive]),
    Layer.provide([
      Authentication.layer,
      AdminAuth.layer(options.adminToken),
      BillingPage.purchaseUrlLayer(options.purchaseUrl),
      WebhookHosts.layer(options.webhookAllowPrivate ?? false)
    ])
  )

/**
 * Both APIs, the OpenAPI document, the docs page and the request gate, ready for an HttpServer.
 * Requires the storage ports, Ids and Settings.
 */
export const app = (options: ServerOptions) =>
  HttpApiBuilder.serve(Observe.middleware({
    knownPaths: [OPENAPI_PATH, DOCS_PATH, BillingPage.BILLING_PATH, MetricsRoute.METRICS_PATH, "/"],
    cacheablePaths: [OPENAPI_PATH, DOCS_PATH],
    requestLog: options.requestLog ?? true
  })).pipe(
    Layer.provide([
      Health.routes,
      MetricsRoute.layer(options.metrics ?? { enabled: true, token: Option.none() }),
      DocsRoutes.openApiLayer(OPENAPI_PATH),
      DocsRoutes.docsLayer(DOCS_PATH),
      DocsRoutes.rootLayer({ docs: DOCS_PATH, openapi: OPENAPI_PATH }),
      BillingPage.layer,
      EmbedRoutes.layer,
      RequestGate.layer({
        adminEnabled: Option.isSome(options.adminToken),
        trustProxy: options.trustProxy ?? false
      }).pipe(Layer.provide(RateLimiter.layer))
    ]),
    Layer.provide(api(options)),
    // Long (malformed) ids still reach the endpoints, to be answered as not found like any unknown id.
    Layer.provide(HttpRouter.setRouterConfig({ maxParamLength: 1024 })),
    // One request counter per server: the gate counts into it, usage reports flush it first.
    Layer.provideMerge(RequestCounter.layer()),
    Layer.provideMerge(Lifecycle.layer)
  )

/** The service's HTTP server on Node, listening on `host:port`. */
export const layer = (options: ServerOptions & { readonly port: number; readonly host?: string | undefined }) => {
  const edge = ParserErrors.makeEdge()
  return Layer.merge(app(options), edgeRateHeaders(edge)).pipe(
    HttpServer.withLogAddress,
    Layer.provide(NodeHttpServer.layer(serverOf(options, edge, ParserErrors.MAX_CONNECTIONS_PER_ADDRESS), {
      port: options.port,
      ...(options.host === undefined ? {} : { host: options.host })
    }))
  )
}

/**
 * The same server on a random local port, with an HttpClient pointed at it (tests). The client opens at
 * most as many connections at once as the service's server lets one address hold: it runs in the
 * server's own process, so a burst of a thousand requests would have every connection accepted at once
 * and some written to only after the server's header deadline had passed (a reset, not an answer).
 */
export const layerTest = (options: ServerOptions) => {
  const edge = ParserErrors.makeEdge()
  return Layer.merge(app(options), edgeRateHeaders(edge)).pipe(
    Layer.provideMerge(
      HttpServer.layerTestClient.pipe(
        Layer.provide(NodeHttpClient.layerWithoutAgent),
        Layer.provide(NodeHttpClient.makeAgentLayer({ keepAlive: false, maxSockets: ParserErrors.MAX_CONNECTIONS_PER_ADDRESS })),
        Layer.provideMerge(NodeHttpServer.layer(serverOf(options, edge, undefined), { port: 0 }))
      )
    )
  )
}
