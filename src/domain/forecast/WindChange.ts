import { angleBetween, dominantDirection } from "../weather/Directions.js"
import type { TimelineHour } from "../weather/ForecastWeather.js"

/**
 * How the wind changes after the trip window, as a forecaster says it: "becoming NW 20–25 kt after
 * 15:00". A change is a shift of direction (at least `SHIFT_DEG` from the window's, in a wind worth
 * naming) or a build (at least `BUILD_KT` above the window's highest), held for `HOLD_HOURS` hours in a
 * row so one odd hour is not a change. Canonical units (kt, degrees), local whole hours.
 */
export interface WindChange {
  /** Local hour (0-23) the change is first seen at. */
  readonly after: number
  /** Where the wind then comes from, when it has shifted; absent for a build in the same direction. */
  readonly fromDeg?: number
  /** The sustained wind from `after` to the end of the day. */
  readonly lo: number
  readonly hi: number
}

export const SHIFT_DEG = 45
export const BUILD_KT = 5
/** Below this a direction is not a fact worth a sentence (light and variable). */
export const SHIFT_MIN_KT = 5
export const HOLD_HOURS = 2

const hourOf = (h: TimelineHour) => Number(h.time.slice(11, 13))

/**
 * The first change after the window, or undefined. `windowFromDeg` and `windowHiKt` describe the window
 * (its dominant direction and highest sustained wind); `later` are the day's hours from the window's end.
 */
export const windChange = (
  later: ReadonlyArray<TimelineHour>,
  windowFromDeg: number | undefined,
  windowHiKt: number | undefined
): WindChange | undefined => {
  if (windowHiKt === undefined) return undefined
  const shifted = (h: TimelineHour) =>
    windowFromDeg !== undefined && h.wind_direction_deg !== null && h.wind_speed_kt !== null &&
    h.wind_speed_kt >= SHIFT_MIN_KT && angleBetween(h.wind_direction_deg, windowFromDeg) >= SHIFT_DEG
  const built = (h: TimelineHour) => h.wind_speed_kt !== null && h.wind_speed_kt >= windowHiKt + BUILD_KT
  const changed = (h: TimelineHour) => shifted(h) || built(h)
  const start = later.findIndex((_, i) => later.slice(i, i + HOLD_HOURS).length === HOLD_HOURS && later.slice(i, i + HOLD_HOURS).every(changed))
  if (start < 0) return undefined
  const rest = later.slice(start)
  const winds = rest.map((h) => h.wind_speed_kt).filter((v): v is number => v !== null)
  const direction = dominantDirection(rest.map((h) => [h.wind_direction_deg, h.wind_speed_kt]))
  const turned = direction !== undefined && windowFromDeg !== undefined && angleBetween(direction.degrees, windowFromDeg) >= SHIFT_DEG
  return {
    after: hourOf(later[start]!),
    ...(turned ? { fromDeg: direction.degrees } : {}),
    lo: Math.min(...winds),
    hi: Math.max(...winds)
  }
}
