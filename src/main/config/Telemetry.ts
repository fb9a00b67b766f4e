import { Config } from "effect"
import { httpRoot, httpUrl, positiveInt } from "./Env.js"

/** `k1=v1,k2=v2`, as the OpenTelemetry variables write attributes and headers (values may be %-encoded). */
const keyValues = (name: string) =>
  Config.string(name).pipe(
    Config.map((text) =>
      Object.fromEntries(
        text.split(",").map((pair) => pair.split("=")).filter((parts) => parts.length === 2 && parts[0]!.trim() !== "")
          .map(([k, v]) => [k!.trim(), decodeURIComponent(v!.trim())])
      )
    ),
    Config.withDefault({} as Record<string, string>)
  )

/**
 * Tracing over OTLP/HTTP, with the standard OpenTelemetry variables: on when OTEL_EXPORTER_OTLP_ENDPOINT
 * (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, off otherwise.
 */
export const TelemetryConfig = Config.all({
  endpoint: Config.option(httpRoot("OTEL_EXPORTER_OTLP_ENDPOINT")),
  tracesEndpoint: Config.option(httpUrl("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")),
  protocol: Config.literal("http/protobuf", "http/json")("OTEL_EXPORTER_OTLP_PROTOCOL").pipe(
    Config.withDefault("http/protobuf" as const)
  ),
  headers: keyValues("OTEL_EXPORTER_OTLP_HEADERS"),
  serviceName: Config.nonEmptyString("OTEL_SERVICE_NAME").pipe(Config.withDefault("spotcast")),
  resourceAttributes: keyValues("OTEL_RESOURCE_ATTRIBUTES"),
  exportDelayMs: positiveInt("OTEL_BSP_SCHEDULE_DELAY").pipe(Config.withDefault(5000))
})
export type TelemetryConfig = Config.Config.Success<typeof TelemetryConfig>
