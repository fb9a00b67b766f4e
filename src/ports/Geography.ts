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
}

export class Geography extends Context.Tag("spotcast/Geography")<Geography, GeographyShape>() {}
