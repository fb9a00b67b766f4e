import * as HttpMiddleware from "@effect/platform/HttpMiddleware"
import { Effect, Function, Layer, Option } from "effect"
import type { TelemetryConfig } from "../config/Telemetry.js"
import { loadLayer } from "../LoadModule.js"
import type { StartupFailure } from "../StartupFailure.js"

/** Where spans go: the traces endpoint as given, else `<endpoint>/v1/traces`; none when tracing is off. */
export const tracesUrl = (config: TelemetryConfig): Option.Option<string> =>
  Option.orElse(config.tracesEndpoint, () => Option.map(config.endpoint, (root) => `${root}/v1/traces`))

/**
 * Tracing off: every span is a no-op (no timing, no attributes), and the HTTP server makes no request
 * span at all (no URL parsing, no header redaction per request). Spans nobody exports cost about 3 %
 * of a memory-storage GET.
 */
export const disabled: Layer.Layer<never> = Layer.mergeAll(
  Layer.setTracerEnabled(false),
  Layer.scopedDiscard(Effect.locallyScoped(HttpMiddleware.currentTracerDisabledWhen, Function.constTrue))
)

/**
 * Every span of the process (HTTP requests, continuing a caller's `traceparent`; use cases; SQL;
 * weather, model and webhook calls) exported over OTLP/HTTP in batches. Without an endpoint nothing
 * is exported and no span is made, and `@effect/opentelemetry` is not even loaded.
 */
export const layer = (config: TelemetryConfig): Layer.Layer<never, StartupFailure> =>
  Option.match(tracesUrl(config), {
    onNone: () => disabled,
    onSome: (url) =>
      loadLayer(() => import("./OtlpExport.js"), "the OTLP exporter", (OtlpExport) => OtlpExport.layer(config, url))
  })
