import { Effect, Layer } from "effect"
import type { Analysis } from "../../domain/forecast/Analysis.js"
import type { Language } from "../../domain/spotcast/Preferences.js"
import { Analyst, type AnalystInput, type AnalystShape } from "../../ports/Analyst.js"
import { writeDay } from "./BuiltinDay.js"
import { writeSummary } from "./BuiltinSummary.js"
import { packFor } from "./i18n/Packs.js"
import { confidenceText } from "./ModelWords.js"

export { writeDay } from "./BuiltinDay.js"
export { writeSummary } from "./BuiltinSummary.js"

/** The sentence every analysis of simulated (sandbox) data carries, in the language asked. */
export const simulatedNotice = (language: Language): string => packFor(language).simulatedNotice

/** Each day's confidence with its reason in the language and units asked. */
export const confidenceOf = (input: AnalystInput): Pick<Analysis, "confidence"> =>
  input.confidence === undefined
    ? {}
    : { confidence: input.confidence.map(({ basis, date, level }) => ({ date, level, reason: confidenceText(basis, input.preferences) })) }

/** The whole analysis, pure: each day keeps the rules' class; the analyst only writes the words. */
export const write = (input: AnalystInput): Analysis => ({
  summary: writeSummary(input),
  daily_classifications: input.days.map((day, index) => ({
    date: day.date,
    classification: day.classification,
    summary: writeDay(input, index)
  })),
  ...confidenceOf(input)
})

/** The built-in analyst: rules plus localized templates, no I/O, never fails. */
export const make: Effect.Effect<AnalystShape> = Effect.succeed({
  analyze: Effect.fn("BuiltinAnalyst.analyze")(function*(input: AnalystInput) {
    return write(input)
  })
})

export const layer: Layer.Layer<Analyst> = Layer.effect(Analyst, make)
