import { Effect, Layer, Option } from "effect"
import * as NaturalEarthGeography from "../adapters/geography/NaturalEarthGeography.js"
import * as HttpServerLive from "../adapters/http/HttpServerLive.js"
import * as CryptoIds from "../adapters/system/CryptoIds.js"
import * as NodeCrypto from "../adapters/system/NodeCrypto.js"
import { AppConfig } from "./config/AppConfig.js"
import { bootstrap } from "./Bootstrap.js"
import { loadModule } from "./LoadModule.js"
import * as Logging from "./Logging.js"
import * as Tracing from "./telemetry/Tracing.js"
import { explained } from "./StartupFailure.js"
import { startUpOver } from "./HeapTuning.js"
import * as SettingsLive from "./SettingsLive.js"
import type { Role } from "./Roles.js"
import * as Storage from "./Storage.js"

export { type Role, ROLES } from "./Roles.js"

export class RoleUnsupported extends Error {
  override readonly name = "RoleUnsupported"
}

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

const announce = (config: AppConfig, role: Role) =>
  Effect.all([
    Effect.logInfo(`spotcast ${role}: storage ${Storage.describe(config.storage)}`),
    config.weather.provider === "simulated"
      ? Effect.logWarning("SPOTCAST_WEATHER_PROVIDER=simulated: every account gets simulated weather")
      : Effect.void
  ], { discard: true })

/**
 * The background work's code, for the roles that run it (none for the API). Loaded before any layer is
 * built, so that failing to load it stops start-up before anything listens, as a missing module always did.
 */
const loadBackground = (role: Role) =>
  role === "api"
    ? Effect.succeed(undefined)
    : loadModule(() => import("./Background.js"), "the background work")

/** The process for a role, as a layer to launch: it runs until interrupted (SIGINT/SIGTERM). */
export const processLayer = (config: AppConfig, role: Role) =>
  Layer.unwrapEffect(Effect.map(loadBackground(role), (Background) => {
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
    const parts = Background === undefined
      ? api(config)
      : role === "worker"
      ? Background.layer(config, true)
      : Layer.mergeAll(api(config), Background.layer(config, false))
    // Announced first, before anything listens, so the log reads in the order things happen.
    const announced = Layer.scopedDiscard(
      Effect.zipRight(announce(config, role), Effect.addFinalizer(() => Effect.logInfo(`spotcast ${role}: stopped`)))
    )
    return parts.pipe(Layer.provide(announced), Layer.provide(core))
  }))

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
    // Built is up: the young generation may grow from here (HeapTuning), however busy the start.
    const up = Layer.tap(processLayer(config, role), () => Effect.sync(startUpOver))
    return yield* Layer.launch(up.pipe(Layer.provide(reporting))).pipe(
      explained(config)
    )
  })
