import { type Classification, severityOf, worstOf } from "../classification/Classification.js"
import type { Reason } from "./Assessment.js"
import type { DayConditions } from "../weather/DayConditions.js"
import { defaultVessel, type Vessel } from "../spotcast/Vessel.js"
import { rateFactors } from "./Factors.js"
import { profileOf } from "./VesselProfile.js"

export interface DayClass {
  readonly classification: Classification
  /** The factors that are not GO, most severe first, then the notes. */
  readonly reasons: ReadonlyArray<Reason>
}

/**
 * docs/safety.md: the most severe factor decides (`nws-safeseas`); CAUTION factors never add up to AVOID.
 * No vessel means a 20 ft power boat.
 */
export const classifyDay = (day: DayConditions, vessel: Vessel | undefined = defaultVessel): DayClass => {
  const { notes, ratings } = rateFactors(day, profileOf(vessel))
  const hazards = ratings
    .filter((r) => r.classification !== "GO")
    .sort((a, b) => severityOf(b.classification) - severityOf(a.classification))
  return {
    classification: worstOf(ratings.map((r) => r.classification)),
    reasons: [...hazards, ...notes]
  }
}
