/**
 * Polygon rings as flat arrays: `coords` holds longitude, latitude pairs (degrees, single precision:
 * within 2 m anywhere, far finer than the data, at half the memory); ring `r` is the
 * points `starts[r]` to `starts[r + 1] - 1`, closed (its last point equals its first). Outer rings and
 * holes alike: inside-ness is the even-odd rule over all rings, which is right for polygons that do not
 * overlap (as land or lake polygons do not).
 */
export interface Rings {
  readonly coords: Float32Array
  readonly starts: Uint32Array
}

export const ringCount = (rings: Rings): number => rings.starts.length - 1

export const pointCount = (rings: Rings): number => rings.starts[rings.starts.length - 1]!

const EARTH_RADIUS_KM = 6371.0088
const RAD = Math.PI / 180

/**
 * A ring's area in km² on the sphere (the spherical-excess sum of Chamberlain and Duquette, "Some
 * algorithms for polygons on a sphere", JPL 2007), whatever its winding.
 */
export const ringAreaKm2 = (coords: Float32Array, from: number, to: number): number => {
  let sum = 0
  for (let i = from, j = to - 1; i < to; j = i++) {
    const x1 = coords[2 * j]!, y1 = coords[2 * j + 1]!, x2 = coords[2 * i]!, y2 = coords[2 * i + 1]!
    sum += (x2 - x1) * RAD * (2 + Math.sin(y1 * RAD) + Math.sin(y2 * RAD))
  }
  return Math.abs((sum * EARTH_RADIUS_KM * EARTH_RADIUS_KM) / 2)
}

/** Builds `Rings` from rings given as arrays of points (small data, tests). */
export const ringsOf = (rings: ReadonlyArray<ReadonlyArray<readonly [number, number]>>): Rings => {
  const starts = new Uint32Array(rings.length + 1)
  let n = 0
  rings.forEach((ring, r) => {
    starts[r] = n
    n += ring.length
  })
  starts[rings.length] = n
  const coords = new Float32Array(2 * n)
  let k = 0
  for (const ring of rings) {
    for (const [x, y] of ring) {
      coords[k++] = x
      coords[k++] = y
    }
  }
  return { coords, starts }
}
