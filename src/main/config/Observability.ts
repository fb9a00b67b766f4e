import { Config } from "effect"

/**
 * How the process reports on itself: the log format (json: one object per line; pretty, the default), and the Prometheus endpoint, on unless
 * SPOTCAST_METRICS=false, guarded by SPOTCAST_METRICS_TOKEN (a bearer token) when that is set.
 */
export const ObservabilityConfig = Config.all({
  logFormat: Config.option(Config.literal("json", "pretty")("SPOTCAST_LOG_FORMAT")),
  metrics: Config.boolean("SPOTCAST_METRICS").pipe(Config.withDefault(true)),
  requestLog: Config.boolean("SPOTCAST_REQUEST_LOG").pipe(Config.withDefault(true)),
  /** `--role worker` only: serve /healthz, /readyz and /metrics on this port (workers have no API port). */
  probePort: Config.option(Config.port("SPOTCAST_PROBE_PORT")),
  metricsToken: Config.option(Config.redacted(Config.string("SPOTCAST_METRICS_TOKEN").pipe(
    Config.validate({ message: "Expected at least 16 characters", validation: (s) => s.length >= 16 })
  )))
})
export type ObservabilityConfig = Config.Config.Success<typeof ObservabilityConfig>
