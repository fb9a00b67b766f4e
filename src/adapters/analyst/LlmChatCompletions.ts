import { HttpClient, HttpClientRequest } from "@effect/platform"
import { Effect, identity, Option, ParseResult, Schema } from "effect"
import type { LlmOptions } from "./LlmOptions.js"
import { type Generate, LlmFailure, LlmOutput } from "./LlmOutput.js"
import { redactUpstream } from "../../domain/Redaction.js"

const Completion = Schema.Struct({
  choices: Schema.NonEmptyArray(Schema.Struct({ message: Schema.Struct({ content: Schema.String }) }))
})

/** Servers in JSON mode still differ in case ("Caution"); the enum is checked after this. */
const normalizeClasses = (json: unknown): unknown => {
  if (typeof json !== "object" || json === null || !Array.isArray((json as { days?: unknown }).days)) return json
  const o = json as { days: Array<unknown> }
  return {
    ...o,
    days: o.days.map((d) =>
      typeof d === "object" && d !== null && typeof (d as { classification?: unknown }).classification === "string"
        ? { ...d, classification: (d as { classification: string }).classification.trim().toUpperCase() }
        : d
    )
  }
}

const decodeContent = (content: string): Effect.Effect<LlmOutput, LlmFailure> =>
  Effect.try({
    try: () => JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, "")) as unknown,
    catch: () => new LlmFailure({ reason: "the model's answer is not JSON" })
  }).pipe(
    Effect.flatMap((json) => Schema.decodeUnknown(LlmOutput)(normalizeClasses(json))),
    Effect.catchTag("ParseError", (e) =>
      Effect.fail(new LlmFailure({ reason: `the model's answer does not match the schema: ${redactUpstream(ParseResult.TreeFormatter.formatErrorSync(e), 300)}` })))
  )

/**
 * `POST {baseUrl}/chat/completions` in JSON mode: what Ollama, vLLM, llama.cpp and other
 * OpenAI-compatible servers speak. The schema goes in the instructions; the answer is decoded here.
 */
export const make = Effect.fn("LlmChatCompletions.make")(function*(options: LlmOptions) {
  const client = (yield* HttpClient.HttpClient).pipe(HttpClient.filterStatusOk)
  const generate: Generate = ({ system, user }) =>
    HttpClientRequest.post(`${options.baseUrl}/chat/completions`).pipe(
      Option.isSome(options.apiKey) ? HttpClientRequest.bearerToken(options.apiKey.value) : identity,
      HttpClientRequest.acceptJson,
      HttpClientRequest.bodyUnsafeJson({
        model: options.model,
        messages: [{ role: "system", content: system }, { role: "user", content: user }],
        response_format: { type: "json_object" },
        temperature: 0.2,
        stream: false
      }),
      (request) => client.execute(request),
      Effect.flatMap((response) => response.json),
      Effect.catchTags({
        RequestError: (e) => Effect.fail(new LlmFailure({ reason: `chat completions: ${e.reason} error` })),
        ResponseError: (e) =>
          Effect.fail(new LlmFailure({ reason: `chat completions: ${e.reason === "StatusCode" ? `HTTP ${e.response.status}` : `${e.reason} error`}` }))
      }),
      Effect.flatMap((body) =>
        Effect.mapError(Schema.decodeUnknown(Completion)(body), () => new LlmFailure({ reason: "chat completions: not a completion" }))),
      Effect.flatMap((completion) => decodeContent(completion.choices[0].message.content))
    )
  return generate
})
