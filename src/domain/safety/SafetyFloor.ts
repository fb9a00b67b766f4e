import { Either } from "effect"
import { type Analysis, mostSevere } from "../forecast/Analysis.js"
import type { DayAssessment } from "./Assessment.js"

/**
 * The analyst writes the words; the rules set the floor. Each day's final class is the more severe of
 * the rules' class and the analyst's, so no analyst (least of all a language model) can make a day look
 * safer than the rules found it. Left when the analysis does not cover exactly the assessed days.
 */
export const applySafetyFloor = (
  days: ReadonlyArray<DayAssessment>,
  proposed: Analysis
): Either.Either<Analysis, string> => {
  if (proposed.daily_classifications.length !== days.length) {
    return Either.left(`the analysis has ${proposed.daily_classifications.length} days, expected ${days.length}`)
  }
  const daily = []
  for (const [i, day] of days.entries()) {
    const written = proposed.daily_classifications[i]!
    if (written.date !== day.date) return Either.left(`day ${i + 1} is ${written.date}, expected ${day.date}`)
    daily.push({ ...written, classification: mostSevere(day.classification, written.classification) })
  }
  return Either.right({ summary: proposed.summary, daily_classifications: daily })
}
