import type { Classification } from "../classification/Classification.js"
import type { Reason } from "./Assessment.js"
import type { DayConditions } from "../weather/DayConditions.js"
import { limitsText, num, rate, reason } from "./Rating.js"
import { UNIVERSAL, waveSteepness } from "./Thresholds.js"
import type { VesselProfile } from "./VesselProfile.js"

/**
 * What an unknown sea state gives the day. Missing wave data never counts as calm: a day cannot be GO
 * on seas nobody measured, so it is at least CAUTION and the text says why (docs/safety.md).
 */
export const UNKNOWN_SEA_STATE: Classification = "CAUTION"

/** Seas are the larger of the combined significant height and the swell (`nws-gyx-wind-waves`). */
export const seasFt = (day: DayConditions): number | undefined =>
  day.wave_height_ft === undefined
    ? day.swell_height_ft
    : day.swell_height_ft === undefined
    ? day.wave_height_ft
    : Math.max(day.wave_height_ft, day.swell_height_ft)

export const seaReasons = (day: DayConditions, profile: VesselProfile): ReadonlyArray<Reason> => {
  const reasons: Array<Reason> = []
  const seas = seasFt(day)
  if (day.wave_height_ft === undefined) {
    reasons.push(
      reason(
        "sea_state_unavailable",
        UNKNOWN_SEA_STATE,
        seas === undefined
          ? "sea state unavailable: no wave data for this place and time, check the water before setting out"
          : `wave height unavailable: only the swell (${num(seas)} ft) is known, check the water before setting out`
      )
    )
  }
  if (seas !== undefined) {
    reasons.push(reason("seas", rate(seas, profile.limits.seas), `seas ${num(seas)} ft (${limitsText("ft", profile.limits.seas, profile.label)})`))
  }
  const height = day.wave_height_ft
  if (height !== undefined && height >= UNIVERSAL.steepMinHeightFt) {
    const period = day.wave_period_s
    if (period === undefined || period <= 0) {
      reasons.push(
        reason("sea_state_unavailable", UNKNOWN_SEA_STATE, `wave period unavailable: the steepness of ${num(height)} ft seas is unknown`)
      )
    } else {
      const steepness = waveSteepness(height, period)
      const shown = `H/L 1/${Math.round(1 / steepness)}`
      if (steepness >= UNIVERSAL.steepness) {
        const [cls, rule] = profile.under40
          ? ["AVOID", "AVOID under 40 ft"] as const
          : profile.under100
          ? ["CAUTION", "CAUTION from 40 ft"] as const
          : ["GO", "no danger from about 100 ft"] as const
        reasons.push(reason("steep_seas", cls, `steep seas: ${num(height)} ft at ${num(period)} s (${shown}, steep from 1/25), ${rule}`))
      } else {
        reasons.push(reason("steep_seas", "GO", `${num(height)} ft at ${num(period)} s is not steep (${shown}, steep from 1/25)`))
      }
    }
  }
  return reasons
}
