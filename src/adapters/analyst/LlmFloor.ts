import { Either } from "effect"
import { type Analysis, type DailyClassification, mostSevere, severityOf } from "../../domain/forecast/Analysis.js"
import type { DayAssessment } from "../../domain/safety/Assessment.js"
import type { LlmOutput } from "./LlmOutput.js"

/** The model's analysis with the rules' floor applied, and the days whose text cannot stand. */
export interface FlooredOutput {
  readonly analysis: Analysis
  /** Indexes of days the model rated less severe than the rules: its text for them may call a hazard safe. */
  readonly understated: ReadonlyArray<number>
}

/**
 * Each day's class is the more severe of the rules' and the model's. Left when the answer does not
 * cover exactly the assessed days, in order.
 */
export const floorOutput = (days: ReadonlyArray<DayAssessment>, output: LlmOutput): Either.Either<FlooredOutput, string> => {
  if (output.days.length !== days.length) return Either.left(`the model wrote ${output.days.length} days, expected ${days.length}`)
  const understated: Array<number> = []
  const daily = days.map((day, i): DailyClassification => {
    const written = output.days[i]!
    if (severityOf(written.classification) < severityOf(day.classification)) understated.push(i)
    return { date: day.date, classification: mostSevere(day.classification, written.classification), summary: written.summary }
  })
  const wrongDate = output.days.findIndex((d, i) => d.date !== days[i]!.date)
  if (wrongDate >= 0) return Either.left(`the model's day ${wrongDate + 1} is ${output.days[wrongDate]!.date}, expected ${days[wrongDate]!.date}`)
  return Either.right({ analysis: { summary: output.summary, daily_classifications: daily }, understated })
}

/**
 * Replaces what the model understated with the built-in analyst's words: the texts of those days
 * (with the more severe class) and the overall summary, which may have made light of them too.
 */
export const replaceUnderstated = (floored: FlooredOutput, builtin: Analysis): Analysis => {
  if (floored.understated.length === 0) return floored.analysis
  const daily = floored.analysis.daily_classifications.map((d, i) => {
    const own = builtin.daily_classifications[i]
    if (!floored.understated.includes(i) || own === undefined) return d
    return { date: d.date, classification: mostSevere(d.classification, own.classification), summary: own.summary }
  })
  return { summary: builtin.summary, daily_classifications: daily }
}
