import type { TimelineHour } from "../weather/ForecastWeather.js"
import { dominantDirection } from "../weather/Directions.js"
import type { Convert } from "./DisplayUnits.js"
import type { ConditionSpan, Range } from "./TimelineSchema.js"

const rangeOf = (values: ReadonlyArray<number | null>, convert: (x: number) => number): Range | undefined => {
  const xs = values.filter((v): v is number => v !== null)
  return xs.length === 0 ? undefined : { min: convert(Math.min(...xs)), max: convert(Math.max(...xs)) }
}

const present = <T extends object>(fields: Record<string, unknown>): T =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T

/**
 * The hours' ranges (lowest and highest reported value, converted) of wind, gusts (as reported; no
 * estimate when the source has none), wave and swell height, and the dominant directions weighted by
 * wind speed, wave height and swell height. A field is absent when no hour has it. `waves_estimated`
 * says that some of the wave heights are the fetch-limited estimate, not a marine model's.
 */
export const conditionSpan = (hours: ReadonlyArray<TimelineHour>, convert: Convert): ConditionSpan =>
  present<ConditionSpan>({
    wind_speed: rangeOf(hours.map((h) => h.wind_speed_kt), convert.speed),
    wind_gust: rangeOf(hours.map((h) => h.wind_gust_kt), convert.speed),
    wave_height: rangeOf(hours.map((h) => h.wave_height_ft), convert.height),
    swell_height: rangeOf(hours.map((h) => h.swell_height_ft), convert.height),
    wind_direction: dominantDirection(hours.map((h) => [h.wind_direction_deg, h.wind_speed_kt])),
    wave_direction: dominantDirection(hours.map((h) => [h.wave_direction_deg, h.wave_height_ft])),
    swell_direction: dominantDirection(hours.map((h) => [h.swell_direction_deg, h.swell_height_ft])),
    waves_estimated: hours.some((h) => h.waves_estimated === true && h.wave_height_ft !== null) ? true : undefined
  })
