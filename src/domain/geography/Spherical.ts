/** Distances and directions on the sphere (mean Earth radius, IUGG). */

export const EARTH_RADIUS_KM = 6371.0088
const RAD = Math.PI / 180
export const KM_PER_DEGREE = EARTH_RADIUS_KM * RAD

/** Great-circle distance in km (haversine). */
export const distanceKm = (lat1: number, lon1: number, lat2: number, lon2: number): number => {
  const dLat = (lat2 - lat1) * RAD, dLon = (lon2 - lon1) * RAD
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** The point `km` from (lat, lon) along the initial bearing `bearingDeg` (clockwise from north). */
export const destination = (
  lat: number,
  lon: number,
  bearingDeg: number,
  km: number
): readonly [latitude: number, longitude: number] => {
  const d = km / EARTH_RADIUS_KM, b = bearingDeg * RAD, p1 = lat * RAD
  const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b))
  const l2 = lon * RAD + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2))
  const lonDeg = ((((l2 / RAD) + 540) % 360) + 360) % 360 - 180
  return [p2 / RAD, lonDeg]
}

/**
 * Distance in km from a point to a segment, in the point's local equirectangular plane: exact enough
 * for the few tens of km it is used over (under 0.5 % at 50 km away from the poles).
 */
export const pointSegmentKm = (
  lat: number,
  lon: number,
  lat1: number,
  lon1: number,
  lat2: number,
  lon2: number
): number => {
  const k = Math.cos(lat * RAD)
  const ax = (lon1 - lon) * k, ay = lat1 - lat, bx = (lon2 - lon) * k, by = lat2 - lat
  const dx = bx - ax, dy = by - ay
  const len2 = dx * dx + dy * dy
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2))
  const px = ax + t * dx, py = ay + t * dy
  return Math.sqrt(px * px + py * py) * KM_PER_DEGREE
}
