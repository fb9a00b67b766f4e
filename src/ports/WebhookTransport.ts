import { Context, type Duration, type Effect } from "effect"

export interface WebhookRequest {
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  readonly timeout: Duration.Duration
}

/** What one attempt came to; a failure is a value, never an error of the effect. */
export interface WebhookOutcome {
  /** A 2xx answer within the timeout. */
  readonly ok: boolean
  readonly statusCode?: number
  readonly error?: string
  readonly durationMs: number
}

/** POSTs bytes with headers to a URL within a timeout, without following redirects. */
export interface WebhookTransportShape {
  readonly post: (request: WebhookRequest) => Effect.Effect<WebhookOutcome>
}

export class WebhookTransport extends Context.Tag("spotcast/WebhookTransport")<
  WebhookTransport,
  WebhookTransportShape
>() {}
