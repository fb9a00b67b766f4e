/**
 * Waves where no marine model gives them (lakes, enclosed waters): the deep-water fetch- and
 * duration-limited growth formulas of the US Army Corps of Engineers' Shore Protection Manual (1984),
 * chapter 3, section V ("Simplified methods for estimating wave conditions"):
 *
 *   wind-stress factor        U_A = 0.71 · U^1.23                    (eq. 3-28a, U in m/s at 10 m)
 *   fetch-limited height      g·Hm0 / U_A² = 1.6e-3 · (g·F / U_A²)^1/2   (eq. 3-33)
 *   fetch-limited period      g·Tm / U_A  = 2.857e-1 · (g·F / U_A²)^1/3  (eq. 3-34)
 *   duration to reach it      g·t / U_A   = 6.88e1 · (g·F / U_A²)^2/3    (eq. 3-35)
 *   fully developed           g·Hm0 / U_A² = 2.433e-1, g·Tm / U_A = 8.134, g·t / U_A = 7.15e4 (eqs. 3-36 to 3-38)
 *
 * A wind that has not blown long enough for its fetch makes the sea of the shorter fetch it could
 * cross in that time (duration-limited, eq. 3-35 inverted). Deep water is assumed: on shallow water
 * the real waves are lower, so the estimate errs on the side of caution.
 */

const G = 9.80665
const KT_TO_MS = 0.514444
const M_TO_FT = 3.280839895

export interface WaveEstimate {
  /** Significant (spectral) wave height Hm0, m. */
  readonly heightM: number
  /** Period of the spectral peak, s. */
  readonly periodS: number
  /** What limited the sea: the fetch, the duration, or neither (fully developed). */
  readonly limitedBy: "fetch" | "duration" | "fully developed"
}

/** The wind-stress factor U_A (m/s) of a wind of `windMs` at 10 m. */
export const windStressFactor = (windMs: number): number => 0.71 * Math.pow(windMs, 1.23)

/** Dimensionless fetch at which the sea is fully developed: where eq. 3-33 reaches eq. 3-36. */
const FULL_FETCH = Math.pow(2.433e-1 / 1.6e-3, 2)

/**
 * The sea a wind of `windKt` makes over `fetchKm` of open water after blowing `durationHours`
 * (SPM 1984). No wind, no fetch or no time: a flat sea.
 */
export const fetchLimitedWaves = (windKt: number, fetchKm: number, durationHours: number): WaveEstimate => {
  const u = windStressFactor(Math.max(0, windKt) * KT_TO_MS)
  if (!(u > 0) || !(fetchKm > 0) || !(durationHours > 0)) return { heightM: 0, periodS: 0, limitedBy: "fetch" }
  const fetch = (G * fetchKm * 1000) / (u * u)
  // The fetch the wind can cross in its duration (eq. 3-35 solved for the fetch).
  const crossed = Math.pow((G * durationHours * 3600) / u / 6.88e1, 1.5)
  const effective = Math.min(fetch, crossed, FULL_FETCH)
  const limitedBy = effective === FULL_FETCH ? "fully developed" : effective === fetch ? "fetch" : "duration"
  return {
    heightM: (1.6e-3 * Math.sqrt(effective) * u * u) / G,
    periodS: (2.857e-1 * Math.cbrt(effective) * u) / G,
    limitedBy
  }
}

/** The same in the service's units: height in ft, to 0.1 ft. */
export const estimatedWaveFt = (estimate: WaveEstimate): number => Math.round(estimate.heightM * M_TO_FT * 10) / 10
