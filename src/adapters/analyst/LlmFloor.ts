import { Either } from "effect"
import { checkText, type Rejection } from "../../domain/analysis/TextFloor.js"
import { type Analysis, mostSevere } from "../../domain/forecast/Analysis.js"
import type { DayAssessment } from "../../domain/safety/Assessment.js"
import { checkCoverage, understatedDays } from "../../domain/safety/SafetyFloor.js"
import type { AnalystInput } from "../../ports/Analyst.js"
import type { LlmOutput } from "./LlmOutput.js"
import { dayFacts, summaryFacts } from "./LlmTextFacts.js"

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

/** One model text the text floor refused, and why. */
export interface RejectedText {
  /** The day's index, or "summary". */
  readonly text: number | "summary"
  readonly rejections: ReadonlyArray<Rejection>
}

/**
 * The text floor over the model's analysis (`checkText`, issue 11): each day's text against that day's
 * facts and the class it will be shown with, the summary against the whole period. Days already
 * replaced for understating their class are not checked.
 */
export const reviewTexts = (input: AnalystInput, reviewed: ReviewedOutput): ReadonlyArray<RejectedText> => {
  const shownAs = reviewed.analysis.daily_classifications.map((d, i) => mostSevere(d.classification, input.days[i]!.classification))
  const days = reviewed.analysis.daily_classifications.flatMap((d, i): Array<RejectedText> => {
    if (reviewed.understated.includes(i)) return []
    const rejections = checkText(d.summary, dayFacts(input, i, shownAs[i]!))
    return rejections.length === 0 ? [] : [{ text: i, rejections }]
  })
  const summary = checkText(reviewed.analysis.summary, summaryFacts(input, shownAs))
  return summary.length === 0 ? days : [...days, { text: "summary", rejections: summary }]
}

/** Replaces each refused text by the built-in analyst's: a day (its text and the rules' class), or the summary. */
export const replaceRejected = (analysis: Analysis, rejected: ReadonlyArray<RejectedText>, builtin: Analysis): Analysis => {
  const days = new Set(rejected.flatMap((r) => (r.text === "summary" ? [] : [r.text])))
  return {
    summary: rejected.some((r) => r.text === "summary") ? builtin.summary : analysis.summary,
    daily_classifications: analysis.daily_classifications.map((d, i) => (days.has(i) ? builtin.daily_classifications[i]! : d))
  }
}
