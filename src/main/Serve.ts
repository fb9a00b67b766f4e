import { Duration, Effect, Layer, Option } from "effect"
import * as NaturalEarthGeography from "../adapters/geography/NaturalEarthGeography.js"
import * as HttpServerLive from "../adapters/http/HttpServerLive.js"
import * as ProbeServer from "../adapters/http/observability/ProbeServer.js"
import * as CryptoIds from "../adapters/system/CryptoIds.js"
import * as NodeCrypto from "../adapters/system/NodeCrypto.js"
import * as HttpWebhookTransport from "../adapters/webhook/HttpWebhookTransport.js"
import { startWebhookDispatcher } from "../application/webhook/DeliverWebhooks.js"
import { startWorkerPool } from "../application/worker/WorkerPool.js"
import { startWidgetScheduler } from "../application/widget/AutoRefreshWidgets.js"
import { AppConfig } from "./config/AppConfig.js"
import { bootstrap } from "./Bootstrap.js"
import * as Logging from "./Logging.js"
import * as Tracing from "./telemetry/Tracing.js"
import { explained } from "./StartupFailure.js"
import * as Compute from "./compute/Compute.js"
import * as Intelligence from "./Intelligence.js"
import * as SettingsLive from "./SettingsLive.js"
import * as Storage from "./Storage.js"

/** What one process runs: everything (default), only the HTTP API, or only the background work. */
export type Role = "all" | "api" | "worker"
export const ROLES: ReadonlyArray<Role> = ["all", "api", "worker"]

export class RoleUnsupported extends Error {
  override readonly name = "RoleUnsupported"
}

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

/** The HTTP server, listening only once the bootstrap account exists (its key printed first). */
const api = (config: AppConfig) =>
  HttpServerLive.layer({
    port: config.port,
    host: config.host,
    adminToken: config.adminToken,
    trustProxy: config.trustProxy,
    maxConnectionsPerAddress: Option.getOrUndefined(config.maxConnectionsPerAddress),
    purchaseUrl: Option.getOrUndefined(config.purchaseUrl),
    metrics: { enabled: config.observability.metrics, token: config.observability.metricsToken },
    requestLog: config.observability.requestLog,
    webhookAllowPrivate: config.webhooks.allowPrivate
  }).pipe(Layer.provide(Layer.effectDiscard(bootstrap(config))))

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

const announce = (config: AppConfig, role: Role) =>
  Effect.all([
    Effect.logInfo(`spotcast ${role}: storage ${Storage.describe(config.storage)}`),
    config.weather.provider === "simulated"
      ? Effect.logWarning("SPOTCAST_WEATHER_PROVIDER=simulated: every account gets simulated weather")
      : Effect.void
  ], { discard: true })

/** The process for a role, as a layer to launch: it runs until interrupted (SIGINT/SIGTERM). */
export const processLayer = (config: AppConfig, role: Role) => {
  // The settings read the generated cursor key from the same storage the rest uses.
  const core = Layer.provideMerge(
    SettingsLive.layer(config),
    Layer.mergeAll(
      Storage.layer(config.storage, `spotcast-${role}`, config.secrets),
      CryptoIds.layer,
      NodeCrypto.layer,
      NaturalEarthGeography.layer
    )
  )
  const background = Layer.mergeAll(
    workers(config).pipe(Layer.provide(
      Intelligence.layer(config, Compute.builtinAnalyst, Compute.simulatedWeather(config.weather.simulatedLatency))
    )),
    dispatcher(config),
    widgetScheduler(config)
  )
  // The pure forecast and route work runs on the compute pool, off the request loop (none in the API role).
  const compute = Compute.layer(role === "api" ? Option.some(0) : config.computeThreads)
  const parts = role === "api"
    ? api(config)
    : role === "worker"
    ? Layer.merge(background, workerProbes(config))
    : Layer.mergeAll(api(config), background)
  // Announced first, before anything listens, so the log reads in the order things happen.
  const announced = Layer.scopedDiscard(
    Effect.zipRight(announce(config, role), Effect.addFinalizer(() => Effect.logInfo(`spotcast ${role}: stopped`)))
  )
  return parts.pipe(Layer.provide(compute), Layer.provide(announced), Layer.provide(core))
}

/**
 * `spotcast serve`: reads the configuration, refuses a split role on storage that one process owns,
 * and runs until interrupted. Shutdown closes the listener (in-flight requests finish), lets running
 * forecasts finish within SPOTCAST_SHUTDOWN_GRACE_MS and returns the rest to the queue.
 */
export const serve = (role: Role) =>
  Effect.gen(function*() {
    const config = yield* AppConfig
    if (role !== "all" && !Storage.supportsRoles(config.storage)) {
      return yield* Effect.fail(new RoleUnsupported(
        `--role ${role} needs a shared PostgreSQL server (DATABASE_URL); ${Storage.describe(config.storage)} belongs to one process`
      ))
    }
    const reporting = Layer.merge(Logging.layer(config.observability.logFormat), Tracing.layer(config.telemetry))
    return yield* Layer.launch(processLayer(config, role).pipe(Layer.provide(reporting))).pipe(
      explained(config)
    )
  })
