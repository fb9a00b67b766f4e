import { type Classification, severityOf, worstOf } from "./Analysis.js"
import type { DayAssessment, Factor, Reason } from "../safety/Assessment.js"
import { num } from "../safety/Rating.js"
import { seasFt } from "../safety/SeaRules.js"
import type { DayConditions } from "../weather/DayConditions.js"
import type { DayConfidence } from "./TimelineSchema.js"

export type ConfidenceLevel = DayConfidence["level"]

/** Spreads at or above these, between models that agree on the class, make the confidence medium. */
export const WIND_SPREAD_KT = 5
export const GUST_SPREAD_KT = 8
export const SEAS_SPREAD_FT = 2

/**
 * A class only one model reaches is a possibility, not an expectation (a watch, not a warning:
 * docs/safety.md "Models that disagree"): it raises the day at most to this class.
 */
export const LONE_MODEL_CAP: Classification = "CAUTION"

/** One model's judgement of a day (undefined when the model had no usable data that day). */
export interface ModelDay {
  readonly model: string
  readonly day: DayAssessment | undefined
}

/** The factors whose reading the text can set side by side across models. */
export type ComparedFactor = "wind" | "gust" | "seas" | "visibility" | "precipitation"

/** The most severe model's deciding reading against the other models' (canonical units: kt, ft, nm, mm/h). */
export interface ModelReading {
  readonly model: string
  readonly factor: ComparedFactor
  readonly value: number
  readonly othersLo: number
  readonly othersHi: number
}

/** Why the models gave a day its class: the text and the confidence say it in the language asked. */
export interface ModelsDisagreement {
  readonly models: ReadonlyArray<readonly [string, Classification]>
  readonly rated: Classification
  /** The model whose readings the day quotes (window, conditions, reasons). */
  readonly quoted: string
  /** The class a single model gave that was held back to `rated` (one model alone is not enough). */
  readonly heldBack?: { readonly model: string; readonly classification: Classification }
  readonly reading?: ModelReading
}

/** What the confidence rests on, for the text in any language. */
export type ConfidenceBasis =
  | { readonly _tag: "OneModel"; readonly model: string; readonly missing: ReadonlyArray<string> }
  | {
    readonly _tag: "Agree"
    readonly count: number
    readonly rated: Classification
    readonly far: boolean
    readonly windKt: number
    readonly gustKt: number
    readonly seasFt: number
    readonly missing: ReadonlyArray<string>
  }
  | { readonly _tag: "Disagree"; readonly disagreement: ModelsDisagreement; readonly missing: ReadonlyArray<string> }

export interface ConfidenceOutcome {
  /** The day as judged once the models are weighed, quoting the model that decided it. */
  readonly day: DayAssessment
  readonly confidence: DayConfidence
  readonly basis: ConfidenceBasis
  /** Set when the models disagree across a class boundary (the text says so). */
  readonly disagreement?: ModelsDisagreement
}

const spread = (values: ReadonlyArray<number | undefined>): number => {
  const xs = values.filter((v): v is number => v !== undefined)
  return xs.length < 2 ? 0 : Math.max(...xs) - Math.min(...xs)
}

const readingOf = (factor: ComparedFactor, c: DayConditions): number | undefined =>
  factor === "wind"
    ? c.wind_speed_kt
    : factor === "gust"
    ? c.wind_gust_kt
    : factor === "seas"
    ? seasFt(c)
    : factor === "visibility"
    ? c.visibility_nm
    : c.precipitation_mm_per_h

const comparedOf: Partial<Record<Factor, ComparedFactor>> = {
  wind: "wind",
  gust: "gust",
  seas: "seas",
  steep_seas: "seas",
  visibility: "visibility",
  precipitation: "precipitation"
}

type Answered = ModelDay & { readonly day: DayAssessment }

/** The deciding reading of `top` (the first of its deciding factors that has a number) against the others'. */
const readingFor = (top: Answered, others: ReadonlyArray<Answered>): ModelReading | undefined => {
  const deciding = top.day.reasons.filter((r) => r.classification === top.day.classification && r.classification !== "GO")
  for (const r of deciding) {
    const factor = comparedOf[r.factor]
    if (factor === undefined) continue
    const value = readingOf(factor, top.day.conditions)
    const rest = others.flatMap((o) => readingOf(factor, o.day.conditions) ?? [])
    if (value === undefined || rest.length === 0) continue
    return { model: top.model, factor, value, othersLo: Math.min(...rest), othersHi: Math.max(...rest) }
  }
  return undefined
}

/** The class the models give the day: see docs/safety.md "Models that disagree". */
export const ratedClass = (primary: Classification, all: ReadonlyArray<Classification>): Classification => {
  const sorted = [...all].sort((a, b) => severityOf(b) - severityOf(a))
  const confirmed = worstOf([primary, sorted[1] ?? primary])
  const top = sorted[0] ?? primary
  const capped = severityOf(top) > severityOf(LONE_MODEL_CAP) ? LONE_MODEL_CAP : top
  return worstOf([confirmed, capped])
}

/** The day of `from`, rated `rated`: reasons above it held back to it, each naming the model. */
const quotedDay = (from: Answered, rated: Classification, primaryModel: string): DayAssessment => {
  if (from.model === primaryModel && from.day.classification === rated) return from.day
  const reasons = from.day.reasons.map((r): Reason =>
    severityOf(r.classification) > severityOf(rated)
      ? { ...r, classification: rated, detail: `${from.model}: ${r.detail}; only ${from.model} gives ${r.classification}, one model alone gives ${rated}` }
      : from.model === primaryModel
      ? r
      : { ...r, detail: `${from.model}: ${r.detail}` }
  )
  return { ...from.day, classification: rated, reasons, ...(from.model === primaryModel ? {} : { model: from.model }) }
}

const unitOf: Record<ComparedFactor, string> = { wind: "kt", gust: "kt", seas: "ft", visibility: "nm", precipitation: "mm/h" }

const without = (missing: ReadonlyArray<string>) => (missing.length === 0 ? "" : ` (no data from ${missing.join(", ")})`)

/** The confidence's reason in English (operators, logs, and clients that asked for English). */
export const englishReason = (basis: ConfidenceBasis): string => {
  switch (basis._tag) {
    case "OneModel":
      return `one model only (${basis.model})${without(basis.missing)}: not cross-checked against another model`
    case "Agree": {
      const numbers = `their wind differs by ${num(basis.windKt)} kt, their gusts by ${num(basis.gustKt)} kt${
        basis.seasFt > 0 ? ` and their seas by ${num(basis.seasFt)} ft` : ""
      } in the window`
      return `${basis.count} models agree on ${basis.rated}${basis.far ? " but are far apart" : ""}; ${numbers}${without(basis.missing)}`
    }
    case "Disagree": {
      const d = basis.disagreement
      const listed = d.models.map(([m, c]) => `${m} ${c}`).join(", ")
      const why = d.heldBack === undefined
        ? `, from ${d.quoted}`
        : `: only ${d.heldBack.model} gives ${d.heldBack.classification}, and one model alone is not enough for it`
      const reading = d.reading === undefined
        ? ""
        : `; ${d.reading.model} has ${d.reading.factor} ${num(d.reading.value)} ${unitOf[d.reading.factor]}, the others ${num(d.reading.othersLo)}-${num(d.reading.othersHi)} ${unitOf[d.reading.factor]}`
      return `the models disagree across a class boundary: ${listed}; the day is rated ${d.rated}${why}${reading}${without(basis.missing)}`
    }
  }
}

/**
 * Weighs the primary model's day against the other models' (docs/safety.md "Models that disagree").
 * The class is the primary's (the provider's blend), or a more severe one that at least two models
 * give; a class only one other model gives raises the day at most to CAUTION. The day then quotes the
 * model that decided it: its window, conditions and reasons, with reasons above the class held back to
 * it. Confidence: one model answering is `unchecked`; all agree on the class with close numbers `high`,
 * far apart `medium`; different classes `low`. Models without data that day are left out and named.
 */
export const weighModels = (primary: Answered, others: ReadonlyArray<ModelDay>, missingModels: ReadonlyArray<string>): ConfidenceOutcome => {
  const date = primary.day.date
  const answered: ReadonlyArray<Answered> = [primary, ...others.filter((o): o is Answered => o.day !== undefined)]
  const missing = [...missingModels, ...others.filter((o) => o.day === undefined).map((o) => o.model)]
  const outcome = (day: DayAssessment, level: ConfidenceLevel, basis: ConfidenceBasis): ConfidenceOutcome => ({
    day,
    confidence: { date, level, reason: englishReason(basis) },
    basis,
    ...(basis._tag === "Disagree" ? { disagreement: basis.disagreement } : {})
  })
  if (answered.length === 1) return outcome(primary.day, "unchecked", { _tag: "OneModel", model: primary.model, missing })
  const classes = answered.map((m) => [m.model, m.day.classification] as const)
  const rated = ratedClass(primary.day.classification, classes.map(([, c]) => c))
  if (new Set(classes.map(([, c]) => c)).size > 1) {
    const worst = worstOf(classes.map(([, c]) => c))
    const top = answered.find((m) => m.day.classification === worst)!
    const decider = primary.day.classification === rated
      ? primary
      : answered.find((m) => m.day.classification === rated) ?? top
    const disagreement: ModelsDisagreement = {
      models: classes,
      rated,
      quoted: decider.model,
      ...(severityOf(worst) > severityOf(rated) ? { heldBack: { model: top.model, classification: worst } } : {}),
      ...(() => {
        const reading = readingFor(top, answered.filter((m) => m !== top))
        return reading === undefined ? {} : { reading }
      })()
    }
    return outcome(quotedDay(decider, rated, primary.model), "low", { _tag: "Disagree", disagreement, missing })
  }
  const windKt = spread(answered.map((m) => m.day.conditions.wind_speed_kt))
  const gustKt = spread(answered.map((m) => m.day.conditions.wind_gust_kt))
  const seas = spread(answered.map((m) => seasFt(m.day.conditions)))
  const far = windKt >= WIND_SPREAD_KT || gustKt >= GUST_SPREAD_KT || seas >= SEAS_SPREAD_FT
  return outcome(primary.day, far ? "medium" : "high", {
    _tag: "Agree",
    count: answered.length,
    rated,
    far,
    windKt,
    gustKt,
    seasFt: seas,
    missing
  })
}
