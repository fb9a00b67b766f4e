import * as OtlpSerialization from "@effect/opentelemetry/OtlpSerialization"
import * as OtlpTracer from "@effect/opentelemetry/OtlpTracer"
import { NodeHttpClient } from "@effect/platform-node"
import { Layer, Option } from "effect"
import type { TelemetryConfig } from "../config/Telemetry.js"

/** Where spans go: the traces endpoint as given, else `<endpoint>/v1/traces`; none when tracing is off. */
export const tracesUrl = (config: TelemetryConfig): Option.Option<string> =>
  Option.orElse(config.tracesEndpoint, () => Option.map(config.endpoint, (root) => `${root}/v1/traces`))

/**
 * Every span of the process (HTTP requests, continuing a caller's `traceparent`; use cases; SQL;
 * weather, model and webhook calls) exported over OTLP/HTTP in batches. Without an endpoint nothing
 * is exported and nothing is set up.
 */
export const layer = (config: TelemetryConfig): Layer.Layer<never> =>
  Option.match(tracesUrl(config), {
    onNone: () => Layer.empty,
    onSome: (url) =>
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
  })
