import { OpenAiClient, OpenAiLanguageModel } from "@effect/ai-openai"
import { Effect, Option } from "effect"
import type { LlmOptions } from "./LlmOptions.js"
import type { StructuredModel } from "./LlmStructured.js"

/**
 * OpenAI through `@effect/ai-openai`: `POST {baseUrl}/responses`, an answer's schema sent as strict
 * structured output (`text.format` json_schema). Needs an HttpClient and a Scope (the client lives as
 * long as the layer).
 */
export const make = Effect.fn("LlmResponses.make")(function*(options: LlmOptions) {
  const client = yield* OpenAiClient.make({
    apiUrl: options.baseUrl,
    ...(Option.isSome(options.apiKey) ? { apiKey: options.apiKey.value } : {})
  })
  // No temperature: OpenAI's reasoning models refuse the parameter.
  const model = yield* OpenAiLanguageModel.make({ model: options.model }).pipe(
    Effect.provideService(OpenAiClient.OpenAiClient, client)
  )
  return { model, label: "responses", lenient: false } satisfies StructuredModel
})
