import { type Classification, mostSevere, severityOf, worstOf } from "./Analysis.js"
import type { DayAssessment, Reason } from "../safety/Assessment.js"
import { num } from "../safety/Rating.js"
import { seasFt } from "../safety/SeaRules.js"
import type { DayConfidence } from "./TimelineSchema.js"

export type ConfidenceLevel = DayConfidence["level"]

/** Spreads at or above these, between models that agree on the class, make the confidence medium. */
export const WIND_SPREAD_KT = 5
export const GUST_SPREAD_KT = 8
export const SEAS_SPREAD_FT = 2

/** One model's judgement of a day (undefined when the model had no usable data that day). */
export interface ModelDay {
  readonly model: string
  readonly day: DayAssessment | undefined
}

export interface ConfidenceOutcome {
  /** The day as the rules judge it once the models are weighed: the more severe class on disagreement. */
  readonly day: DayAssessment
  readonly confidence: DayConfidence
  /** Set when the models disagree across a class boundary (the text says so). */
  readonly disagreement?: { readonly models: ReadonlyArray<readonly [string, Classification]>; readonly rated: Classification }
}

const spread = (values: ReadonlyArray<number | undefined>): number => {
  const xs = values.filter((v): v is number => v !== undefined)
  return xs.length < 2 ? 0 : Math.max(...xs) - Math.min(...xs)
}

const deciding = (day: DayAssessment): string => {
  const top = day.reasons.filter((r) => r.classification === day.classification && r.classification !== "GO")
  return top.length === 0 ? `wind ${num(day.conditions.wind_speed_kt)} kt` : top.map((r) => r.detail).join("; ")
}

/**
 * Weighs the primary model's day against the other models' (issue 15 item 3). All agree on the class
 * and their wind, gusts and seas are close: high. Same class but far apart: medium. Different classes
 * (a disagreement across a class boundary): low, and the day takes the most severe class, with that
 * model's deciding reasons added under "models disagree". A single model: medium, nothing to compare.
 * Models without data that day are left out and named.
 */
export const weighModels = (primary: ModelDay & { readonly day: DayAssessment }, others: ReadonlyArray<ModelDay>, missing: ReadonlyArray<string>): ConfidenceOutcome => {
  const date = primary.day.date
  const answered = [primary, ...others.filter((o): o is ModelDay & { readonly day: DayAssessment } => o.day !== undefined)]
  const absent = [...missing, ...others.filter((o) => o.day === undefined).map((o) => o.model)]
  const without = absent.length === 0 ? "" : ` (no data from ${absent.join(", ")})`
  if (answered.length === 1) {
    return {
      day: primary.day,
      confidence: { date, level: "medium", reason: `one model only (${primary.model})${without}: the forecast could not be checked against another model` }
    }
  }
  const classes = answered.map((m) => [m.model, m.day.classification] as const)
  const worst = worstOf(classes.map(([, c]) => c))
  if (new Set(classes.map(([, c]) => c)).size > 1) {
    const severe = answered.find((m) => m.day.classification === worst)!
    const listed = answered.map((m) => `${m.model} ${m.day.classification} (${deciding(m.day)})`).join(", ")
    const day = severityOf(worst) > severityOf(primary.day.classification)
      ? {
        ...primary.day,
        classification: mostSevere(primary.day.classification, worst),
        reasons: [
          ...severe.day.reasons
            .filter((r) => r.classification === worst)
            .map((r): Reason => ({ ...r, detail: `models disagree: ${severe.model} gives ${r.detail}` })),
          ...primary.day.reasons
        ]
      }
      : primary.day
    return {
      day,
      confidence: { date, level: "low", reason: `the models disagree across a class boundary: ${listed}; the day is rated ${worst}, the more severe${without}` },
      disagreement: { models: classes, rated: worst }
    }
  }
  const wind = spread(answered.map((m) => m.day.conditions.wind_speed_kt))
  const gust = spread(answered.map((m) => m.day.conditions.wind_gust_kt))
  const seas = spread(answered.map((m) => seasFt(m.day.conditions)))
  const far = wind >= WIND_SPREAD_KT || gust >= GUST_SPREAD_KT || seas >= SEAS_SPREAD_FT
  const numbers = `their wind differs by ${num(wind)} kt, their gusts by ${num(gust)} kt${seas > 0 ? ` and their seas by ${num(seas)} ft` : ""} in the window`
  return {
    day: primary.day,
    confidence: {
      date,
      level: far ? "medium" : "high",
      reason: `${answered.length} models agree on ${worst}${far ? " but are far apart" : ""}; ${numbers}${without}`
    }
  }
}
