import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { buildIndex, contains, nearestEdgeKm } from "../../../src/domain/geography/PolygonIndex.js"
import { ringAreaKm2, ringsOf } from "../../../src/domain/geography/Rings.js"
import { distanceKm, pointSegmentKm } from "../../../src/domain/geography/Spherical.js"
import { fetchKm, isMarine, MAX_SHORE_DISTANCE_KM, surfaceAt, type WaterMap } from "../../../src/domain/geography/Water.js"

type Ring = ReadonlyArray<readonly [number, number]>
const box = (x0: number, y0: number, x1: number, y1: number): Ring => [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]

// A continent from 0° to 10° (longitude and latitude) with a bay cut in its east side, and a lake
// (from 2° to 4°) with a small island in it (a hole of the lake).
const continent: Ring = [[0, 0], [10, 0], [10, 4], [8, 4], [8, 6], [10, 6], [10, 10], [0, 10], [0, 0]]
const map: WaterMap = {
  land: buildIndex(ringsOf([continent])),
  lakes: buildIndex(ringsOf([box(2, 2, 4, 4), box(2.95, 2.95, 3.05, 3.05)]))
}

/** The even-odd rule by brute force over every ring. */
const bruteContains = (rings: ReadonlyArray<Ring>, lat: number, lon: number) =>
  rings.reduce((inside, ring) => {
    let c = inside
    for (let i = 0; i + 1 < ring.length; i++) {
      const [x1, y1] = ring[i]!, [x2, y2] = ring[i + 1]!
      if ((y1 > lat) !== (y2 > lat) && lon < x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1)) c = !c
    }
    return c
  }, false)

const bruteNearest = (rings: ReadonlyArray<Ring>, lat: number, lon: number) =>
  Math.min(...rings.flatMap((ring) => ring.slice(1).map(([x2, y2], i) => pointSegmentKm(lat, lon, ring[i]![1], ring[i]![0], y2, x2))))

describe("PolygonIndex", () => {
  it("inside-ness agrees with the even-odd rule over every ring", () => {
    const rings = [continent, box(2, 2, 4, 4), box(2.95, 2.95, 3.05, 3.05)]
    const index = buildIndex(ringsOf(rings))
    fc.assert(fc.property(fc.double({ min: -1, max: 11, noNaN: true }), fc.double({ min: -1, max: 11, noNaN: true }), (lat, lon) => {
      assert.strictEqual(contains(index, lat, lon), bruteContains(rings, lat, lon))
    }), { numRuns: 2000 })
  })

  it("the nearest edge within a distance is the brute-force nearest, and none beyond it", () => {
    const index = buildIndex(ringsOf([continent]))
    fc.assert(fc.property(fc.double({ min: -2, max: 12, noNaN: true }), fc.double({ min: -2, max: 12, noNaN: true }), (lat, lon) => {
      const brute = bruteNearest([continent], lat, lon)
      const found = nearestEdgeKm(index, lat, lon, 60)
      if (brute <= 60) assert.approximately(found, brute, 1e-9)
      else assert.strictEqual(found, Infinity)
    }), { numRuns: 2000 })
  })
})

describe("the water rule", () => {
  it("sea outside the continent, lake in the lake, land on the island and inland", () => {
    assert.deepStrictEqual(surfaceAt(map, 5, 12), { kind: "sea", shoreDistanceKm: 0 })
    assert.deepStrictEqual(surfaceAt(map, 5, 9), { kind: "sea", shoreDistanceKm: 0 }) // in the bay
    assert.deepStrictEqual(surfaceAt(map, 2.5, 2.5), { kind: "lake", shoreDistanceKm: 0 })
    assert.strictEqual(surfaceAt(map, 3, 3).kind, "land") // the island
    assert.isTrue(isMarine(surfaceAt(map, 3, 3))) // 11 km across: within the shore distance of the lake
    assert.strictEqual(surfaceAt(map, 7, 5).shoreDistanceKm, Infinity) // 330 km from any water
  })

  it("a point on land is marine exactly when it is within the shore distance of the sea or a lake", () => {
    // 0.05° north of the continent's south coast: 5.6 km; 0.1°: 11.1 km.
    const near = surfaceAt(map, 0.05, 7)
    assert.strictEqual(near.kind, "land")
    assert.approximately(near.shoreDistanceKm, 5.56, 0.01)
    assert.isTrue(isMarine(near))
    assert.isFalse(isMarine(surfaceAt(map, 0.1, 7)))
    assert.isAbove(0.1 * 111.19, MAX_SHORE_DISTANCE_KM)
    // Near the lake's shore (a lake counts like the sea).
    assert.isTrue(isMarine(surfaceAt(map, 4.05, 3)))
  })

  it("the fetch runs to the first land in the wind's direction", () => {
    // From the middle of the lake's south half (latitude 2.5, longitude 3), toward the south shore (2°):
    // 0.5° of latitude is 55.6 km; the steps resolve it to 2 %.
    assert.approximately(fetchKm(map, 2.5, 3, 180), 55.6, 1.2)
    // Toward the north, the island (from 2.95°) stops it at 50 km.
    assert.approximately(fetchKm(map, 2.5, 3, 0), 50.0, 1)
    // From the bay, east: open sea as far as it is measured.
    assert.strictEqual(fetchKm(map, 5, 9, 90), 1000)
    // From the bay, west: 1° of longitude at 5° N is 110.8 km to the bay's head at 8°.
    assert.approximately(fetchKm(map, 5, 9, 270), 110.8, 2.3)
    // Far inland there is no water at all.
    assert.strictEqual(fetchKm(map, 7, 5, 0), 0)
  })

  it("areas and distances on the sphere", () => {
    // A 1° square at the equator: 111.2 km × 111.2 km (the square's sides are a parallel and meridians).
    const square = ringsOf([box(0, 0, 1, 1)])
    assert.approximately(ringAreaKm2(square.coords, 0, 5), 12364, 15)
    assert.approximately(distanceKm(0, 0, 0, 1), 111.195, 0.001)
  })
})
