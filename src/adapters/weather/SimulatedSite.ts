import { Effect } from "effect"
import type { Surface } from "../../domain/geography/Water.js"
import type { Coordinates } from "../../domain/spotcast/Coordinates.js"
import type { GeographyShape, ZoneAt } from "../../ports/Geography.js"

/** What real geography says about a simulated spot: sea, lake or land, and its time zone at the forecast's dates. */
export interface Site {
  readonly surface: Surface
  readonly zone: ZoneAt
}

/** The site of a point for a request's dates (its time zone as at noon UTC of the first date). */
export const siteOf = Effect.fnUntraced(function*(geography: GeographyShape, at: Coordinates, dates: ReadonlyArray<string>) {
  const surface = yield* geography.surfaceAt(at)
  const noon = Date.parse(`${dates[0] ?? "2026-01-01"}T12:00:00Z`)
  const zone = yield* geography.zoneAt(at, Number.isFinite(noon) ? noon : 0)
  return { surface, zone } satisfies Site as Site
})
