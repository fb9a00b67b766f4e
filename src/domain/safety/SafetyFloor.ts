import { Either } from "effect"
import { type Classification, mostSevere, severityOf } from "../classification/Classification.js"
import type { DayAssessment } from "./Assessment.js"

/** Left (why) when the analysis's days are not exactly the assessed days, in order. */
export const checkCoverage = (
  days: ReadonlyArray<DayAssessment>,
  written: ReadonlyArray<{ readonly date: string }>
): Either.Either<void, string> => {
  if (written.length !== days.length) return Either.left(`the analysis has ${written.length} days, expected ${days.length}`)
  const wrong = written.findIndex((d, i) => d.date !== days[i]!.date)
  return wrong < 0 ? Either.void : Either.left(`day ${wrong + 1} is ${written[wrong]!.date}, expected ${days[wrong]!.date}`)
}

/**
 * Indexes of the days an analysis rated less severe than the rules: its words for them may call a
 * hazard safe, so an analyst that writes freely (a language model) swaps them for trusted ones.
 */
export const understatedDays = (
  days: ReadonlyArray<DayAssessment>,
  written: ReadonlyArray<{ readonly classification: Classification }>
): ReadonlyArray<number> =>
  days.flatMap((day, i) => {
    const proposed = written[i]
    return proposed !== undefined && severityOf(proposed.classification) < severityOf(day.classification) ? [i] : []
  })

/** What the floor reads of a written day: its date and its class (the rest is carried as written). */
export interface RatedDay {
  readonly date: string
  readonly classification: Classification
}

/** What the floor keeps of an analysis (the contract's `ai_analysis` is one): the words, the confidence, the days. */
export interface RatedAnalysis<Day extends RatedDay, Confidence> {
  readonly summary: string
  readonly confidence?: Confidence
  readonly daily_classifications: ReadonlyArray<Day>
}

/**
 * The analyst writes the words; the rules set the floor. Each day's final class is the more severe of
 * the rules' class and the analyst's, so no analyst (least of all a language model) can make a day look
 * safer than the rules found it. Applied once, by the use case that owns the rules' days. Left when the
 * analysis does not cover exactly the assessed days.
 */
export const applySafetyFloor = <Day extends RatedDay, Confidence>(
  days: ReadonlyArray<DayAssessment>,
  proposed: RatedAnalysis<Day, Confidence>
): Either.Either<RatedAnalysis<Day, Confidence>, string> =>
  Either.map(checkCoverage(days, proposed.daily_classifications), () => ({
    summary: proposed.summary,
    // The confidence's wording in the language asked, when the analyst gave one (its levels are the rules').
    ...(proposed.confidence === undefined ? {} : { confidence: proposed.confidence }),
    daily_classifications: proposed.daily_classifications.map((written, i) => ({
      ...written,
      classification: mostSevere(days[i]!.classification, written.classification)
    }))
  }))
