import { Schema } from "effect"
import { Classification } from "../classification/Classification.js"
import { DayConditions } from "../weather/DayConditions.js"

/** A hazard (or note) that bore on a day's class. */
export const Factor = Schema.Literal(
  "wind",
  "gust",
  "seas",
  "steep_seas",
  "visibility",
  "precipitation",
  "thunderstorm",
  "cold_water",
  "light_air",
  "sea_state_unavailable",
  "darkness",
  "freezing_spray",
  "cold_air",
  "wind_against_current"
)
export type Factor = typeof Factor.Type

export const Reason = Schema.Struct({
  factor: Factor,
  /** The class this factor alone gives the day (GO for notes such as light air). */
  classification: Classification,
  /** Short English explanation with the numbers, for operators and logs. */
  detail: Schema.String
})
export type Reason = typeof Reason.Type

/** The contiguous local hours of a day the conditions were taken from. */
export const TripWindow = Schema.Struct({
  /** Local hour at the spot (0-23) the window starts at, inclusive. */
  startHour: Schema.Int,
  /** Local hour the window ends at, exclusive (24 = midnight). */
  endHour: Schema.Int
})
export type TripWindow = typeof TripWindow.Type

/** One forecast day judged by the rules: the facts every analyst writes from. */
export const DayAssessment = Schema.Struct({
  date: Schema.String,
  window: TripWindow,
  /** True when the whole date is over at the forecast's issue time: its window is never offered. */
  windowPast: Schema.optional(Schema.Boolean),
  conditions: DayConditions,
  classification: Classification,
  /** The factors that are not GO, most severe first, then the notes (class GO): docs/safety.md. */
  reasons: Schema.Array(Reason),
  /** Factors that are worse outside the window than inside it, worth a warning in the text. */
  worseOutsideWindow: Schema.Array(Factor),
  /**
   * The weather model whose readings the day quotes, when it is not the primary one: the model that
   * decided the class when the models disagree (docs/safety.md "Models that disagree").
   */
  model: Schema.optional(Schema.String)
})
export type DayAssessment = typeof DayAssessment.Type
