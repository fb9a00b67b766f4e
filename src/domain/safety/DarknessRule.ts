import type { Reason } from "./Assessment.js"
import type { DayConditions } from "../weather/DayConditions.js"
import { num, reason } from "./Rating.js"
import type { VesselProfile } from "./VesselProfile.js"

/**
 * A date with less sun than this counts as a polar night. The trip windows are whole hours, so such a
 * date has no trip in daylight at all; counting its few minutes of sun as a day made a day with seven
 * minutes of sun GO and the next, sunless one AVOID.
 */
export const POLAR_NIGHT_BELOW_HOURS = 1

/** Whether a date with this much daylight (hours) is judged as a polar night. */
export const isPolarNight = (daylightHours: number | undefined): boolean =>
  daylightHours !== undefined && daylightHours < POLAR_NIGHT_BELOW_HOURS

/**
 * Darkness. A date with (practically) no daylight, less than an hour of sun, is AVOID for open boats
 * under 26 ft and CAUTION for the rest; a trip window with any time outside sunrise–sunset is CAUTION.
 * In the dark a person overboard is hard to find and other craft hard to see, and a vessel must show
 * lights from sunset to sunrise (`uscg-navrules`); docs/safety.md says where the numbers come from.
 * The same rule judges a day's window, each hour of its timeline and each sample of a route.
 */
export const darknessReasons = (day: DayConditions, profile: VesselProfile): ReadonlyArray<Reason> => {
  if (isPolarNight(day.daylight_hours)) {
    const what = day.daylight_hours === 0 ? "no daylight at all" : `only ${num(day.daylight_hours!)} h of daylight`
    return [
      reason(
        "darkness",
        profile.openBoat ? "AVOID" : "CAUTION",
        `${what} (polar night): ${profile.openBoat ? "AVOID for an open boat under 26 ft" : "CAUTION, navigate by night"}`
      )
    ]
  }
  const dark = day.dark_hours
  if (dark === undefined || dark <= 0) return []
  const light = day.daylight_hours === undefined ? "the daylight" : `the ${num(day.daylight_hours)} h of daylight`
  return [reason("darkness", "CAUTION", `the trip cannot fit in ${light}: ${num(dark)} h of it in the dark, CAUTION`)]
}
