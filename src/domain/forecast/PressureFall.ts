import type { TimelineHour } from "../weather/ForecastWeather.js"

/**
 * A marked fall of the barometer on the day, in the terms of the shipping forecasts' pressure
 * tendency (UK Met Office): over three hours, "falling quickly" is 3.6-6 hPa and "falling very rapidly"
 * more than 6 hPa. Smaller falls are not worth a sentence in a short text; a marked fall often comes
 * before the wind builds, so the text names it with the hour it starts.
 */
export interface PressureFall {
  /** hPa lost over the three hours, rounded to a whole hPa. */
  readonly fallHpa: number
  /** Local hour (0-23) the three hours start at. */
  readonly from: number
  readonly rate: "quickly" | "veryRapidly"
}

export const QUICK_FALL_HPA = 3.6
export const VERY_RAPID_FALL_HPA = 6
const SPAN_HOURS = 3

/** The largest fall over three hours of the day's hours (in order), when it is marked. */
export const pressureFall = (hours: ReadonlyArray<TimelineHour>): PressureFall | undefined => {
  let best: { fall: number; from: number } | undefined
  for (let i = 0; i + SPAN_HOURS < hours.length; i++) {
    const a = hours[i]!.pressure_msl_hpa
    const b = hours[i + SPAN_HOURS]!.pressure_msl_hpa
    if (a == null || b == null) continue
    const fall = a - b
    if (best === undefined || fall > best.fall) best = { fall, from: Number(hours[i]!.time.slice(11, 13)) }
  }
  if (best === undefined || best.fall < QUICK_FALL_HPA) return undefined
  return { fallHpa: Math.round(best.fall), from: best.from, rate: best.fall > VERY_RAPID_FALL_HPA ? "veryRapidly" : "quickly" }
}
