import type { Reason } from "./Assessment.js"
import type { DayConditions } from "../weather/DayConditions.js"
import { num, reason } from "./Rating.js"
import { UNIVERSAL } from "./Thresholds.js"
import type { VesselProfile } from "./VesselProfile.js"

/**
 * GO needs good visibility (5 nm or more) under 40 ft; moderate (2-5 nm) is CAUTION under 40 ft and a
 * note from 40 ft (no marine warning starts above 1 nm: `nwsi-10-301`). Poor (0.5-2 nm) is CAUTION. Dense fog
 * (under 0.5 nm) is AVOID for a pwc and for boats under 40 ft, which mostly carry no radar, and CAUTION
 * from 40 ft (`imo-msi-visibility`, `nws-hgx-dense-fog`, `pwc-restricted-visibility-law`).
 */
export const visibilityReasons = (day: DayConditions, profile: VesselProfile): ReadonlyArray<Reason> => {
  const v = day.visibility_nm
  if (v === undefined) return []
  if (v < UNIVERSAL.denseFogNm) {
    return [
      reason(
        "visibility",
        profile.under40 ? "AVOID" : "CAUTION",
        `visibility ${num(v)} nm: dense fog (under 0.5 nm), ${profile.under40 ? "AVOID under 40 ft" : "CAUTION from 40 ft"}`
      )
    ]
  }
  if (v < UNIVERSAL.poorVisibilityNm) return [reason("visibility", "CAUTION", `visibility ${num(v)} nm: poor (0.5-2 nm)`)]
  if (v < UNIVERSAL.goodVisibilityNm) {
    return profile.vessel.type === "pwc" || profile.vessel.lengthFt < UNIVERSAL.moderateVisibilityCautionUnderFt
      ? [reason("visibility", "CAUTION", `visibility ${num(v)} nm: moderate (2-5 nm), CAUTION under 40 ft`)]
      : [reason("visibility", "GO", `visibility ${num(v)} nm: moderate (2-5 nm), keep a radar watch from 40 ft`)]
  }
  return [reason("visibility", "GO", `visibility ${num(v)} nm: good`)]
}

/** The IMO/WMO term for a visibility: good over 5 nm, moderate 2-5, poor 0.5-2, fog under 0.5 (`imo-msi-visibility`). */
export const visibilityGrade = (nm: number): "good" | "moderate" | "poor" | "fog" =>
  nm < UNIVERSAL.denseFogNm ? "fog" : nm < UNIVERSAL.poorVisibilityNm ? "poor" : nm < UNIVERSAL.goodVisibilityNm ? "moderate" : "good"

export const visibilityNotes = (day: DayConditions): ReadonlyArray<Reason> =>
  day.visibility_nm === undefined
    ? [reason("visibility", "GO", "visibility unavailable: not assessed, watch for fog")]
    : []
