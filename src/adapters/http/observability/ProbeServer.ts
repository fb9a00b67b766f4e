import { createServer } from "node:http"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServer from "@effect/platform/HttpServer"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Layer } from "effect"
import { HEALTH_PATH, healthz, READY_PATH, readyz } from "./Health.js"
import * as Lifecycle from "./Lifecycle.js"
import { handler as metrics, METRICS_PATH, type MetricsOptions } from "./MetricsRoute.js"

/**
 * For a process without the API (`--role worker`): /healthz, /readyz and /metrics on a port of their
 * own, so its forecast, queue and webhook metrics can be scraped and its readiness probed.
 */
export const layer = (options: {
  readonly port: number
  readonly host?: string | undefined
  readonly metrics: MetricsOptions
}) => {
  const routes = HttpRouter.empty.pipe(
    HttpRouter.get(HEALTH_PATH, healthz),
    HttpRouter.get(READY_PATH, readyz),
    options.metrics.enabled ? HttpRouter.get(METRICS_PATH, metrics(options.metrics)) : (router) => router
  )
  return HttpServer.serve(routes).pipe(
    HttpServer.withLogAddress,
    Layer.provide(Lifecycle.layer),
    Layer.provide(NodeHttpServer.layer(createServer, {
      port: options.port,
      ...(options.host === undefined ? {} : { host: options.host })
    }))
  )
}
