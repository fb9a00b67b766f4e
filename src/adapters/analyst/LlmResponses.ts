import { LanguageModel } from "@effect/ai"
import { OpenAiClient, OpenAiLanguageModel } from "@effect/ai-openai"
import { Effect, Option } from "effect"
import type { LlmOptions } from "./LlmOptions.js"
import { type Generate, LlmFailure, LlmOutput } from "./LlmOutput.js"
import { redactUpstream } from "../../domain/Redaction.js"

/**
 * OpenAI through `@effect/ai`: `POST {baseUrl}/responses` with the output schema as strict structured
 * output (`text.format` json_schema), decoded by `LanguageModel.generateObject`. Needs an HttpClient
 * and a Scope (the client lives as long as the layer).
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
  const generate: Generate = ({ system, user }) =>
    LanguageModel.generateObject({
      prompt: [
        { role: "system", content: system },
        { role: "user", content: [{ type: "text", text: user }] }
      ],
      schema: LlmOutput,
      objectName: "forecast_analysis"
    }).pipe(
      Effect.provideService(LanguageModel.LanguageModel, model),
      Effect.map((response) => response.value),
      // AiError messages name the endpoint and status; what the server said is redacted all the same.
      Effect.mapError((e) => new LlmFailure({ reason: `responses: ${e._tag}: ${redactUpstream(e.message, 300)}` }))
    )
  return generate
})
