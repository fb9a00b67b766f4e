import { Effect } from "effect"
import type { Surface } from "../../domain/geography/Water.js"
import type { Coordinates } from "../../domain/spotcast/Coordinates.js"
import type { GeographyShape, ZoneAt } from "../../ports/Geography.js"

/** Directions the fetch is measured in: every 22.5°, from north. */
export const FETCH_DIRECTIONS = 16

/**
 * What real geography says about a simulated spot: sea, lake or land, the open water upwind in each
 * direction (on a lake, where waves are fetch-limited), and its time zone at the forecast's dates.
 */
export interface Site {
  readonly surface: Surface
  /** Fetch toward each of `FETCH_DIRECTIONS` directions, km; only measured on lakes. */
  readonly fetchKm?: ReadonlyArray<number>
  readonly zone: ZoneAt
}

/** The fetch for a wind from `fromDeg`, interpolated between the measured directions. */
export const fetchFrom = (fetchKm: ReadonlyArray<number>, fromDeg: number): number => {
  const x = ((((fromDeg % 360) + 360) % 360) / 360) * FETCH_DIRECTIONS
  const i = Math.floor(x) % FETCH_DIRECTIONS, f = x - Math.floor(x)
  return fetchKm[i]! * (1 - f) + fetchKm[(i + 1) % FETCH_DIRECTIONS]! * f
}

/** The site of a point for a request's dates (its time zone as at noon UTC of the first date). */
export const siteOf = (geography: GeographyShape, at: Coordinates, dates: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const surface = yield* geography.surfaceAt(at)
    const noon = Date.parse(`${dates[0] ?? "2026-01-01"}T12:00:00Z`)
    const zone = yield* geography.zoneAt(at, Number.isFinite(noon) ? noon : 0)
    if (surface.kind !== "lake") return { surface, zone } satisfies Site as Site
    const fetchKm = yield* Effect.forEach(
      Array.from({ length: FETCH_DIRECTIONS }, (_, i) => (i * 360) / FETCH_DIRECTIONS),
      (fromDeg) => geography.fetchKm(at, fromDeg)
    )
    return { surface, fetchKm, zone } satisfies Site as Site
  })
