import { type Rings } from "./Rings.js"
import { KM_PER_DEGREE, pointSegmentKm } from "./Spherical.js"

/**
 * An index over polygon rings for the two questions geography asks: is a point inside (even-odd rule),
 * and how far is it from the nearest edge. Segments are listed by latitude band (a point's inside-ness
 * only needs the segments crossing its latitude) and by grid cell (its distance only the segments near
 * it), in compressed arrays: a few bytes per segment, built once.
 */
export interface PolygonIndex {
  readonly rings: Rings
  /** Segment `s` joins point `s` to point `s + 1` (never across two rings). */
  readonly bandStarts: Uint32Array
  readonly bandSegments: Uint32Array
  readonly cellStarts: Uint32Array
  readonly cellSegments: Uint32Array
}

/** Band height and cell size, degrees: small enough that a band or cell holds few segments. */
const BAND_DEG = 0.1
const CELL_DEG = 0.5
const BANDS = Math.round(180 / BAND_DEG)
const CELL_COLS = Math.round(360 / CELL_DEG)
const CELL_ROWS = Math.round(180 / CELL_DEG)

const bandOf = (lat: number) => Math.min(BANDS - 1, Math.max(0, Math.floor((lat + 90) / BAND_DEG)))
const colOf = (lon: number) => Math.min(CELL_COLS - 1, Math.max(0, Math.floor((lon + 180) / CELL_DEG)))
const rowOf = (lat: number) => Math.min(CELL_ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEG)))

/** Every segment's index, in ring order. */
const forEachSegment = (rings: Rings, f: (s: number) => void) => {
  for (let r = 0; r + 1 < rings.starts.length; r++) {
    for (let s = rings.starts[r]!; s + 1 < rings.starts[r + 1]!; s++) f(s)
  }
}

/** Compressed lists: slot `k` holds the segments `keysOf` files under it. */
const compress = (rings: Rings, slots: number, keysOf: (s: number, emit: (k: number) => void) => void) => {
  const starts = new Uint32Array(slots + 1)
  forEachSegment(rings, (s) => keysOf(s, (k) => starts[k + 1]!++))
  for (let k = 0; k < slots; k++) starts[k + 1]! += starts[k]!
  const fill = starts.slice(0, slots)
  const segments = new Uint32Array(starts[slots]!)
  forEachSegment(rings, (s) => keysOf(s, (k) => (segments[fill[k]!++] = s)))
  return { starts, segments }
}

export const buildIndex = (rings: Rings): PolygonIndex => {
  const c = rings.coords
  const bands = compress(rings, BANDS, (s, emit) => {
    const y1 = c[2 * s + 1]!, y2 = c[2 * s + 3]!
    for (let b = bandOf(Math.min(y1, y2)); b <= bandOf(Math.max(y1, y2)); b++) emit(b)
  })
  const cells = compress(rings, CELL_COLS * CELL_ROWS, (s, emit) => {
    const x1 = c[2 * s]!, y1 = c[2 * s + 1]!, x2 = c[2 * s + 2]!, y2 = c[2 * s + 3]!
    for (let row = rowOf(Math.min(y1, y2)); row <= rowOf(Math.max(y1, y2)); row++) {
      for (let col = colOf(Math.min(x1, x2)); col <= colOf(Math.max(x1, x2)); col++) emit(row * CELL_COLS + col)
    }
  })
  return { rings, bandStarts: bands.starts, bandSegments: bands.segments, cellStarts: cells.starts, cellSegments: cells.segments }
}

/**
 * The index cell (0.5°) holding the point, and whether any edge crosses it: where none does, every point
 * of the cell is inside or every one outside, as its centre is.
 */
export const cellAt = (index: PolygonIndex, lat: number, lon: number): { readonly cell: number; readonly hasEdges: boolean } => {
  const cell = rowOf(lat) * CELL_COLS + colOf(lon)
  return { cell, hasEdges: index.cellStarts[cell + 1]! > index.cellStarts[cell]! }
}

/** Inside an odd number of rings: a ray to the east crosses the edges an odd number of times. */
export const contains = (index: PolygonIndex, lat: number, lon: number): boolean => {
  const c = index.rings.coords
  const band = bandOf(lat)
  let inside = false
  for (let k = index.bandStarts[band]!; k < index.bandStarts[band + 1]!; k++) {
    const s = index.bandSegments[k]!
    const y1 = c[2 * s + 1]!, y2 = c[2 * s + 3]!
    if ((y1 > lat) !== (y2 > lat)) {
      const x1 = c[2 * s]!, x2 = c[2 * s + 2]!
      if (lon < x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside
    }
  }
  return inside
}

/**
 * Distance in km to the nearest edge, if one is within `withinKm` (else `Infinity`). Edges across the
 * antimeridian from the point are not looked at (no sea or lake of interest is cut there).
 */
export const nearestEdgeKm = (index: PolygonIndex, lat: number, lon: number, withinKm: number): number => {
  const c = index.rings.coords
  const dLat = withinKm / KM_PER_DEGREE
  const dLon = Math.min(180, dLat / Math.max(0.01, Math.cos((Math.min(89, Math.abs(lat) + dLat) * Math.PI) / 180)))
  let best = Infinity
  for (let row = rowOf(lat - dLat); row <= rowOf(lat + dLat); row++) {
    for (let col = colOf(lon - dLon); col <= colOf(lon + dLon); col++) {
      const cell = row * CELL_COLS + col
      for (let k = index.cellStarts[cell]!; k < index.cellStarts[cell + 1]!; k++) {
        const s = index.cellSegments[k]!
        const d = pointSegmentKm(lat, lon, c[2 * s + 1]!, c[2 * s]!, c[2 * s + 3]!, c[2 * s + 2]!)
        if (d < best) best = d
      }
    }
  }
  return best <= withinKm ? best : Infinity
}
