import type { Reason } from "./Assessment.js"
import type { DayConditions } from "../weather/DayConditions.js"
import { coldWaterNotes, coldWaterReasons } from "./ColdWaterRule.js"
import { darknessReasons } from "./DarknessRule.js"
import { freezingSprayReasons } from "./FreezingSprayRule.js"
import { precipitationReasons, thunderstormReasons } from "./PrecipitationRules.js"
import { seaReasons } from "./SeaRules.js"
import { visibilityNotes, visibilityReasons } from "./VisibilityRule.js"
import type { VesselProfile } from "./VesselProfile.js"
import { gustReason, lightAirNote, windReason } from "./WindRules.js"

/**
 * Every factor the rules rate for a day, each with the class it alone gives (GO included), and the
 * notes: things worth saying that never change the class.
 */
export interface FactorRatings {
  readonly ratings: ReadonlyArray<Reason>
  readonly notes: ReadonlyArray<Reason>
}

export const rateFactors = (day: DayConditions, profile: VesselProfile): FactorRatings => ({
  ratings: [
    windReason(day, profile),
    gustReason(day, profile),
    ...seaReasons(day, profile),
    ...visibilityReasons(day, profile),
    ...thunderstormReasons(day),
    ...precipitationReasons(day, profile),
    ...coldWaterReasons(day, profile),
    ...freezingSprayReasons(day),
    ...darknessReasons(day, profile)
  ],
  notes: [...lightAirNote(day, profile), ...visibilityNotes(day), ...coldWaterNotes(day, profile)]
})
