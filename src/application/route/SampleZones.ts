import { Effect, Option } from "effect"
import { planPassage } from "../../domain/route/Passage.js"
import type { Route } from "../../domain/route/Route.js"
import { Geography } from "../../ports/Geography.js"

/**
 * Each sample point's own IANA time zone, from the geography, in the passage's order (a point off
 * Cherbourg is in Europe/Paris whatever its weather cell's centre is in); undefined without a geography,
 * when the samples are read in their weather series' zones.
 */
export const sampleZones = (route: Pick<Route, "waypoints" | "speedKts">): Effect.Effect<ReadonlyArray<string> | undefined> =>
  Effect.flatMap(Effect.serviceOption(Geography), Option.match({
    onNone: () => Effect.succeed(undefined),
    onSome: (geography) => geography.zonesAt(planPassage(route.waypoints, route.speedKts).samples.map((s) => s.position))
  }))
