import type { Reason } from "./Assessment.js"
import type { DayConditions } from "../weather/DayConditions.js"
import { num, reason } from "./Rating.js"
import { UNIVERSAL } from "./Thresholds.js"
import type { VesselProfile } from "./VesselProfile.js"

/**
 * Water below 15 °C (60 °F) is CAUTION for a pwc and for boats under 21 ft, whose people end up in the
 * water, even on a calm day (`nws-box-cold-water`, `nccws-cold`; 21 ft from `uscg-boating-stats`).
 * Near-freezing water (5 °C or less) with 15 kt or more is AVOID for a pwc and boats under 16 ft.
 */
export const coldWaterReasons = (day: DayConditions, profile: VesselProfile): ReadonlyArray<Reason> => {
  const t = day.water_temp_c
  if (t === undefined || !profile.under21) return []
  if (profile.under16 && t <= UNIVERSAL.nearFreezingWaterC && day.wind_speed_kt >= UNIVERSAL.nearFreezingWindKt) {
    return [
      reason(
        "cold_water",
        "AVOID",
        `water ${num(t)} °C with ${num(day.wind_speed_kt)} kt of wind: near-freezing water (5 °C or less) with 15 kt or more, AVOID for a pwc or a boat under 16 ft`
      )
    ]
  }
  return t < UNIVERSAL.coldWaterC
    ? [reason("cold_water", "CAUTION", `water ${num(t)} °C: cold shock on immersion (below 15 °C), CAUTION for a pwc or a boat under 21 ft`)]
    : [reason("cold_water", "GO", `water ${num(t)} °C`)]
}

/**
 * From 21 ft cold water is a note (dress for immersion), which the text names for every vessel; an
 * unknown water temperature is a note for small craft. Air below freezing is a note for everyone.
 */
export const coldWaterNotes = (day: DayConditions, profile: VesselProfile): ReadonlyArray<Reason> => {
  const t = day.water_temp_c
  const air = day.air_temp_c !== undefined && day.air_temp_c < UNIVERSAL.freezingAirC
    ? [reason("cold_air", "GO", `air ${num(day.air_temp_c)} °C: below freezing, ice on deck and numb hands`)]
    : []
  if (t === undefined) {
    return [...(profile.under21 ? [reason("cold_water", "GO", "water temperature unavailable: dress for immersion")] : []), ...air]
  }
  return [
    ...(!profile.under21 && t < UNIVERSAL.coldWaterC ? [reason("cold_water", "GO", `water ${num(t)} °C: cold, dress for immersion`)] : []),
    ...air
  ]
}
