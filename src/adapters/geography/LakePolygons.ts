import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { ringAreaKm2, type Rings } from "../../domain/geography/Rings.js"
import { type Visitor, walkArray } from "./NestedNumbers.js"

/**
 * OpenStreetMap's lakes (© OpenStreetMap contributors, ODbL), simplified to 1 km by the
 * @geo-maps/earth-lakes-1km package: 130,000 polygons in a 12 MB GeoJSON file, of which only the
 * large lakes are kept. Two passes over the bytes (count, then fill typed arrays): nothing of the
 * file lands on the JavaScript heap, and its buffers go back to the system once the lakes are chosen.
 */
export const LAKES_FILE = "@geo-maps/earth-lakes-1km/map.geo.json"

/** Every ring of every polygon in the file, and which rings make each polygon (outer ring first). */
export interface ScannedPolygons {
  readonly coords: Float32Array
  /** Ring `r` is points `ringStarts[r]` to `ringStarts[r + 1] - 1`. */
  readonly ringStarts: Uint32Array
  /** Polygon `p` is rings `polygonStarts[p]` to `polygonStarts[p + 1] - 1`. */
  readonly polygonStarts: Uint32Array
}

const COORDINATES = Buffer.from("\"coordinates\":")
const MULTI = Buffer.from("MultiPolygon")

/** Calls `visit(ringDepth)` for the coordinates of each Polygon (rings at depth 2) or MultiPolygon (3). */
const eachGeometry = (bytes: Buffer, visit: (ringDepth: number) => Visitor) => {
  for (let at = bytes.indexOf(COORDINATES); at >= 0; at = bytes.indexOf(COORDINATES, at)) {
    const typeAt = bytes.lastIndexOf("\"type\"", at)
    const multi = bytes.subarray(typeAt, at).indexOf(MULTI) >= 0
    at = walkArray(bytes, at, visit(multi ? 3 : 2))
  }
}

export const scanPolygons = (bytes: Buffer): ScannedPolygons => {
  let numbers = 0, rings = 0, polygons = 0
  eachGeometry(bytes, (ringDepth) => ({
    open: () => {},
    close: (depth) => {
      if (depth === ringDepth) rings++
      if (depth === ringDepth - 1) polygons++
    },
    number: () => numbers++
  }))
  const coords = new Float32Array(numbers)
  const ringStarts = new Uint32Array(rings + 1)
  const polygonStarts = new Uint32Array(polygons + 1)
  let n = 0, r = 0, p = 0
  eachGeometry(bytes, (ringDepth) => ({
    open: () => {},
    close: (depth) => {
      if (depth === ringDepth) ringStarts[++r] = n / 2
      if (depth === ringDepth - 1) polygonStarts[++p] = r
    },
    number: (x) => (coords[n++] = x)
  }))
  return { coords, ringStarts, polygonStarts }
}

/** Area of polygon `p`: its outer ring less its holes. */
const areaKm2 = ({ coords, ringStarts, polygonStarts }: ScannedPolygons, p: number) => {
  let area = 0
  for (let r = polygonStarts[p]!; r < polygonStarts[p + 1]!; r++) {
    const a = ringAreaKm2(coords, ringStarts[r]!, ringStarts[r + 1]!)
    area += r === polygonStarts[p] ? a : -a
  }
  return area
}

/** A vertex as one number (the data has 3 decimals) and its 0.1° cell. */
const vertexKey = (x: number, y: number) => Math.round((x + 180) * 1e4) * 4e6 + Math.round((y + 90) * 1e4)
const CELL_COLS = 3600
const cellOf = (x: number, y: number) => Math.floor((y + 90) * 10) * CELL_COLS + Math.floor((x + 180) * 10)

/**
 * The polygons of lakes of at least `minKm2`. The simplified data cuts a few large lakes into pieces
 * along tile edges (Lake Ontario in three): a piece that shares a vertex with a kept lake is kept too.
 */
export const largeLakes = (scanned: ScannedPolygons, minKm2: number): Rings => {
  const { coords, ringStarts, polygonStarts } = scanned
  const count = polygonStarts.length - 1
  const kept = new Uint8Array(count)
  // Vertices of kept lakes, and a bitmap of the 0.1° cells they are in: most vertices of other
  // lakes are in no such cell and are dismissed without hashing.
  const shore = new Set<number>()
  const cells = new Uint8Array((CELL_COLS * 1800) / 8 + 1)
  const outer = (p: number) => [ringStarts[polygonStarts[p]!]!, ringStarts[polygonStarts[p]! + 1]!] as const
  const keep = (p: number) => {
    kept[p] = 1
    const [from, to] = outer(p)
    for (let v = from; v < to; v++) {
      const x = coords[2 * v]!, y = coords[2 * v + 1]!
      shore.add(vertexKey(x, y))
      const c = cellOf(x, y)
      cells[c >> 3]! |= 1 << (c & 7)
    }
  }
  for (let p = 0; p < count; p++) if (areaKm2(scanned, p) >= minKm2) keep(p)
  const touches = (p: number) => {
    const [from, to] = outer(p)
    for (let v = from; v < to; v++) {
      const x = coords[2 * v]!, y = coords[2 * v + 1]!
      const c = cellOf(x, y)
      if ((cells[c >> 3]! & (1 << (c & 7))) !== 0 && shore.has(vertexKey(x, y))) return true
    }
    return false
  }
  for (let grew = true; grew;) {
    grew = false
    for (let p = 0; p < count; p++) {
      if (kept[p] === 0 && touches(p)) {
        keep(p)
        grew = true
      }
    }
  }
  let ringCount = 0, pointCount = 0
  for (let p = 0; p < count; p++) {
    if (kept[p] === 0) continue
    ringCount += polygonStarts[p + 1]! - polygonStarts[p]!
    pointCount += ringStarts[polygonStarts[p + 1]!]! - ringStarts[polygonStarts[p]!]!
  }
  const starts = new Uint32Array(ringCount + 1)
  const out = new Float32Array(2 * pointCount)
  let r = 0
  for (let p = 0; p < count; p++) {
    if (kept[p] === 0) continue
    for (let s = polygonStarts[p]!; s < polygonStarts[p + 1]!; s++, r++) {
      starts[r + 1] = starts[r]! + ringStarts[s + 1]! - ringStarts[s]!
      out.set(coords.subarray(2 * ringStarts[s]!, 2 * ringStarts[s + 1]!), 2 * starts[r]!)
    }
  }
  return { coords: out, starts }
}

export const loadLargeLakes = (minKm2: number): Rings => {
  const path = createRequire(import.meta.url).resolve(LAKES_FILE)
  return largeLakes(scanPolygons(readFileSync(path)), minKm2)
}
