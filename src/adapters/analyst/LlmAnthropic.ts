import { AnthropicClient, AnthropicLanguageModel } from "@effect/ai-anthropic"
import { Effect, Option } from "effect"
import type { LlmOptions } from "./LlmOptions.js"
import type { StructuredModel } from "./LlmStructured.js"

/**
 * Anthropic through `@effect/ai-anthropic`: `POST {baseUrl}/messages`, an answer's schema sent as the
 * one tool the model must call (its input is the answer). The key goes in `x-api-key`. Needs an
 * HttpClient.
 */
export const make = Effect.fn("LlmAnthropic.make")(function*(options: LlmOptions) {
  // The client appends `/v1/messages` to its root; our base URLs name the API root with its version.
  const client = yield* AnthropicClient.make({
    apiUrl: options.baseUrl.replace(/\/v1\/?$/, ""),
    ...(Option.isSome(options.apiKey) ? { apiKey: options.apiKey.value } : {})
  })
  const model = yield* AnthropicLanguageModel.make({ model: options.model, config: { temperature: 0.2 } }).pipe(
    Effect.provideService(AnthropicClient.AnthropicClient, client)
  )
  return { model, label: "messages", lenient: false } satisfies StructuredModel
})
