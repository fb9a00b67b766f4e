import { Config } from "effect"
import { AdminTokenConfig } from "./Admin.js"
import { AnalystConfig } from "./Analyst.js"
import { httpRoot, nonNegativeInt, positiveInt } from "./Env.js"
import { ObservabilityConfig } from "./Observability.js"
import { TelemetryConfig } from "./Telemetry.js"
import { SecretsConfig } from "./Secrets.js"
import { StorageConfig } from "./Storage.js"
import { WeatherConfig } from "./Weather.js"
import { WebhooksConfig } from "./Webhooks.js"
import { UpstreamRatesConfig, WorkerConfig } from "./Worker.js"

/**
 * The service's configuration: every variable it reads, read here once, with its one default. Each
 * is checked at start-up; a bad value stops the process with a message naming it. The sections that
 * configure an adapter yield that adapter's options.
 */
export const AppConfig = Config.all({
  port: Config.port("PORT").pipe(Config.withDefault(8080)),
  host: Config.nonEmptyString("HOST").pipe(Config.withDefault("0.0.0.0")),
  publicBaseUrl: Config.option(httpRoot("PUBLIC_BASE_URL")),
  storage: StorageConfig,
  bootstrapKey: Config.option(Config.redacted("SPOTCAST_BOOTSTRAP_KEY")),
  bootstrapCredits: Config.option(nonNegativeInt("SPOTCAST_BOOTSTRAP_CREDITS")),
  adminToken: Config.option(AdminTokenConfig),
  purchaseUrl: Config.option(httpRoot("SPOTCAST_PURCHASE_URL")),
  trustProxy: Config.boolean("SPOTCAST_TRUST_PROXY").pipe(Config.withDefault(false)),
  maxConnectionsPerAddress: Config.option(nonNegativeInt("SPOTCAST_MAX_CONNECTIONS_PER_ADDRESS")),
  rateLimitPerMinute: positiveInt("SPOTCAST_RATE_LIMIT_PER_MINUTE").pipe(Config.withDefault(60)),
  cursorSecret: Config.option(Config.redacted(Config.nonEmptyString("SPOTCAST_CURSOR_SECRET"))),
  previousCursorSecret: Config.option(Config.redacted(Config.nonEmptyString("SPOTCAST_CURSOR_SECRET_PREVIOUS"))),
  forecastHorizonDays: positiveInt("SPOTCAST_FORECAST_HORIZON_DAYS").pipe(Config.withDefault(16)),
  /** Compute threads for the pure forecast and route work; absent: cores - 1, at least 1; 0: in process. */
  computeThreads: Config.option(nonNegativeInt("SPOTCAST_COMPUTE_THREADS")),
  worker: WorkerConfig,
  upstreamRates: UpstreamRatesConfig,
  workerPollMs: positiveInt("SPOTCAST_WORKER_POLL_MS").pipe(Config.withDefault(200)),
  jobLeaseMs: positiveInt("SPOTCAST_JOB_LEASE_MS").pipe(Config.withDefault(30_000)),
  shutdownGraceMs: nonNegativeInt("SPOTCAST_SHUTDOWN_GRACE_MS").pipe(Config.withDefault(10_000)),
  weather: WeatherConfig,
  analyst: AnalystConfig,
  webhooks: WebhooksConfig,
  secrets: SecretsConfig,
  observability: ObservabilityConfig,
  telemetry: TelemetryConfig
})
export type AppConfig = Config.Config.Success<typeof AppConfig>
