import { Either } from "effect"
import { severityOf } from "../classification/Classification.js"
import type { Factor, TripWindow } from "./Assessment.js"
import type { DayConditions } from "../weather/DayConditions.js"
import type { Vessel } from "../spotcast/Vessel.js"
import { rateFactors } from "./Factors.js"
import type { DaySlots } from "./LocalDays.js"
import { reduceHours } from "./ReduceHours.js"
import { profileOf } from "./VesselProfile.js"

const worstByFactor = (day: DayConditions, vessel: Vessel): Map<Factor, number> => {
  const worst = new Map<Factor, number>()
  for (const r of rateFactors(day, profileOf(vessel)).ratings) {
    if (r.factor === "sea_state_unavailable") continue
    worst.set(r.factor, Math.max(worst.get(r.factor) ?? 0, severityOf(r.classification)))
  }
  return worst
}

/**
 * The factors whose class over the rest of the local day (every hour of the date outside the window,
 * night included) is more severe than inside the window: worth a warning in case the trip runs long.
 */
export const worseOutsideWindow = (
  slots: DaySlots,
  window: TripWindow,
  inside: DayConditions,
  vessel: Vessel
): ReadonlyArray<Factor> => {
  const rest = [...slots.slice(0, window.startHour), ...slots.slice(window.endHour)].flat()
  const outside = reduceHours(rest)
  if (Either.isLeft(outside)) return []
  const inWindow = worstByFactor(inside, vessel)
  const factors: Array<Factor> = []
  for (const [factor, severity] of worstByFactor(outside.right, vessel)) {
    if (severity > (inWindow.get(factor) ?? 0)) factors.push(factor)
  }
  return factors
}
