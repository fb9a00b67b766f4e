import { Context, type Effect, Schema } from "effect"
import type { Analysis } from "../domain/forecast/Analysis.js"
import type { DayStory } from "../domain/forecast/DayStory.js"
import type { DayNote } from "../domain/forecast/ForecastExtras.js"
import type { ConfidenceBasis } from "../domain/forecast/ModelConfidence.js"
import type { DayConfidence } from "../domain/forecast/TimelineSchema.js"
import type { Route, RouteAnalysis } from "../domain/route/Route.js"
import type { DayAssessment } from "../domain/safety/Assessment.js"
import type { Coordinates } from "../domain/spotcast/Coordinates.js"
import type { Preferences } from "../domain/spotcast/Preferences.js"
import type { Vessel } from "../domain/spotcast/Vessel.js"

export interface AnalystInput {
  readonly coordinates: Coordinates
  /** One per forecast date, in order, as the rules judged them. */
  readonly days: ReadonlyArray<DayAssessment>
  /** Per day (issue 15): why a day is more severe than its own readings say (models, current); the text says so. */
  readonly notes?: ReadonlyArray<ReadonlyArray<DayNote>>
  /** Per day: how far the weather models agree and why; the analyst words the reason in the language asked. */
  readonly confidence?: ReadonlyArray<DayConfidence & { readonly basis: ConfidenceBasis }>
  /** Per day (issue 15): what the hours tell (wind trend, worse outside the window and when, tides). */
  readonly stories?: ReadonlyArray<DayStory>
  /** The vessel the days were judged for (the default one when the client gave none). */
  readonly vessel: Vessel
  readonly vesselGiven: boolean
  readonly preferences: Preferences
  readonly tripDurationHours?: number
  /** True when the data is simulated (sandbox): the text must say so. */
  readonly simulated: boolean
}

export class AnalystUnavailable extends Schema.TaggedError<AnalystUnavailable>()("AnalystUnavailable", {
  reason: Schema.String
}) {}

/** A route judged by the rules, with the built-in texts (in the requested language and units) to rewrite. */
export interface RouteTextInput {
  readonly route: Route
  readonly analysis: RouteAnalysis
}

/** A route's person-readable texts: the passage summary, one per leg in order, the best departure's reason. */
export interface RouteTexts {
  readonly summary: string
  readonly legs: ReadonlyArray<string>
  readonly bestDepartureReason?: string | undefined
}

/**
 * Writes the analysis: an overall summary and a class and text per day, in the requested language and
 * units. Whatever class it proposes, the core keeps the more severe of it and the rules' class.
 */
export interface AnalystShape {
  readonly analyze: (input: AnalystInput) => Effect.Effect<Analysis, AnalystUnavailable>
  /**
   * Rewrites a route's texts (never its classes or numbers). It cannot fail: the built-in texts it was
   * given stand for any it cannot write. Absent, the built-in texts are the route's.
   */
  readonly describeRoute?: (input: RouteTextInput) => Effect.Effect<RouteTexts>
}

export class Analyst extends Context.Tag("spotcast/Analyst")<Analyst, AnalystShape>() {}
