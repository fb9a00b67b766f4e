import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type { Rings } from "../../domain/geography/Rings.js"
import { topLevelMember, walkArray } from "./NestedNumbers.js"

/**
 * Natural Earth's 1:10m land polygons (public domain), as the world-atlas package ships them in
 * TopoJSON: shared arcs, quantized and delta-encoded. The arcs are scanned straight into flat rings,
 * without the half a million small arrays JSON.parse would build: a few MB that stay, no large
 * transient heap.
 */
interface Topology {
  readonly transform: { readonly scale: readonly [number, number]; readonly translate: readonly [number, number] }
  readonly objects: Record<string, { readonly geometries: ReadonlyArray<TopoGeometry> }>
}
type TopoGeometry =
  | { readonly type: "Polygon"; readonly arcs: ReadonlyArray<ReadonlyArray<number>> }
  | { readonly type: "MultiPolygon"; readonly arcs: ReadonlyArray<ReadonlyArray<ReadonlyArray<number>>> }

export const LAND_FILE = "world-atlas/land-10m.json"

/** The topology's shared arcs, decoded to absolute coordinates: arc `i` is points `starts[i]` to `starts[i + 1] - 1`. */
interface Arcs {
  readonly coords: Float32Array
  readonly starts: Uint32Array
}

/** Scans the top-level `arcs` member (delta-encoded, quantized) from `from`; answers the arcs and where they end. */
const scanArcs = (text: Buffer, from: number, transform: Topology["transform"]) => {
  const [sx, sy] = transform.scale
  const [tx, ty] = transform.translate
  let coords = new Float32Array(1 << 20)
  let n = 0, x = 0, y = 0, second = false
  const starts: Array<number> = [0]
  const end = walkArray(text, from, {
    open: (depth) => {
      if (depth === 2) x = y = 0
    },
    close: (depth) => {
      if (depth === 2) starts.push(n / 2)
    },
    number: (v) => {
      if (n === coords.length) {
        const bigger = new Float32Array(coords.length * 2)
        bigger.set(coords)
        coords = bigger
      }
      if (second) {
        y += v
        coords[n++] = y * sy + ty
      } else {
        x += v
        coords[n++] = x * sx + tx
      }
      second = !second
    }
  })
  return { arcs: { coords: coords.subarray(0, n), starts: Uint32Array.from(starts) } satisfies Arcs, end }
}

/** The rings of every polygon of `object` (the Caspian Sea is a hole of the land). */
export const ringsOf = (geometries: ReadonlyArray<TopoGeometry>, arcs: Arcs): Rings => {
  const rings: Array<ReadonlyArray<number>> = []
  for (const g of geometries) {
    for (const polygon of g.type === "Polygon" ? [g.arcs] : g.arcs) for (const ring of polygon) rings.push(ring)
  }
  const index = (a: number) => (a < 0 ? ~a : a)
  // Each arc after a ring's first repeats the previous one's last point: counted once.
  const length = (ring: ReadonlyArray<number>) =>
    ring.reduce((n, a, j) => n + arcs.starts[index(a) + 1]! - arcs.starts[index(a)]! - (j > 0 ? 1 : 0), 0)
  const starts = new Uint32Array(rings.length + 1)
  rings.forEach((ring, r) => (starts[r + 1] = starts[r]! + length(ring)))
  const coords = new Float32Array(2 * starts[rings.length]!)
  let k = 0
  for (const ring of rings) {
    ring.forEach((a, j) => {
      const from = arcs.starts[index(a)]!, to = arcs.starts[index(a) + 1]!
      for (let n = j > 0 ? 1 : 0; n < to - from; n++) {
        const p = a < 0 ? to - 1 - n : from + n
        coords[k++] = arcs.coords[2 * p]!
        coords[k++] = arcs.coords[2 * p + 1]!
      }
    })
  }
  return { coords, starts }
}

/** A TopoJSON text's polygons of `object`: the arcs scanned, the rest (small) parsed as JSON. */
export const decodeTopology = (text: Buffer, object: string): Rings => {
  const arcsAt = topLevelMember(text, "arcs")
  const transformAt = topLevelMember(text, "transform")
  if (arcsAt < 0 || transformAt < 0) throw new Error("not a quantized TopoJSON topology")
  const bare = (from: number) => {
    const end = walkArray(text, from, { open: () => {}, close: () => {}, number: () => {} })
    return JSON.parse(`${text.toString("latin1", 0, from)}[]${text.toString("latin1", end)}`) as Topology
  }
  const { transform, objects } = bare(arcsAt)
  const { arcs } = scanArcs(text, arcsAt, transform)
  return ringsOf(objects[object]!.geometries, arcs)
}

export const loadLand = (): Rings => {
  const path = createRequire(import.meta.url).resolve(LAND_FILE)
  return decodeTopology(readFileSync(path), "land")
}
