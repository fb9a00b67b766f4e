import { Effect } from "effect"
import { isMarine, MAX_SHORE_DISTANCE_KM } from "../domain/geography/Water.js"
import type { Coordinates } from "../domain/spotcast/Coordinates.js"
import { invalid } from "../domain/Validation.js"
import { Geography } from "../ports/Geography.js"
import { spanned } from "../ports/Spans.js"

// Spanned only when tracing (see Spans.ts): Effect.fn captured a stack trace on every create.
const waterSpan = spanned("RequireWater")

/**
 * The first check of every create: a marine forecast is for the sea, a large lake, or a point within
 * `MAX_SHORE_DISTANCE_KM` of one. Anything else (Denver, the Sahara, a harbour with its longitude's
 * sign flipped) is refused with a 400 before any charge or idempotency record.
 */
export const requireWater = (at: Coordinates, param: string) =>
  Effect.flatMap(Geography, (geography) => geography.surfaceAt(at)).pipe(
    Effect.flatMap((surface) =>
      isMarine(surface)
        ? Effect.void
        : invalid(
          "invalid_coordinates",
          `${at.latitude}, ${at.longitude} is on land more than ${MAX_SHORE_DISTANCE_KM} km from any sea or large lake; a marine forecast needs a point on or near the water (check the sign of the longitude)`,
          param
        )
    ),
    waterSpan
  )

/** Every waypoint on or near the water; the first that is not is named (`waypoints.N`). */
export const requireWaypointsOnWater = (waypoints: ReadonlyArray<Coordinates>) =>
  Effect.forEach(waypoints, (w, i) => requireWater(w, `waypoints.${i}`), { discard: true })
