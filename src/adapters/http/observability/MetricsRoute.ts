import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect, Layer, Metric, Option, Redacted } from "effect"
import { timingSafeEqual } from "node:crypto"
import { JobQueue } from "../../../ports/JobQueue.js"
import { StorageHealth } from "../../../ports/StorageHealth.js"
import { dbConnections, queueDepth } from "./HttpMetrics.js"
import * as Prometheus from "./Prometheus.js"

export const METRICS_PATH = "/metrics"

const BASE_STATES = ["active", "idle", "idle in transaction"]

export interface MetricsOptions {
  /** Serve /metrics (default true; SPOTCAST_METRICS=false turns it off). */
  readonly enabled: boolean
  /** When set, /metrics asks for `Authorization: Bearer <token>` (SPOTCAST_METRICS_TOKEN). */
  readonly token: Option.Option<Redacted.Redacted<string>>
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

const unauthorized = HttpServerResponse.unsafeJson(
  { error: { code: "unauthorized", message: "GET /metrics needs Authorization: Bearer <SPOTCAST_METRICS_TOKEN>" } },
  { status: 401, headers: { "www-authenticate": "Bearer" } }
)

/** The /metrics answer: every metric of the process, after refreshing the gauges read from storage. */
export const handler = (options: MetricsOptions) =>
  Effect.gen(function*() {
    if (Option.isSome(options.token)) {
      const request = yield* HttpServerRequest.HttpServerRequest
      const bearer = /^Bearer\s+(.+)$/i.exec(request.headers["authorization"] ?? "")?.[1]
      if (bearer === undefined || !sameToken(bearer, Redacted.value(options.token.value))) return unauthorized
    }
    const connections = yield* (yield* StorageHealth).connections
    if (connections.length > 0) {
      // A state with no connection now reads 0, not its last count.
      const counts = new Map(BASE_STATES.map((state) => [state, 0]))
      for (const { count, state } of connections) counts.set(state, count)
      for (const [state, count] of counts) yield* Metric.set(Metric.tagged(dbConnections, "state", state), count)
    }
    yield* (yield* JobQueue).depth.pipe(
      Effect.flatMap((depth) => Metric.set(queueDepth, depth)),
      Effect.catchAllCause(() => Effect.void)
    )
    return HttpServerResponse.text(Prometheus.render(yield* Prometheus.scrape), {
      contentType: "text/plain; version=0.0.4; charset=utf-8",
      headers: { "cache-control": "no-store" }
    })
  })

/** The Prometheus endpoint, beside the API; the request gate lets it through without a key or a rate limit. */
export const layer = (options: MetricsOptions) =>
  options.enabled
    ? HttpApiBuilder.Router.use((router) =>
      Effect.gen(function*() {
        const context = yield* Effect.context<JobQueue | StorageHealth>()
        yield* router.get(METRICS_PATH, Effect.provide(handler(options), context))
      })
    )
    : Layer.empty

/** Whether the gate passes `path` straight to its route. */
export const ungated = (path: string) => path === METRICS_PATH
