import { Duration, Effect, Either, Schema } from "effect"
import { checkText, type FactReading, type Rejection, type TextFacts } from "../../domain/analysis/TextFloor.js"
import { quotedNumbers } from "../../domain/analysis/QuotedNumbers.js"
import type { Classification } from "../../domain/forecast/Analysis.js"
import type { RouteLeg } from "../../domain/route/Route.js"
import type { RouteTextInput, RouteTexts } from "../../ports/Analyst.js"
import { packFor } from "./i18n/Packs.js"
import type { LlmOptions } from "./LlmOptions.js"
import { LlmFailure } from "./LlmOutput.js"
import { languageName } from "./LlmPrompt.js"
import { generate, type LlmPrompt, type StructuredModel } from "./LlmStructured.js"
import { unitsOf } from "./LlmTextFacts.js"
import * as Units from "./Units.js"

/** What the model must answer for a route. Every field is required (OpenAI's strict structured outputs). */
export const RouteTextOutput = Schema.Struct({
  summary: Schema.String,
  legs: Schema.Array(Schema.String),
  best_departure_reason: Schema.String
}).annotations({
  identifier: "RouteTexts",
  description: "The passage summary, one text per leg in order, and the best departure's reason (empty when none is given)"
})
export type RouteTextOutput = typeof RouteTextOutput.Type

export const routeAnswer = { schema: RouteTextOutput, objectName: "route_texts" }

const MAX_TEXT = 2000

/** A leg's worst conditions as readings in the requested units (the model never converts). */
const readingsOf = (leg: RouteLeg, input: RouteTextInput) => {
  const { distanceUnits: d, heightUnits: h, speedUnits: s } = input.route.preferences
  const c = leg.conditions
  const q = (x: Units.Quantity) => ({ value: x.amount, unit: x.unit })
  const seas = [c.wave_height_ft, c.swell_height_ft].filter((v): v is number => v !== undefined)
  return {
    wind_speed: q(Units.speed(c.wind_speed_kt, s, "en")),
    wind_gust: q(Units.speed(c.wind_gust_kt, s, "en")),
    ...(seas.length === 0 ? {} : { seas: q(Units.height(Math.max(...seas), h, "en")) }),
    ...(c.visibility_nm === undefined ? {} : { visibility: q(Units.distance(c.visibility_nm, d, "en")) })
  }
}

/** The facts the model is given: the rules' classes and the built-in texts, which it rewrites. */
export const routeFacts = (input: RouteTextInput) => {
  const { analysis } = input
  return {
    language: languageName[input.route.preferences.language],
    passage: { classification: analysis.classification, text: analysis.summary },
    legs: analysis.legs.map((leg) => ({
      leg: leg.index + 1,
      classification: leg.classification,
      worst_factor: leg.worst_factor,
      eta_start: leg.eta_start,
      eta_end: leg.eta_end,
      worst_conditions: readingsOf(leg, input),
      text: leg.summary
    })),
    best_departure: analysis.best_departure === undefined
      ? null
      : { departure_time: analysis.best_departure.departure_time, classification: analysis.best_departure.classification, text: analysis.best_departure.reason }
  }
}

const system = (input: RouteTextInput): string =>
  [
    "You are the marine analyst of SpotCast. A skipper reads these texts to decide on a passage: accuracy is a safety matter.",
    "You receive JSON facts about a boat passage as a rules engine judged it: the passage and each leg with its class (GO, CAUTION or AVOID), worst factor, worst conditions and the built-in text, and the best departure when there is one.",
    `Rewrite each text in ${languageName[input.route.preferences.language]} so that a skipper reads it easily. Answer with one JSON object and nothing else, of this shape:`,
    `{"summary": "the passage summary", "legs": ["one text per leg, in order"], "best_departure_reason": "the best departure's reason, or an empty string when best_departure is null"}`,
    "Rules:",
    "1. Keep every class code (GO, CAUTION, AVOID), number, unit, date and time exactly as the facts give them. Add no other number, date or time; never convert units.",
    "2. Never make a CAUTION or AVOID leg or passage sound safe: no reassuring words (safe, perfect, ideal, enjoy, no risk, or their equivalents). Name the worst factor of every CAUTION or AVOID leg.",
    "3. One text per leg, in the same order as the facts."
  ].join("\n")

export const routePrompt = (input: RouteTextInput): LlmPrompt => ({ system: system(input), user: JSON.stringify(routeFacts(input)) })

/** Every reading, count, date and time a text was given, whether as a reading or inside a built-in sentence. */
const givenIn = (value: unknown, input: RouteTextInput, into: Given): Given => {
  const language = input.route.preferences.language
  if (typeof value === "number") into.counts.push(value)
  else if (typeof value === "string") {
    for (const quoted of [quotedNumbers(value, language), quotedNumbers(value, "en")]) {
      for (const q of quoted) {
        if (q._tag === "Time") into.times.push([q.hour, q.minute])
        else if (q._tag === "Date" && q.year !== undefined && q.month !== undefined) {
          into.dates.push(`${q.year}-${String(q.month).padStart(2, "0")}-${String(q.day).padStart(2, "0")}`)
        } else if (q._tag === "Number") {
          if (q.unit === undefined) into.counts.push(q.value)
          else into.readings.push({ value: q.value, unit: q.unit })
        }
      }
    }
    // ETAs are ISO instants: their date and time (to the minute) may be quoted.
    const iso = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value)
    if (iso !== null) {
      into.dates.push(iso[1]!)
      into.times.push([Number(iso[2]), Number(iso[3])])
    }
  } else if (Array.isArray(value)) for (const v of value) givenIn(v, input, into)
  else if (typeof value === "object" && value !== null) {
    const o = value as Record<string, unknown>
    if (typeof o.value === "number" && typeof o.unit === "string") into.readings.push({ value: o.value, unit: o.unit as FactReading["unit"] })
    else for (const v of Object.values(o)) givenIn(v, input, into)
  }
  return into
}

interface Given {
  readonly readings: Array<FactReading>
  readonly counts: Array<number>
  readonly times: Array<readonly [number, number]>
  readonly dates: Array<string>
}

/** What one route text may say: exactly what it was given, under the class it is shown with. */
const factsFor = (
  input: RouteTextInput,
  given: unknown,
  classification: Classification,
  deciding: ReadonlyArray<string>,
  mustName: TextFacts["mustName"],
  forbidGo: boolean
): TextFacts => {
  const g = givenIn(given, input, { readings: [], counts: [], times: [], dates: [] })
  const language = input.route.preferences.language
  return {
    language,
    readings: g.readings,
    units: unitsOf(input.route),
    counts: g.counts,
    hours: [],
    times: g.times,
    dates: g.dates,
    classification,
    deciding,
    mustName,
    lessSevereWords: forbidGo && classification !== "GO" ? [...new Set(["GO", packFor(language).classWord.GO])] : []
  }
}

/** Each text the model wrote, checked by the text floor; a refused one is the built-in text. */
export const floorRouteTexts = (
  input: RouteTextInput,
  output: RouteTextOutput
): { readonly texts: RouteTexts; readonly refused: ReadonlyArray<{ text: string; rejections: ReadonlyArray<Rejection> }> } => {
  const { analysis } = input
  const facts = routeFacts(input)
  const refused: Array<{ text: string; rejections: ReadonlyArray<Rejection> }> = []
  const keep = (name: string, text: string, builtin: string, f: TextFacts) => {
    const rejections = checkText(text, f)
    if (rejections.length === 0) return text
    refused.push({ text: name, rejections })
    return builtin
  }
  const worst = analysis.legs.filter((l) => l.classification === analysis.classification).flatMap((l) => l.worst_factor ?? [])
  // The summary names the best departure's class too, which may be milder than the passage's.
  const summary = keep("summary", output.summary, analysis.summary,
    factsFor(input, facts, analysis.classification, analysis.classification === "GO" ? [] : worst, "any", false))
  const legs = analysis.legs.map((leg, i) =>
    keep(`leg ${leg.index + 1}`, output.legs[i]!, leg.summary,
      factsFor(input, facts.legs[i], leg.classification, leg.classification === "GO" || leg.worst_factor === null ? [] : [leg.worst_factor], "all", true))
  )
  const best = analysis.best_departure
  const bestDepartureReason = best === undefined
    ? undefined
    : keep("best departure", output.best_departure_reason, best.reason,
      factsFor(input, [facts.best_departure, facts.passage], best.classification, [], "any", false))
  return { texts: { summary, legs, bestDepartureReason }, refused }
}

const checkShape = (input: RouteTextInput, output: RouteTextOutput): Either.Either<RouteTextOutput, string> => {
  const bad = (text: string) => text.trim() === "" || text.length > MAX_TEXT
  if (output.legs.length !== input.analysis.legs.length) return Either.left(`${output.legs.length} leg texts for ${input.analysis.legs.length} legs`)
  if (bad(output.summary) || output.legs.some(bad)) return Either.left("a text is empty or too long")
  if (input.analysis.best_departure !== undefined && bad(output.best_departure_reason)) return Either.left("the best departure's reason is empty or too long")
  return Either.right({ ...output, summary: output.summary.trim(), legs: output.legs.map((t) => t.trim()), best_departure_reason: output.best_departure_reason.trim() })
}

const builtinTexts = (input: RouteTextInput): RouteTexts => ({
  summary: input.analysis.summary,
  legs: input.analysis.legs.map((l) => l.summary),
  bestDepartureReason: input.analysis.best_departure?.reason
})

/**
 * The route's texts by the model, each under the text floor, with the built-in texts behind them:
 * after the attempts fail (timeout, HTTP error, an answer that is not the schema or not one text per
 * leg) all of them; a text the floor refuses, that one.
 */
export const make = (model: StructuredModel, options: Pick<LlmOptions, "timeout" | "retries">) => {
  const call = generate(model, routeAnswer)
  return Effect.fn("LlmRouteText.describe")(function*(input: RouteTextInput) {
    const attempt = call(routePrompt(input)).pipe(
      Effect.timeoutFail({ duration: Duration.decode(options.timeout), onTimeout: () => new LlmFailure({ reason: "the model did not answer in time" }) }),
      Effect.flatMap((output) => Either.mapLeft(checkShape(input, output), (reason) => new LlmFailure({ reason })))
    )
    const result = yield* Effect.either(Effect.retry(attempt, { times: options.retries }))
    if (Either.isLeft(result)) {
      yield* Effect.logWarning("LLM route texts failed; the built-in texts are used", { reason: result.left.reason })
      return builtinTexts(input)
    }
    const { refused, texts } = floorRouteTexts(input, result.right)
    for (const r of refused) {
      yield* Effect.logWarning(`the text floor refused the model's route text (${r.text}); the built-in text is used`, {
        reasons: r.rejections.map((x) => `${x.reason}: ${x.detail}`)
      })
    }
    return texts
  })
}
