import type { Reason } from "./Assessment.js"
import type { DayConditions } from "./DayConditions.js"
import { num, reason } from "./Rating.js"
import { UNIVERSAL } from "./Thresholds.js"
import type { VesselProfile } from "./VesselProfile.js"

/**
 * Water below 15 °C (60 °F) is CAUTION for a pwc and for boats under 16 ft, whose people end up in the
 * water, even on a calm day (`nws-box-cold-water`, `nccws-cold`). Never AVOID on its own.
 */
export const coldWaterReasons = (day: DayConditions, profile: VesselProfile): ReadonlyArray<Reason> => {
  const t = day.water_temp_c
  if (t === undefined || !profile.under16) return []
  if (t <= UNIVERSAL.nearFreezingWaterC && day.wind_speed_kt >= UNIVERSAL.nearFreezingWindKt) {
    return [
      reason(
        "cold_water",
        "AVOID",
        `water ${num(t)} °C with ${num(day.wind_speed_kt)} kt of wind: near-freezing water (5 °C or less) with 15 kt or more, AVOID for a pwc or a boat under 16 ft`
      )
    ]
  }
  return t < UNIVERSAL.coldWaterC
    ? [reason("cold_water", "CAUTION", `water ${num(t)} °C: cold shock on immersion (below 15 °C), CAUTION for a pwc or a boat under 16 ft`)]
    : [reason("cold_water", "GO", `water ${num(t)} °C`)]
}

/** For larger boats cold water is a note (dress for immersion); unknown water is a note for small craft. */
export const coldWaterNotes = (day: DayConditions, profile: VesselProfile): ReadonlyArray<Reason> => {
  const t = day.water_temp_c
  if (t === undefined) {
    return profile.under16 ? [reason("cold_water", "GO", "water temperature unavailable: dress for immersion")] : []
  }
  return !profile.under16 && t < UNIVERSAL.coldWaterC
    ? [reason("cold_water", "GO", `water ${num(t)} °C: cold, dress for immersion`)]
    : []
}
