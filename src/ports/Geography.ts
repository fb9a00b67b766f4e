import { Context, type Effect } from "effect"
import type { Surface } from "../domain/geography/Water.js"
import type { Coordinates } from "../domain/spotcast/Coordinates.js"

/** A position's time zone at an instant: its IANA name and offset then (DST included). */
export interface ZoneAt {
  readonly timezone: string
  readonly utcOffsetSeconds: number
}

/**
 * Real geography: where the sea and the large lakes are (docs/geography.md), how much open water lies
 * upwind of a point, and a position's time zone. The data is loaded once, on first use.
 */
export interface GeographyShape {
  readonly surfaceAt: (at: Coordinates) => Effect.Effect<Surface>
  /** Open water from the point toward `fromDeg` (where the wind comes from), km (`MAX_FETCH_KM` at most). */
  readonly fetchKm: (at: Coordinates, fromDeg: number) => Effect.Effect<number>
  readonly zoneAt: (at: Coordinates, utcMillis: number) => Effect.Effect<ZoneAt>
  /** The IANA time zone of each point, in order (a route's samples: one call for hundreds). */
  readonly zonesAt: (points: ReadonlyArray<Coordinates>) => Effect.Effect<ReadonlyArray<string>>
  /**
   * The index of the first of `points` that is not marine (`isMarine`: farther than `MAX_SHORE_DISTANCE_KM`
   * from any sea or large lake), or -1 when every one is.
   */
  readonly firstInland: (points: ReadonlyArray<Coordinates>) => Effect.Effect<number>
}

export class Geography extends Context.Tag("spotcast/Geography")<Geography, GeographyShape>() {}
