import type { Coordinates } from "../spotcast/Coordinates.js"

/** The mean Earth radius in nautical miles (6,371.0088 km ÷ 1.852): a nautical mile is about one arc minute. */
export const EARTH_RADIUS_NM = 6371.0088 / 1.852

const rad = Math.PI / 180

/** Great-circle distance in nautical miles (haversine, stable for short and antipodal-ish legs). */
export const distanceNm = (a: Coordinates, b: Coordinates): number => {
  const φ1 = a.latitude * rad
  const φ2 = b.latitude * rad
  const dφ = φ2 - φ1
  const dλ = (b.longitude - a.longitude) * rad
  const h = Math.sin(dφ / 2) ** 2 + Math.cos(φ1) * Math.cos(φ2) * Math.sin(dλ / 2) ** 2
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(h)))
}

const wrapLongitude = (degrees: number): number => {
  const wrapped = ((degrees + 180) % 360 + 360) % 360 - 180
  return wrapped === -180 && degrees > 0 ? 180 : wrapped
}

/**
 * The point a fraction `f` (0-1) of the way along the great circle from `a` to `b` (spherical linear
 * interpolation of the unit vectors). Coincident points give `a`.
 */
export const intermediatePoint = (a: Coordinates, b: Coordinates, f: number): Coordinates => {
  const δ = distanceNm(a, b) / EARTH_RADIUS_NM
  if (δ < 1e-12 || f <= 0) return { latitude: a.latitude, longitude: a.longitude }
  if (f >= 1) return { latitude: b.latitude, longitude: b.longitude }
  const φ1 = a.latitude * rad
  const λ1 = a.longitude * rad
  const φ2 = b.latitude * rad
  const λ2 = b.longitude * rad
  const A = Math.sin((1 - f) * δ) / Math.sin(δ)
  const B = Math.sin(f * δ) / Math.sin(δ)
  const x = A * Math.cos(φ1) * Math.cos(λ1) + B * Math.cos(φ2) * Math.cos(λ2)
  const y = A * Math.cos(φ1) * Math.sin(λ1) + B * Math.cos(φ2) * Math.sin(λ2)
  const z = A * Math.sin(φ1) + B * Math.sin(φ2)
  const latitude = Math.atan2(z, Math.sqrt(x * x + y * y)) / rad
  const longitude = wrapLongitude(Math.atan2(y, x) / rad)
  return { latitude: Math.max(-90, Math.min(90, latitude)), longitude }
}
