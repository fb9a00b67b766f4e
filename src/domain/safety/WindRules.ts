import type { DayConditions } from "../weather/DayConditions.js"
import type { Reason } from "./Assessment.js"
import { limitsText, num, rate, reason } from "./Rating.js"
import { BAND_TABLE, STRICTER_GUST_BAND, UNIVERSAL } from "./Thresholds.js"
import type { VesselProfile } from "./VesselProfile.js"

/** Sustained wind: the band table, then never GO from 22 kt, gale under 200 ft, storm for everyone. */
export const windReason = (day: DayConditions, profile: VesselProfile): Reason => {
  const w = day.wind_speed_kt
  const label = profile.label
  if (w >= UNIVERSAL.stormKt) {
    return reason("wind", "AVOID", `sustained wind ${num(w)} kt: storm force (48 kt or more), AVOID for every vessel`)
  }
  if (w >= UNIVERSAL.galeKt && profile.under200) {
    return reason("wind", "AVOID", `sustained wind ${num(w)} kt: gale (34-47 kt), AVOID for every vessel under 200 ft`)
  }
  const byBand = rate(w, profile.limits.wind)
  const detail = `sustained wind ${num(w)} kt (${limitsText("kt", profile.limits.wind, label)})`
  if (byBand === "GO" && w >= UNIVERSAL.neverGoWindKt) {
    return reason("wind", "CAUTION", `sustained wind ${num(w)} kt: small-craft-advisory strength (22 kt or more) is never GO`)
  }
  return reason("wind", byBand, detail)
}

/** Gusts: the band table, and gusts of gale force count as a gale (34 kt under 40 ft, 45 kt to 199 ft). */
export const gustReason = (day: DayConditions, profile: VesselProfile): Reason => {
  const g = day.wind_gust_kt
  if (profile.under40 && g >= UNIVERSAL.galeGustSmallKt) {
    return reason("gust", "AVOID", `gusts ${num(g)} kt: gale-force gusts (34 kt or more), AVOID under 40 ft`)
  }
  if (profile.under200 && g >= UNIVERSAL.galeGustLargeKt) {
    return reason("gust", "AVOID", `gusts ${num(g)} kt: gale by gusts (45 kt or more), AVOID under 200 ft`)
  }
  if (profile.vessel.type === "catamaran") {
    const stricter = BAND_TABLE[STRICTER_GUST_BAND[profile.band]]
    return reason(
      "gust",
      rate(g, stricter.gust),
      `gusts ${num(g)} kt (${limitsText("kt", stricter.gust, `a catamaran of ${profile.label}`)}, one band stricter: a multihull does not heel to spill a gust and can capsize)`
    )
  }
  return reason("gust", rate(g, profile.limits.gust), `gusts ${num(g)} kt (${limitsText("kt", profile.limits.gust, profile.label)})`)
}

/** Light air is worth telling a sailor, and never makes a day less safe. */
export const lightAirNote = (day: DayConditions, profile: VesselProfile): ReadonlyArray<Reason> =>
  profile.vessel.type === "sailboat" && day.wind_speed_kt < UNIVERSAL.lightAirKt
    ? [reason("light_air", "GO", `light air: ${num(day.wind_speed_kt)} kt sustained, expect little wind to sail`)]
    : []
