import { Schema } from "effect"
import { Classification } from "../classification/Classification.js"
import { DayTimelineFields, ForecastMetaFields } from "./TimelineSchema.js"

// The verdict and its severity order live in a leaf module the safety rules share; kept reachable here.
export { Classification, mostSevere, severityOf, worstOf } from "../classification/Classification.js"

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
