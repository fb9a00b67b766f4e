import { LanguageModel } from "@effect/ai"
import { Effect, type Schema } from "effect"
import { redactUpstream } from "../../domain/Redaction.js"
import { LlmFailure } from "./LlmOutput.js"

/** Instructions and facts for one model call. */
export interface LlmPrompt {
  readonly system: string
  readonly user: string
}

/** One kind of answer: the Schema that decodes it and the name the provider gives the object. */
export interface Answer<A, I> {
  /** Strict: what OpenAI's and Anthropic's structured outputs are held to (its JSON Schema is sent). */
  readonly schema: Schema.Schema<A, I>
  /** For servers in plain JSON mode, which see no schema: the same answer, forgiving their habits. */
  readonly lenientSchema?: Schema.Schema<A, any>
  readonly objectName: string
}

/** A model behind `@effect/ai`'s interface, and how its answers are decoded. */
export interface StructuredModel {
  readonly model: LanguageModel.Service
  /** For failure reasons and logs. */
  readonly label: string
  /** True when the server sees no schema (JSON mode): answers are decoded by `lenientSchema`. */
  readonly lenient: boolean
}

/**
 * One call through `LanguageModel.generateObject`: the answer decoded by `answer.schema`, any failure
 * (transport, status, an answer that is not the schema) an `LlmFailure` whose reason never carries
 * more than a redacted excerpt of what the server said.
 */
export const generate = <A, I>(structured: StructuredModel, answer: Answer<A, I>) => {
  const schema: Schema.Schema<A, any> = structured.lenient && answer.lenientSchema !== undefined ? answer.lenientSchema : answer.schema
  const objectName = answer.objectName
  return ({ system, user }: LlmPrompt): Effect.Effect<A, LlmFailure> =>
    LanguageModel.generateObject({
      prompt: [
        { role: "system", content: system },
        { role: "user", content: [{ type: "text", text: user }] }
      ],
      schema,
      objectName
    }).pipe(
      Effect.provideService(LanguageModel.LanguageModel, structured.model),
      Effect.map((response) => response.value),
      Effect.mapError((e) => new LlmFailure({ reason: `${structured.label}: ${e._tag}: ${redactUpstream(e.message, 300)}` }))
    )
}
