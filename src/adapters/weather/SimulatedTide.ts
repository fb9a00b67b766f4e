import type { HourlyPoint } from "../../domain/weather/HourlyWeather.js"

const M_TO_FT = 3.280839895
/** Periods of the principal lunar and solar semi-diurnal constituents (M2, S2), hours. */
export const M2_HOURS = 12.4206012
export const S2_HOURS = 12

/** A smooth, deterministic number in [0, 1) from a place (no randomness: the same spot, the same tide). */
export const placeHash = (latitude: number, longitude: number, salt: number): number => {
  const x = Math.sin(latitude * 12.9898 + longitude * 78.233 + salt * 37.719) * 43758.5453
  return x - Math.floor(x)
}

export interface TideParams {
  /** M2 amplitude, m (S2 is a third of it: springs and neaps over ~14.8 days). */
  readonly amplitudeM: number
  /** Phase lags, hours. */
  readonly m2Lag: number
  readonly s2Lag: number
}

export const tideParams = (latitude: number, longitude: number): TideParams => ({
  amplitudeM: 0.3 + 1.5 * placeHash(latitude, longitude, 1),
  m2Lag: M2_HOURS * placeHash(latitude, longitude, 2),
  s2Lag: S2_HOURS * placeHash(latitude, longitude, 3)
})

/** Sea level above mean sea level, m, at `utcHours` (hours since the epoch): M2 + S2. */
export const tideAt = (p: TideParams, utcHours: number): number =>
  p.amplitudeM * Math.cos((2 * Math.PI * (utcHours - p.m2Lag)) / M2_HOURS) +
  (p.amplitudeM / 3) * Math.cos((2 * Math.PI * (utcHours - p.s2Lag)) / S2_HOURS)

/** UTC hours since the epoch of a local `YYYY-MM-DDTHH:00` hour. */
export const utcHoursOf = (time: string, utcOffsetSeconds: number): number =>
  (Date.parse(`${time}:00Z`) - utcOffsetSeconds * 1000) / 3_600_000

/** The sea level of an hour in ft (2 decimals), or null where the simulation has no sea. */
export const tideHeightFt = (p: TideParams, hour: HourlyPoint, utcOffsetSeconds: number): number | null =>
  hour.wave_height_ft === null ? null : tideFtAt(p, utcHoursOf(hour.time, utcOffsetSeconds))

/** The sea level in ft (2 decimals) at `utcHours`. */
export const tideFtAt = (p: TideParams, utcHours: number): number => Math.round(tideAt(p, utcHours) * M_TO_FT * 100) / 100
