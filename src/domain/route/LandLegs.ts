import type { Coordinates } from "../spotcast/Coordinates.js"
import { intermediatePoint } from "./GreatCircle.js"
import type { PlannedLeg } from "./Passage.js"

/**
 * How far apart the points are at which a leg is checked for land, km. A stretch of land counts from
 * `MAX_SHORE_DISTANCE_KM` (10 km) inland, so checking every 5 km finds every crossing that reaches
 * 12.5 km inland: an isthmus or cape narrower than about 25 km may be crossed unseen (the same margin a
 * waypoint on a coast gets).
 */
export const LAND_CHECK_KM = 5

const KM_PER_NM = 1.852

/** The points between a leg's ends at most `LAND_CHECK_KM` apart (its ends are waypoints, checked themselves). */
export const legCheckPoints = (leg: Pick<PlannedLeg, "from" | "to" | "distanceNm">): ReadonlyArray<Coordinates> => {
  const parts = Math.ceil((leg.distanceNm * KM_PER_NM) / LAND_CHECK_KM)
  const points: Array<Coordinates> = []
  for (let k = 1; k < parts; k++) points.push(intermediatePoint(leg.from, leg.to, k / parts))
  return points
}

/** What the refusal of a leg over land says: which leg, and where it first leaves the water. */
export const landLegMessage = (leg: Pick<PlannedLeg, "index">, at: Coordinates, maxShoreKm: number): string =>
  `The leg from waypoint ${leg.index} to waypoint ${leg.index + 1} crosses land near ${at.latitude.toFixed(2)}, ${at.longitude.toFixed(2)} ` +
  `(more than ${maxShoreKm} km from any sea or large lake): add waypoints at sea to go around it. A canal passage is not forecast: ` +
  `plan the route to the canal's entrance and another from its exit`
