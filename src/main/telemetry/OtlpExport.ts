import * as OtlpSerialization from "@effect/opentelemetry/OtlpSerialization"
import * as OtlpTracer from "@effect/opentelemetry/OtlpTracer"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { Layer } from "effect"
import type { TelemetryConfig } from "../config/Telemetry.js"

/**
 * Every span of the process exported over OTLP/HTTP to `url` in batches. Its own module so that
 * `@effect/opentelemetry` is loaded only by a process that exports traces (`Tracing.layer`).
 */
export const layer = (config: TelemetryConfig, url: string): Layer.Layer<never> =>
  OtlpTracer.layer({
    url,
    headers: config.headers,
    exportInterval: `${config.exportDelayMs} millis`,
    resource: {
      serviceName: config.serviceName,
      attributes: config.resourceAttributes
    }
  }).pipe(
    Layer.provide(config.protocol === "http/json" ? OtlpSerialization.layerJson : OtlpSerialization.layerProtobuf),
    Layer.provide(NodeHttpClient.layerUndici)
  )
