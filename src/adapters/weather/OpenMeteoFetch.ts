import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { Duration, Effect, Either, Metric, Option, ParseResult, Redacted, Schedule, Schema } from "effect"
import type { OpenMeteoOptions } from "./OpenMeteoOptions.js"
import { decodeBody, errorReason, type OpenMeteoBody } from "./OpenMeteoResponse.js"
import { redactUpstream } from "../../domain/Redaction.js"
import { transportFailure } from "./TransportFailure.js"
import { upstreamCallsTotal } from "./WeatherMetrics.js"

/** One failed attempt; `retryable` for 429, 5xx, timeouts and connection errors. */
export class OpenMeteoFailure extends Schema.TaggedError<OpenMeteoFailure>()("OpenMeteoFailure", {
  retryable: Schema.Boolean,
  reason: Schema.String
}) {}

export interface Call {
  readonly api: "forecast" | "marine"
  readonly url: string
  readonly params: Record<string, string>
}

const MID_STREAM = "Unexpected error while streaming data"

/** Upstream text as it may be logged: short, and without anything that looks like a credential. */
const short = (text: string) => redactUpstream(text)

const firstIssue = (error: ParseResult.ParseError): string => {
  const issue = ParseResult.ArrayFormatter.formatErrorSync(error)[0]
  return issue === undefined ? "unknown" : short(`${issue.path.join(".")}: ${issue.message}`)
}

/** Reads one answer: a decoded body, or why not (never the URL, which may carry the key). */
const readAnswer = (api: string, status: number, text: string): Either.Either<OpenMeteoBody, OpenMeteoFailure> => {
  if (status !== 200) {
    const upstream = short(errorReason(text) ?? text.trim())
    return Either.left(
      new OpenMeteoFailure({
        retryable: status === 429 || status >= 500,
        reason: `open-meteo ${api}: HTTP ${status}${upstream === "" ? "" : `: ${upstream}`}`
      })
    )
  }
  return Either.mapLeft(decodeBody(text), (error) => {
    const at = text.lastIndexOf(MID_STREAM)
    const why = at >= 0 ? `failed mid-stream: ${short(text.slice(at))}` : `answer did not decode: ${firstIssue(error)}`
    return new OpenMeteoFailure({ retryable: false, reason: `open-meteo ${api}: ${why}` })
  })
}

/**
 * Calls one Open-Meteo endpoint with a per-attempt timeout and bounded, jittered exponential backoff on
 * the failures that may pass (429, 5xx, timeouts, connection errors). Anything else fails at once.
 */
export const makeFetch = Effect.fn("OpenMeteo.makeFetch")(function*(options: OpenMeteoOptions) {
  const base = yield* HttpClient.HttpClient
  // The key travels in the query string, which the client's span would record in full.
  const client = Option.isSome(options.apiKey) ? HttpClient.withTracerDisabledWhen(base, () => true) : base
  const keyParam = Option.match(options.apiKey, { onNone: () => ({}), onSome: (k) => ({ apikey: Redacted.value(k) }) })
  const retryPolicy = Schedule.exponential(options.retryBaseDelay, 2).pipe(Schedule.jittered)
  const counted = {
    forecast: Metric.tagged(Metric.tagged(upstreamCallsTotal, "provider", "open-meteo"), "api", "forecast"),
    marine: Metric.tagged(Metric.tagged(upstreamCallsTotal, "provider", "open-meteo"), "api", "marine")
  }

  return (call: Call): Effect.Effect<OpenMeteoBody, OpenMeteoFailure> => {
    const request = HttpClientRequest.get(call.url).pipe(
      HttpClientRequest.setUrlParams({ ...call.params, ...keyParam }),
      HttpClientRequest.acceptJson
    )
    const attempt = Metric.increment(counted[call.api]).pipe(
      Effect.zipRight(client.execute(request)),
      Effect.flatMap((response) => Effect.map(response.text, (text) => readAnswer(call.api, response.status, text))),
      Effect.catchTag("RequestError", (e) =>
        Effect.succeed(Either.left(
          new OpenMeteoFailure({
            retryable: true,
            reason: `open-meteo ${call.api}: ${e.reason === "Transport" ? transportFailure(call.url, e.cause) : `${e.reason} error`}`
          })
        ))),
      Effect.catchTag("ResponseError", (e) =>
        Effect.succeed(Either.left(new OpenMeteoFailure({ retryable: true, reason: `open-meteo ${call.api}: ${e.reason} error reading the answer` })))),
      Effect.flatten,
      Effect.timeoutFail({
        duration: options.timeout,
        onTimeout: () =>
          new OpenMeteoFailure({ retryable: true, reason: `open-meteo ${call.api}: no answer within ${Duration.format(options.timeout)}` })
      }),
      Effect.tapError((e) => Effect.logWarning("open-meteo attempt failed", { reason: e.reason, retryable: e.retryable }))
    )
    return attempt.pipe(
      Effect.retry({ schedule: retryPolicy, times: options.retries, while: (e) => e.retryable }),
      Effect.withSpan("OpenMeteo.fetch", { attributes: { api: call.api } })
    )
  }
})
