import { Effect, Layer } from "effect"
import { buildIndex } from "../../domain/geography/PolygonIndex.js"
import { fetchKm, firstInland, LARGE_LAKE_KM2, surfaceAt, type WaterMap } from "../../domain/geography/Water.js"
import { Geography, type GeographyShape } from "../../ports/Geography.js"
import { loadLargeLakes } from "./LakePolygons.js"
import { loadLand } from "./LandPolygons.js"
import { offsetSecondsAt } from "../../domain/time/ZoneTime.js"
import { zoneAt } from "./TimeZones.js"

let loaded: WaterMap | undefined

/**
 * The land and lake indexes, built on first use and kept for the life of the process (about 15 MB;
 * docs/geography.md gives the measured cost). Synchronous: a few hundred ms once.
 */
export const waterMap = (): WaterMap => {
  if (loaded === undefined) loaded = { land: buildIndex(loadLand()), lakes: buildIndex(loadLargeLakes(LARGE_LAKE_KM2)) }
  return loaded
}

export const make = (): GeographyShape => ({
  surfaceAt: (at) => Effect.sync(() => surfaceAt(waterMap(), at.latitude, at.longitude)),
  fetchKm: (at, fromDeg) => Effect.sync(() => fetchKm(waterMap(), at.latitude, at.longitude, fromDeg)),
  zoneAt: (at, utcMillis) =>
    Effect.sync(() => {
      const timezone = zoneAt(at.latitude, at.longitude)
      return { timezone, utcOffsetSeconds: offsetSecondsAt(timezone, utcMillis) }
    }),
  zonesAt: (points) => Effect.sync(() => points.map((p) => zoneAt(p.latitude, p.longitude))),
  firstInland: (points) => Effect.sync(() => firstInland(waterMap(), points))
})

/** Natural Earth land, OpenStreetMap large lakes, and the tz-lookup time zones. */
export const layer = Layer.sync(Geography, make)
