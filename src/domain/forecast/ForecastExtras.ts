import { Either } from "effect"
import { type AssessInput, assessDays } from "../safety/AssessDays.js"
import type { DayAssessment } from "../safety/Assessment.js"
import { bucketByLocalDate, hoursIn } from "../safety/LocalDays.js"
import { type Opposition, withCurrentAgainstWind } from "../safety/WindAgainstCurrentRule.js"
import type { Language } from "../spotcast/Preferences.js"
import type { Analysis, Classification } from "./Analysis.js"
import { converterFor, displayUnits, type UnitPreferences } from "./DisplayUnits.js"
import type { ForecastWeather, TimelineHour } from "../weather/ForecastWeather.js"
import { SIMULATED } from "../weather/HourlyWeather.js"
import { type ConfidenceBasis, type ModelDay, type ModelsDisagreement, weighModels } from "./ModelConfidence.js"
import { simulatedAttribution } from "./SimulatedAttribution.js"
import { dayTimeline, seriesTides } from "./Timeline.js"
import type { DayConfidence, ForecastSource } from "./TimelineSchema.js"

/** Something about a day the text must say (issue 15): why its class is more severe than one model's rules. */
export type DayNote =
  | ({ readonly _tag: "ModelsDisagree" } & ModelsDisagreement)
  | { readonly _tag: "WindAgainstCurrent"; readonly opposition: Opposition; readonly rated: Classification }

export interface JudgedDays {
  readonly days: ReadonlyArray<DayAssessment>
  readonly confidence: ReadonlyArray<DayConfidence>
  /** Per day: what the confidence rests on, for the analyst to say in the language asked. */
  readonly bases: ReadonlyArray<ConfidenceBasis>
  /** Per day, in order. */
  readonly notes: ReadonlyArray<ReadonlyArray<DayNote>>
}

/** A day with the current-against-wind rule applied to its window's hours. */
const withCurrent = (day: DayAssessment, hours: ReadonlyArray<TimelineHour>): { day: DayAssessment; note?: DayNote } => {
  const byDate = bucketByLocalDate(hours.filter((h) => h.time.startsWith(day.date)))
  if (Either.isLeft(byDate)) return { day }
  const slots = byDate.right.get(day.date)
  if (slots === undefined) return { day }
  const raised = withCurrentAgainstWind(day.reasons, hoursIn(slots, day.window.startHour, day.window.endHour))
  if (raised === undefined) return { day }
  return {
    day: { ...day, reasons: raised.reasons, classification: raised.classification },
    note: { _tag: "WindAgainstCurrent", opposition: raised.opposition, rated: raised.classification }
  }
}

/**
 * The rules' days once the extra data is weighed: a current against the wind raises the seas (each
 * model's own hours), then the models are compared (`weighModels`): a more severe class at least two
 * models give is taken, one model alone raises the day at most to CAUTION, and the day quotes the model
 * that decided it. Only ever as severe as `assessed` or more, never less.
 */
export const judgeDays = (assessed: ReadonlyArray<DayAssessment>, input: Omit<AssessInput, "series"> & { readonly series: ForecastWeather }): JudgedDays => {
  const series = input.series
  const runs = series.runs ?? []
  const primaryModel = runs[0]?.model ?? (series.source === SIMULATED ? SIMULATED : series.credit?.defaultModel ?? series.source)
  const days: Array<DayAssessment> = []
  const confidence: Array<DayConfidence> = []
  const bases: Array<ConfidenceBasis> = []
  const notes: Array<Array<DayNote>> = []
  for (const assessedDay of assessed) {
    const primary = withCurrent(assessedDay, series.hours)
    const others: Array<ModelDay> = runs.slice(1).map((run) => {
      const one = assessDays({ ...input, series: { ...series, hours: run.hours }, dates: [assessedDay.date] })
      return { model: run.model, day: Either.isLeft(one) ? undefined : withCurrent(one.right[0]!, run.hours).day }
    })
    const weighed = weighModels({ model: primaryModel, day: primary.day }, others, series.missingModels ?? [])
    days.push(weighed.day)
    confidence.push(weighed.confidence)
    bases.push(weighed.basis)
    notes.push([
      ...(primary.note === undefined ? [] : [primary.note]),
      ...(weighed.disagreement === undefined ? [] : [{ _tag: "ModelsDisagree" as const, ...weighed.disagreement }])
    ])
  }
  return { days, confidence, bases, notes }
}

/** Who the data comes from, with the attribution its licence asks for. */
export const sourceOf = (series: ForecastWeather, language: Language = "en"): ForecastSource => {
  if (series.source === SIMULATED) {
    return { provider: "SpotCast simulator", models: [SIMULATED], attribution: simulatedAttribution(language) }
  }
  // The credit is the adapter's; a provider that gives none is named by its id.
  const credit = series.credit
  return {
    provider: credit?.provider ?? series.source,
    models: series.models ?? (credit === undefined ? [] : [credit.defaultModel]),
    attribution: credit?.attribution ?? `Weather data by ${series.source}`,
    ...(credit?.link === undefined ? {} : { link: credit.link }),
    ...(credit?.license === undefined ? {} : { license: credit.license })
  }
}

export interface TimelineContext extends Omit<AssessInput, "series" | "dates" | "tripDurationHours"> {
  readonly series: ForecastWeather
  readonly days: ReadonlyArray<DayAssessment>
  readonly confidence: ReadonlyArray<DayConfidence>
  readonly preferences: UnitPreferences & { readonly language?: Language }
  /** UTC, RFC 3339. */
  readonly issuedAt: string
}

/**
 * The analysis with issue 15's additions: per day the timeline (window, ranges, sun, deciding factors,
 * tides, hours), and for the forecast when it was issued, from what, in which units and how sure.
 * Whatever the analyst wrote in those fields is replaced, except the wording of a confidence reason;
 * its three contract fields are kept.
 */
export const withTimeline = (analysis: Analysis, context: TimelineContext): Analysis => {
  const units = displayUnits(context.preferences)
  const convert = converterFor(units)
  const tides = seriesTides(context.series, convert)
  return {
    summary: analysis.summary,
    daily_classifications: analysis.daily_classifications.map((written, i) => {
      const day = context.days[i]
      const base = { date: written.date, classification: written.classification, summary: written.summary }
      if (day === undefined || day.date !== written.date) return base
      return { ...base, ...dayTimeline({ series: context.series, day, coordinates: context.coordinates, vessel: context.vessel, convert, tides }) }
    }),
    issued_at: context.issuedAt,
    source: sourceOf(context.series, context.preferences.language),
    units,
    // The analyst's wording of each reason (the language and units asked) when it gave one for that level.
    confidence: context.confidence.map((c, i) => {
      const written = analysis.confidence?.[i]
      return written !== undefined && written.date === c.date && written.level === c.level && written.reason !== ""
        ? { ...c, reason: written.reason }
        : c
    })
  }
}
