import { cellAt, contains, nearestEdgeKm, type PolygonIndex } from "./PolygonIndex.js"
import { destination } from "./Spherical.js"

/**
 * Where a marine forecast makes sense: on the sea, on a large lake, or on land within
 * `MAX_SHORE_DISTANCE_KM` of either (a coast, a harbour, a point typed at a port town's centre; the
 * margin also covers the generalisation of the coastline data, about 1 km). Anything farther is land,
 * and a forecast there is refused before it is charged (docs/geography.md).
 */
export const MAX_SHORE_DISTANCE_KM = 10

/** A lake counts from this surface area (km²): Lake Garda, Lake Balaton and Lake Tahoe do, a pond does not. */
export const LARGE_LAKE_KM2 = 100

/** The open water upwind is measured up to this distance; beyond it the sea is open. */
export const MAX_FETCH_KM = 1000

export type SurfaceKind = "sea" | "lake" | "land"

export interface Surface {
  readonly kind: SurfaceKind
  /** To the nearest sea or large lake: 0 on the water, `Infinity` farther than `MAX_SHORE_DISTANCE_KM`. */
  readonly shoreDistanceKm: number
}

/** Land (Natural Earth) and the large lakes on it: the lakes are water even though the land covers them. */
export interface WaterMap {
  readonly land: PolygonIndex
  readonly lakes: PolygonIndex
}

export const isWater = (map: WaterMap, lat: number, lon: number): boolean =>
  contains(map.lakes, lat, lon) || !contains(map.land, lat, lon)

export const surfaceAt = (map: WaterMap, lat: number, lon: number): Surface => {
  if (contains(map.lakes, lat, lon)) return { kind: "lake", shoreDistanceKm: 0 }
  if (!contains(map.land, lat, lon)) return { kind: "sea", shoreDistanceKm: 0 }
  const shore = Math.min(
    nearestEdgeKm(map.land, lat, lon, MAX_SHORE_DISTANCE_KM),
    nearestEdgeKm(map.lakes, lat, lon, MAX_SHORE_DISTANCE_KM)
  )
  return { kind: "land", shoreDistanceKm: shore }
}

/** On the water or near enough to it for a marine forecast. */
export const isMarine = (surface: Surface): boolean => surface.shoreDistanceKm <= MAX_SHORE_DISTANCE_KM

/** The next step along a ray: fine near the start, where shores matter most, about 2 % of the way after. */
const stepKm = (travelled: number) => Math.min(5, Math.max(0.25, 0.02 * travelled))

/**
 * The fetch: the length of open water from the point toward `bearingDeg` (the direction the wind comes
 * from), to the first land, at most `MAX_FETCH_KM`. From a point on the shore (on land within the
 * shore distance), the water starts where the ray first reaches it; none within that distance: 0.
 */
export const fetchKm = (map: WaterMap, lat: number, lon: number, bearingDeg: number): number => {
  let travelled = 0
  let waterFrom: number | undefined = isWater(map, lat, lon) ? 0 : undefined
  while (travelled < MAX_FETCH_KM) {
    const next = Math.min(MAX_FETCH_KM, travelled + stepKm(travelled))
    const [la, lo] = destination(lat, lon, bearingDeg, next)
    const water = isWater(map, la, lo)
    if (waterFrom === undefined) {
      if (water) waterFrom = next
      else if (next > MAX_SHORE_DISTANCE_KM) return 0
    } else if (!water) {
      return travelled - waterFrom
    }
    travelled = next
  }
  return waterFrom === undefined ? 0 : MAX_FETCH_KM - waterFrom
}

/**
 * The index of the first point that is not marine (`isMarine`), or -1. Built for long lines of points (a
 * route's legs): a point in an index cell that no shore crosses is water or land as the whole cell is, so
 * open ocean costs one lookup per cell, not one per point.
 */
export const firstInland = (map: WaterMap, points: ReadonlyArray<{ readonly latitude: number; readonly longitude: number }>): number => {
  const openWater = new Map<number, boolean>()
  for (let i = 0; i < points.length; i++) {
    const { latitude, longitude } = points[i]!
    const land = cellAt(map.land, latitude, longitude)
    if (!land.hasEdges && !cellAt(map.lakes, latitude, longitude).hasEdges) {
      let water = openWater.get(land.cell)
      if (water === undefined) {
        water = isWater(map, latitude, longitude)
        openWater.set(land.cell, water)
      }
      if (water) continue
    }
    if (!isMarine(surfaceAt(map, latitude, longitude))) return i
  }
  return -1
}
