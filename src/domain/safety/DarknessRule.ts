import type { Reason } from "./Assessment.js"
import type { DayConditions } from "./DayConditions.js"
import { num, reason } from "./Rating.js"
import type { VesselProfile } from "./VesselProfile.js"

/**
 * Darkness (issue 11). A day with no daylight at all (polar night) is AVOID for open boats under 26 ft
 * and CAUTION for the rest; a trip whose window runs outside daylight (it is longer than the day's
 * light) is CAUTION. In the dark a person overboard is hard to find and other craft hard to see, and a
 * vessel must show lights from sunset to sunrise (`uscg-navrules`); docs/safety.md says where the
 * numbers come from.
 */
export const darknessReasons = (day: DayConditions, profile: VesselProfile): ReadonlyArray<Reason> => {
  if (day.daylight_hours === 0) {
    return [
      reason(
        "darkness",
        profile.openBoat ? "AVOID" : "CAUTION",
        `no daylight at all (polar night): ${profile.openBoat ? "AVOID for an open boat under 26 ft" : "CAUTION, navigate by night"}`
      )
    ]
  }
  const dark = day.dark_hours
  if (dark === undefined || dark <= 0) return []
  const light = day.daylight_hours === undefined ? "the daylight" : `the ${num(day.daylight_hours)} h of daylight`
  return [reason("darkness", "CAUTION", `the trip cannot fit in ${light}: ${num(dark)} h of it in the dark, CAUTION`)]
}
