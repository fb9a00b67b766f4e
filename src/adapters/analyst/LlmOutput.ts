import { Effect, Schema } from "effect"
import { Classification } from "../../domain/forecast/Analysis.js"

/**
 * What the model must answer. Kept to types and enums that OpenAI's strict structured outputs accept;
 * lengths are checked after decoding (`checkTexts`).
 */
export const LlmOutput = Schema.Struct({
  summary: Schema.String,
  days: Schema.Array(Schema.Struct({ date: Schema.String, classification: Classification, summary: Schema.String }))
}).annotations({
  identifier: "ForecastAnalysis",
  description: "An overall summary and one classified text per forecast day, in order"
})
export type LlmOutput = typeof LlmOutput.Type

/** Servers in JSON mode differ in case ("Caution"); the class is checked after trimming and upper-casing. */
const AnyCaseClassification = Schema.transform(Schema.String, Classification, {
  strict: true,
  decode: (s) => s.trim().toUpperCase() as typeof Classification.Type,
  encode: (c) => c
})

/** `LlmOutput` from a server that saw no schema. */
export const LlmOutputLenient = Schema.Struct({
  summary: Schema.String,
  days: Schema.Array(Schema.Struct({ date: Schema.String, classification: AnyCaseClassification, summary: Schema.String }))
})

export const analysisAnswer = { schema: LlmOutput, lenientSchema: LlmOutputLenient, objectName: "forecast_analysis" }

/** One failed model call: transport, status, timeout, or an answer we cannot use. */
export class LlmFailure extends Schema.TaggedError<LlmFailure>()("LlmFailure", { reason: Schema.String }) {}

/** A model call: instructions and facts in, the decoded answer (or why not) out. */
export type Generate = (prompt: { readonly system: string; readonly user: string }) => Effect.Effect<LlmOutput, LlmFailure>

const MAX_SUMMARY = 4000
const MAX_DAY = 2000

/** Empty or runaway texts are as unusable as invalid JSON. */
export const checkTexts = (output: LlmOutput): Effect.Effect<LlmOutput, LlmFailure> => {
  const bad = (text: string, max: number) => text.trim() === "" || text.length > max
  if (bad(output.summary, MAX_SUMMARY)) return Effect.fail(new LlmFailure({ reason: "the summary is empty or too long" }))
  const day = output.days.find((d) => bad(d.summary, MAX_DAY))
  if (day !== undefined) return Effect.fail(new LlmFailure({ reason: `the text for ${day.date} is empty or too long` }))
  return Effect.succeed({ summary: output.summary.trim(), days: output.days.map((d) => ({ ...d, summary: d.summary.trim() })) })
}
