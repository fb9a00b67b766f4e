/**
 * The background roles' work: forecasts, webhook deliveries and widget auto-refreshes, and a worker's
 * probes. Its own module, imported by `Serve` only for the roles that run it (`all`, `worker`), so an
 * API process holds none of its code (the workers' use cases, compute pool, weather and analyst adapters,
 * webhook client).
 */
import { Duration, Effect, Layer, Option } from "effect"
import * as ProbeServer from "../adapters/http/observability/ProbeServer.js"
import * as HttpWebhookTransport from "../adapters/webhook/HttpWebhookTransport.js"
import { startWebhookDispatcher } from "../application/webhook/DeliverWebhooks.js"
import { startWorkerPool } from "../application/worker/WorkerPool.js"
import { startWidgetScheduler } from "../application/widget/AutoRefreshWidgets.js"
import type { AppConfig } from "./config/AppConfig.js"
import * as Compute from "./compute/Compute.js"
import * as Intelligence from "./Intelligence.js"

const workers = (config: AppConfig) =>
  Layer.scopedDiscard(Effect.gen(function*() {
    if (config.worker.deprecated) {
      yield* Effect.logWarning(
        `SPOTCAST_WORKER_CONCURRENCY is now SPOTCAST_WORKER_IN_FLIGHT (forecasts in flight per process, default 256); using ${config.worker.inFlight}`
      )
    }
    yield* startWorkerPool({
      concurrency: config.worker.inFlight,
      pollInterval: Duration.millis(config.workerPollMs),
      lease: Duration.millis(config.jobLeaseMs),
      shutdownGrace: Duration.millis(config.shutdownGraceMs)
    })
  }))

const dispatcher = (config: AppConfig) =>
  Layer.scopedDiscard(Effect.gen(function*() {
    const { webhooks } = config
    if (webhooks.allowPrivate) {
      yield* Effect.logWarning("SPOTCAST_WEBHOOK_ALLOW_PRIVATE=true: webhooks may reach private and loopback addresses")
    }
    yield* startWebhookDispatcher({
      concurrency: webhooks.concurrency,
      pollInterval: Duration.millis(webhooks.pollMs),
      lease: Duration.millis(webhooks.leaseMs),
      shutdownGrace: Duration.millis(config.shutdownGraceMs)
    })
  })).pipe(Layer.provide(HttpWebhookTransport.layer({ allowPrivate: config.webhooks.allowPrivate })))

/** Due widget auto-refreshes, claimed once across worker processes (the schedule is in the database). */
const widgetScheduler = (config: AppConfig) =>
  Layer.scopedDiscard(startWidgetScheduler({ pollInterval: "30 seconds", shutdownGrace: Duration.millis(config.shutdownGraceMs) }))

/** A worker's probes and metrics, on SPOTCAST_PROBE_PORT when it is set. */
const workerProbes = (config: AppConfig) =>
  Option.match(config.observability.probePort, {
    onNone: () => Layer.empty,
    onSome: (port) =>
      ProbeServer.layer({
        port,
        host: config.host,
        metrics: { enabled: config.observability.metrics, token: config.observability.metricsToken }
      })
  })

/**
 * Forecasts, webhooks and widget refreshes; `withProbes` adds a worker process's own probe server. The
 * pure forecast and route work runs on the compute pool, off the request loop (the API uses none).
 */
export const layer = (config: AppConfig, withProbes: boolean) => {
  const background = Layer.mergeAll(
    workers(config).pipe(Layer.provide(
      Intelligence.layer(config, Compute.builtinAnalyst, Compute.simulatedWeather(config.weather.simulatedLatency))
    )),
    dispatcher(config),
    widgetScheduler(config)
  ).pipe(Layer.provide(Compute.layer(config.computeThreads)))
  return withProbes ? Layer.merge(background, workerProbes(config)) : background
}
