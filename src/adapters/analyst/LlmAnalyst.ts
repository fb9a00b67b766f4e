import type { HttpClient } from "@effect/platform"
import { Effect, Either, Layer, Metric } from "effect"
import type { Analysis } from "../../domain/forecast/Analysis.js"
import type { Language } from "../../domain/spotcast/Preferences.js"
import { checkCoverage } from "../../domain/safety/SafetyFloor.js"
import { Analyst, type AnalystInput, type AnalystShape, AnalystUnavailable } from "../../ports/Analyst.js"
import { confidenceOf, simulatedNotice } from "./BuiltinAnalyst.js"
import * as LlmChatCompletions from "./LlmChatCompletions.js"
import type { LlmOptions } from "./LlmOptions.js"
import { replaceRejected, replaceUnderstated, reviewOutput, reviewTexts } from "./LlmFloor.js"
import { analysisAnswer, checkTexts, type Generate, LlmFailure } from "./LlmOutput.js"
import { prompt } from "./LlmPrompt.js"
import * as LlmRouteText from "./LlmRouteText.js"
import { generate as generateWith, type StructuredModel } from "./LlmStructured.js"

export interface LlmAnalystOptions {
  readonly timeout: LlmOptions["timeout"]
  readonly retries: LlmOptions["retries"]
  /** For logs only. */
  readonly provider: string
  readonly model: string
  /** The sentence that says the data is simulated, in a language; it opens every model-written text. */
  readonly simulatedNotice: (language: Language) => string
}

/** Like the built-in analyst's, every text of simulated data opens with the notice. */
const withNotice = (analysis: Analysis, notice: string, language: Language): Analysis => {
  const prefix = (text: string) => (text.includes(notice) ? text : `${notice}${language === "ja" ? "" : " "}${text}`)
  return {
    summary: prefix(analysis.summary),
    daily_classifications: analysis.daily_classifications.map((d) => ({ ...d, summary: prefix(d.summary) }))
  }
}

/**
 * The analyst port on a language model, with `fallback` (the built-in analyst) behind it: the model
 * writes, the core sets the floor. `retries` more attempts after a failed one (timeout, HTTP error, an
 * answer that is not the schema or not the assessed days); after that, the fallback's whole analysis. A day
 * the model rated less severe than the rules gets the fallback's day, and the overall summary becomes
 * the fallback's. Then the text floor: a day text or summary that quotes numbers not in the facts,
 * is in another language, or reassures on a CAUTION/AVOID day without naming why, is the fallback's.
 */
export const make = (generate: Generate, fallback: AnalystShape, options: LlmAnalystOptions): AnalystShape => {
  // Its days stand in for the model's, so they must be the assessed days.
  const builtin = (input: AnalystInput) =>
    Effect.flatMap(fallback.analyze(input), (analysis) =>
      checkCoverage(input.days, analysis.daily_classifications).pipe(
        Either.mapBoth({ onLeft: (reason) => new AnalystUnavailable({ reason: `built-in analyst: ${reason}` }), onRight: () => analysis })
      ))

  const attempt = (input: AnalystInput) =>
    generate(prompt(input)).pipe(
      Effect.timeoutFail({ duration: options.timeout, onTimeout: () => new LlmFailure({ reason: "the model did not answer in time" }) }),
      Effect.flatMap(checkTexts),
      Effect.flatMap((output) => Either.mapLeft(reviewOutput(input.days, output), (reason) => new LlmFailure({ reason })))
    )

  const analyze = Effect.fn("LlmAnalyst.analyze")(function*(input: AnalystInput) {
    const result = yield* Effect.either(Effect.retry(attempt(input), { times: options.retries }))
    if (Either.isLeft(result)) {
      yield* Effect.logWarning("LLM analysis failed; the built-in analysis is used", { reason: result.left.reason })
      return yield* builtin(input)
    }
    const reviewed = result.right
    const rejected = reviewTexts(input, reviewed)
    const fallbackAnalysis = reviewed.understated.length > 0 || rejected.length > 0 ? yield* builtin(input) : undefined
    let analysis = reviewed.analysis
    if (reviewed.understated.length > 0) {
      yield* Effect.logWarning("the model rated days less severe than the rules; their texts are the built-in analyst's", {
        dates: reviewed.understated.map((i) => input.days[i]!.date)
      })
      analysis = replaceUnderstated(reviewed, fallbackAnalysis!)
    }
    for (const r of rejected) {
      const text = r.text === "summary" ? "summary" : "day"
      yield* Effect.logWarning(`the text floor refused the model's ${r.text === "summary" ? "summary" : "text for a day"}; the built-in text is used`, {
        ...(r.text === "summary" ? {} : { date: input.days[r.text]!.date }),
        reasons: r.rejections.map((x) => `${x.reason}: ${x.detail}`)
      })
      for (const reason of new Set(r.rejections.map((x) => x.reason))) {
        yield* Metric.increment(Metric.tagged(Metric.tagged(textRejectionsTotal, "reason", reason), "text", text))
      }
    }
    if (rejected.length > 0) analysis = replaceRejected(analysis, rejected, fallbackAnalysis!)
    const language = input.preferences.language
    const noticed = input.simulated ? withNotice(analysis, options.simulatedNotice(language), language) : analysis
    // The confidence reasons are worded from the facts, never by the model.
    return { ...noticed, ...confidenceOf(input) }
  }, Effect.annotateLogs({ llmProvider: options.provider, llmModel: options.model }))

  return { analyze }
}

/** Model texts the text floor refused, one per text and reason (exposed on /metrics). */
export const textRejectionsTotal = Metric.counter("spotcast_llm_text_rejections_total", {
  description: "Model-written texts replaced by the built-in analyst's, by reason and text (day, summary)",
  incremental: true
})

/**
 * The configured model behind `@effect/ai`'s `LanguageModel`. A provider package is loaded only when
 * it is configured: @effect/ai-openai adds about 33 MB of heap, @effect/ai-anthropic about 11 MB.
 */
export const modelFor = (options: LlmOptions) => {
  switch (options.provider) {
    case "openai":
      return Effect.flatMap(Effect.promise(() => import("./LlmResponses.js")), (m) => m.make(options))
    case "anthropic":
      return Effect.flatMap(Effect.promise(() => import("./LlmAnthropic.js")), (m) => m.make(options))
    case "openai-compatible":
      return LlmChatCompletions.make(options)
  }
}

/** The analysis call on a model. */
export const analysisGenerate = (model: StructuredModel): Generate => generateWith(model, analysisAnswer)

/**
 * The LLM analyst over `fallback` (the built-in analyst), whose texts it uses when the model fails or
 * understates a day; it writes route texts too, over the built-in ones. Needs an HttpClient.
 */
export const layer = <E, R>(
  options: LlmOptions,
  fallback: Layer.Layer<Analyst, E, R>
): Layer.Layer<Analyst, E, R | HttpClient.HttpClient> =>
  Layer.scoped(
    Analyst,
    Effect.gen(function*() {
      const builtin = yield* Analyst
      const model = yield* modelFor(options)
      yield* Effect.logInfo(`analysis by ${options.provider} model ${options.model}, with the built-in analyst as fallback`)
      return {
        ...make(analysisGenerate(model), builtin, { ...options, simulatedNotice }),
        describeRoute: LlmRouteText.make(model, options)
      }
    })
  ).pipe(Layer.provide(fallback))
