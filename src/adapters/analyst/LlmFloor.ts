import { Either } from "effect"
import type { Analysis } from "../../domain/forecast/Analysis.js"
import type { DayAssessment } from "../../domain/safety/Assessment.js"
import { checkCoverage, understatedDays } from "../../domain/safety/SafetyFloor.js"
import type { LlmOutput } from "./LlmOutput.js"

/** The model's answer as an analysis, and the days whose text cannot stand. */
export interface ReviewedOutput {
  readonly analysis: Analysis
  /** Indexes of days the model rated less severe than the rules: its text for them may call a hazard safe. */
  readonly understated: ReadonlyArray<number>
}

/**
 * The model's answer with the days it understated. Left when it does not cover exactly the assessed
 * days, in order (an answer to retry). The class floor itself is the core's (`applySafetyFloor`).
 */
export const reviewOutput = (days: ReadonlyArray<DayAssessment>, output: LlmOutput): Either.Either<ReviewedOutput, string> =>
  Either.map(checkCoverage(days, output.days), () => ({
    analysis: {
      summary: output.summary,
      daily_classifications: output.days.map((d) => ({ date: d.date, classification: d.classification, summary: d.summary }))
    },
    understated: understatedDays(days, output.days)
  }))

/**
 * Replaces what the model understated with the built-in analyst's analysis of the same days: those
 * days (class and text) and the overall summary, which may have made light of them too.
 */
export const replaceUnderstated = (reviewed: ReviewedOutput, builtin: Analysis): Analysis => {
  if (reviewed.understated.length === 0) return reviewed.analysis
  return {
    summary: builtin.summary,
    daily_classifications: reviewed.analysis.daily_classifications.map((d, i) =>
      reviewed.understated.includes(i) ? builtin.daily_classifications[i]! : d
    )
  }
}
