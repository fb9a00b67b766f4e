import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as Tls from "node:tls"
import { Clock, Duration, Effect, Layer } from "effect"
import { hostKind } from "../../domain/webhook/IpAddress.js"
import { webhookUrlProblem } from "../../domain/webhook/WebhookUrl.js"
import { type WebhookOutcome, type WebhookRequest, WebhookTransport, type WebhookTransportShape } from "../../ports/WebhookTransport.js"
import { allowedAddresses, type GuardOptions, guardedLookup, hostOfUrl, type Resolver, systemResolver } from "./AddressGuard.js"
import { describeFailure } from "./TransportFailure.js"

export interface TransportOptions {
  /** Lifts the SSRF address check: `SPOTCAST_WEBHOOK_ALLOW_PRIVATE=true`, for local development and tests only. */
  readonly allowPrivate: boolean
  /** Extra trusted CA certificates (PEM), added to Node's bundled roots. `NODE_EXTRA_CA_CERTS` works without it. */
  readonly ca?: string | undefined
  readonly resolver?: Resolver | undefined
}

/**
 * Webhook delivery over Node's HTTPS: certificates verified, redirects never followed, every connection
 * made to an address the guard checked, and every result (2xx or not, timeout, refusal, TLS or socket
 * error) returned as an outcome value.
 */
export const make = (options: TransportOptions) =>
  Effect.gen(function*() {
    const guard: GuardOptions = { allowPrivate: options.allowPrivate, resolver: options.resolver ?? systemResolver }
    const agent = yield* NodeHttpClient.makeAgent({
      lookup: guardedLookup(guard),
      keepAlive: false,
      // One context for every connection: a `ca` list would be parsed again on each handshake (~30 ms).
      ...(options.ca === undefined ? {} : { secureContext: Tls.createSecureContext({ ca: [...Tls.rootCertificates, options.ca] }) })
    })
    // No trace headers: a receiver gets exactly the documented headers.
    const client = (yield* Effect.provideService(NodeHttpClient.make, NodeHttpClient.HttpAgent, agent)).pipe(
      HttpClient.withTracerPropagation(false),
      HttpClient.withScope
    )

    const exchange = (request: WebhookRequest, url: URL) =>
      Effect.gen(function*() {
        if (hostKind(hostOfUrl(url))._tag !== "Name") {
          // Sockets skip `lookup` for address literals, so those are checked here.
          yield* Effect.tryPromise({ try: () => allowedAddresses(hostOfUrl(url), guard), catch: (e) => e })
        }
        const response = yield* client.execute(
          HttpClientRequest.post(url).pipe(
            HttpClientRequest.bodyText(request.body, "application/json"),
            HttpClientRequest.setHeaders(request.headers)
          )
        )
        return response.status
      }).pipe(Effect.scoped)

    const post = (request: WebhookRequest) =>
      Effect.gen(function*() {
        const start = yield* Clock.currentTimeMillis
        const elapsed = Effect.map(Clock.currentTimeMillis, (now) => Math.max(0, Math.round(now - start)))
        const problem = webhookUrlProblem(request.url)
        if (problem !== undefined) return { ok: false, error: `invalid url: ${problem}`, durationMs: 0 } as WebhookOutcome
        const status = yield* exchange(request, new URL(request.url)).pipe(
          Effect.timeoutFail({ duration: request.timeout, onTimeout: () => "timeout" as const }),
          Effect.either
        )
        const durationMs = yield* elapsed
        if (status._tag === "Left") {
          const error = status.left === "timeout"
            ? `timeout: no response within ${Duration.format(request.timeout)}`
            : describeFailure(status.left)
          return { ok: false, error, durationMs } as WebhookOutcome
        }
        const statusCode = status.right
        if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode, durationMs } as WebhookOutcome
        return {
          ok: false,
          statusCode,
          durationMs,
          ...(statusCode >= 300 && statusCode < 400 ? { error: `HTTP ${statusCode}: redirects are not followed` } : {})
        } as WebhookOutcome
      }).pipe(Effect.withSpan("WebhookTransport.post"))

    return { post } satisfies WebhookTransportShape
  })

export const layer = (options: TransportOptions) => Layer.scoped(WebhookTransport, make(options))
