import { type Classification, mostSevere, severityOf } from "../classification/Classification.js"
import type { TimelineHour } from "../weather/ForecastWeather.js"
import { angleBetween } from "../weather/Directions.js"
import type { Reason } from "./Assessment.js"
import { num } from "./Rating.js"

/**
 * Wind against current (issue 15 item 4). When a current runs against the wind, the waves it raises
 * grow shorter, higher and steeper, and may break: RNLI, "Wind and tide" ("when the wind is blowing in
 * the opposite direction to the flow of the tide there are often larger, steeper waves", especially at
 * harbour entrances and headlands); NWS Chicago, "Dangerous Waves" (steep waves "compounded by tidal
 * currents near bars, inlets or port entrances"). Seas must already exist for it to matter, so the rule
 * acts through the seas' class, as its own factor `wind_against_current`: an hour qualifies when the
 * current is at least 1 kt, flows within 45° of where the wind comes from, the wind is at least 10 kt
 * and the seas at least 2 ft. Seas rated GO give CAUTION; seas rated CAUTION give AVOID when the
 * current reaches 2 kt.
 */
export const AGAINST_WITHIN_DEG = 45
export const MIN_CURRENT_KT = 1
export const STRONG_CURRENT_KT = 2
export const MIN_WIND_KT = 10
export const MIN_SEAS_FT = 2

export interface Opposition {
  readonly time: string
  readonly currentKt: number
  readonly currentToDeg: number
  readonly windKt: number
  readonly windFromDeg: number
  readonly seasFt: number
}

const seasOf = (h: TimelineHour): number | undefined => {
  const xs = [h.wave_height_ft, h.swell_height_ft].filter((v): v is number => v !== null)
  return xs.length === 0 ? undefined : Math.max(...xs)
}

/** The qualifying hour with the strongest current against the wind, if any. */
export const windAgainstCurrent = (hours: ReadonlyArray<TimelineHour>): Opposition | undefined => {
  let best: Opposition | undefined
  for (const h of hours) {
    const current = h.current_speed_kt
    const to = h.current_direction_deg
    const seas = seasOf(h)
    if (current == null || to == null || h.wind_speed_kt === null || h.wind_direction_deg === null || seas === undefined) continue
    if (current < MIN_CURRENT_KT || h.wind_speed_kt < MIN_WIND_KT || seas < MIN_SEAS_FT) continue
    if (angleBetween(to, h.wind_direction_deg) > AGAINST_WITHIN_DEG) continue
    if (best === undefined || current > best.currentKt) {
      best = { time: h.time, currentKt: current, currentToDeg: to, windKt: h.wind_speed_kt, windFromDeg: h.wind_direction_deg, seasFt: seas }
    }
  }
  return best
}

/** The seas class once the current is taken into account. */
export const raisedSeas = (seas: Classification, opposition: Opposition): Classification =>
  seas === "GO" ? "CAUTION" : seas === "CAUTION" && opposition.currentKt >= STRONG_CURRENT_KT ? "AVOID" : seas

/**
 * The reasons with the current's effect on the seas added (most severe first, notes last), or
 * undefined when no hour qualifies or the seas class does not change.
 */
export const withCurrentAgainstWind = (
  reasons: ReadonlyArray<Reason>,
  hours: ReadonlyArray<TimelineHour>
): { readonly reasons: ReadonlyArray<Reason>; readonly classification: Classification; readonly opposition: Opposition } | undefined => {
  const opposition = windAgainstCurrent(hours)
  if (opposition === undefined) return undefined
  const seas = reasons.filter((r) => r.factor === "seas").reduce<Classification>((c, r) => mostSevere(c, r.classification), "GO")
  const raised = raisedSeas(seas, opposition)
  if (raised === seas) return undefined
  const added: Reason = {
    factor: "wind_against_current",
    classification: raised,
    detail: `wind against current: ${num(opposition.currentKt)} kt current setting ${Math.round(opposition.currentToDeg)}° into a ` +
      `${num(opposition.windKt)} kt wind from ${Math.round(opposition.windFromDeg)}° with ${num(opposition.seasFt)} ft seas ` +
      `(${opposition.time}): steeper, higher seas, rated ${raised} (RNLI "Wind and tide"; NWS "Dangerous Waves")`
  }
  const hazards = [...reasons.filter((r) => r.classification !== "GO"), added]
    .sort((a, b) => severityOf(b.classification) - severityOf(a.classification))
  const worst = hazards.reduce<Classification>((c, r) => mostSevere(c, r.classification), "GO")
  return { reasons: [...hazards, ...reasons.filter((r) => r.classification === "GO")], classification: worst, opposition }
}
