import { AiError, LanguageModel, type Prompt, type Response } from "@effect/ai"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { Effect, identity, Option, Schema, Stream } from "effect"
import type { LlmOptions } from "./LlmOptions.js"
import type { StructuredModel } from "./LlmStructured.js"

const MODULE = "LlmChatCompletions"

const Completion = Schema.Struct({
  choices: Schema.NonEmptyArray(Schema.Struct({
    message: Schema.Struct({ content: Schema.NullOr(Schema.String) }),
    finish_reason: Schema.optional(Schema.NullOr(Schema.String))
  })),
  usage: Schema.optional(Schema.Struct({
    prompt_tokens: Schema.optional(Schema.Number),
    completion_tokens: Schema.optional(Schema.Number),
    total_tokens: Schema.optional(Schema.Number)
  }))
})

const finishReason = (reason: string | null | undefined): Response.FinishPartEncoded["reason"] =>
  reason === "stop" ? "stop" : reason === "length" ? "length" : reason === "content_filter" ? "content-filter" : "unknown"

const textOf = (parts: ReadonlyArray<Prompt.UserMessagePart | Prompt.AssistantMessagePart>): string =>
  parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n")

/** The prompt as chat messages; only text is sent (the analyst asks for nothing else). */
const messagesOf = (prompt: Prompt.Prompt) =>
  prompt.content.flatMap((m) =>
    m.role === "system"
      ? [{ role: "system", content: m.content }]
      : m.role === "user" || m.role === "assistant"
      ? [{ role: m.role, content: textOf(m.content) }]
      : []
  )

/**
 * Servers in JSON mode still wrap the object in a Markdown fence now and then; what is inside is the
 * answer. Whatever remains is for the caller's Schema to accept or refuse.
 */
const unfence = (content: string): string => content.trim().replace(/^```(?:json)?\s*|\s*```$/g, "")

/**
 * A `LanguageModel` that speaks `POST {baseUrl}/chat/completions`, what Ollama, vLLM, llama.cpp and other
 * OpenAI-compatible servers serve. A JSON response format asks for JSON mode (`json_object`, the
 * mode they all share); the shape is in the instructions and `LanguageModel.generateObject` decodes
 * the answer with its Schema. Needs an HttpClient.
 */
export const make = Effect.fn("LlmChatCompletions.make")(function*(options: Pick<LlmOptions, "baseUrl" | "apiKey" | "model">) {
  const client = (yield* HttpClient.HttpClient).pipe(HttpClient.filterStatusOk)
  const url = `${options.baseUrl}/chat/completions`

  const generateText = (provider: LanguageModel.ProviderOptions) =>
    Effect.gen(function*() {
      const body = {
        model: options.model,
        messages: messagesOf(provider.prompt),
        ...(provider.responseFormat.type === "json" ? { response_format: { type: "json_object" } } : {}),
        temperature: 0.2,
        stream: false
      }
      provider.span.attribute("gen_ai.system", "openai-compatible")
      provider.span.attribute("gen_ai.request.model", options.model)
      const response = yield* HttpClientRequest.post(url).pipe(
        Option.isSome(options.apiKey) ? HttpClientRequest.bearerToken(options.apiKey.value) : identity,
        HttpClientRequest.acceptJson,
        HttpClientRequest.bodyUnsafeJson(body),
        (request) => client.execute(request),
        Effect.catchTags({
          RequestError: (error) => Effect.fail(AiError.HttpRequestError.fromRequestError({ module: MODULE, method: "generateText", error })),
          ResponseError: (error) => AiError.HttpResponseError.fromResponseError({ module: MODULE, method: "generateText", error })
        })
      )
      const completion = yield* response.json.pipe(
        Effect.flatMap(Schema.decodeUnknown(Completion)),
        Effect.mapError((cause) =>
          new AiError.MalformedOutput({ module: MODULE, method: "generateText", description: "not a chat completion", cause }))
      )
      const choice = completion.choices[0]
      const text = choice.message.content ?? ""
      const parts: Array<Response.PartEncoded> = [
        { type: "text", text: provider.responseFormat.type === "json" ? unfence(text) : text },
        {
          type: "finish",
          reason: finishReason(choice.finish_reason),
          usage: {
            inputTokens: completion.usage?.prompt_tokens,
            outputTokens: completion.usage?.completion_tokens,
            totalTokens: completion.usage?.total_tokens
          }
        }
      ]
      provider.span.attribute("gen_ai.response.finish_reasons", [choice.finish_reason ?? "unknown"])
      return parts
    })

  const model = yield* LanguageModel.make({
    generateText,
    // The analyst waits for the whole answer; a stream is the same answer in one piece.
    streamText: (provider) =>
      Stream.fromIterableEffect(Effect.map(generateText(provider), (parts) =>
        parts.flatMap((p): Array<Response.StreamPartEncoded> =>
          p.type === "text"
            ? [{ type: "text-start", id: "0" }, { type: "text-delta", id: "0", delta: p.text }, { type: "text-end", id: "0" }]
            : p.type === "finish"
            ? [p]
            : []
        )))
  })
  return { model, label: "chat completions", lenient: true } satisfies StructuredModel
})
