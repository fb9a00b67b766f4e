import { Clock, Effect, Option } from "effect"
import type { Coordinates } from "../domain/spotcast/Coordinates.js"
import { Geography } from "../ports/Geography.js"

/**
 * The IANA time zone of a place, from the geography (undefined where the process has none: the
 * provider's zone is then read instead). Every local date, hour and offset of a forecast or route is
 * computed in it at each instant.
 */
export const placeZone = (at: Coordinates): Effect.Effect<string | undefined> =>
  Effect.flatMap(Effect.serviceOption(Geography), Option.match({
    onNone: () => Effect.succeed(undefined),
    onSome: (geography) => Effect.map(Effect.flatMap(Clock.currentTimeMillis, (now) => geography.zoneAt(at, now)), (z) => z.timezone)
  }))
