import { Schema } from "effect"
import { DayTimelineFields, ForecastMetaFields } from "./TimelineSchema.js"

export const Classification = Schema.Literal("GO", "CAUTION", "AVOID")
export type Classification = typeof Classification.Type

const severity: Record<Classification, number> = { GO: 0, CAUTION: 1, AVOID: 2 }

export const severityOf = (c: Classification): number => severity[c]

/** The more severe of two classes: the rule every safety floor is built on. */
export const mostSevere = (a: Classification, b: Classification): Classification =>
  severity[b] > severity[a] ? b : a

export const worstOf = (classes: ReadonlyArray<Classification>): Classification => classes.reduce(mostSevere, "GO")

export const DailyClassification = Schema.Struct({
  date: Schema.String,
  classification: Classification,
  summary: Schema.String,
  // Issue 15 additions, all optional (the contract's three fields are unchanged).
  ...DayTimelineFields
})
export type DailyClassification = typeof DailyClassification.Type

/** The contract's `ai_analysis`. */
export const Analysis = Schema.Struct({
  summary: Schema.String,
  daily_classifications: Schema.Array(DailyClassification),
  ...ForecastMetaFields
})
export type Analysis = typeof Analysis.Type
