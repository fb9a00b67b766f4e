import type { Reason } from "./Assessment.js"
import type { DayConditions } from "../weather/DayConditions.js"
import { num, reason } from "./Rating.js"
import { UNIVERSAL } from "./Thresholds.js"
import type { VesselProfile } from "./VesselProfile.js"

/** What signals a thunderstorm on the day, the strongest first; undefined when nothing does. */
export type ThunderstormSignal = "weather_code" | "heavy_rain_with_gusts" | "cape"

/**
 * A forecast thunderstorm (WMO weather code 95-99) or the Special Marine Warning signature of heavy
 * rain (over 7.6 mm/h) with gusts of 38 kt or more (`nws-box-mariner`, `cdc-lightning-water`,
 * `nws-buf-lightning`); failing those, moderate instability (CAPE of 1,000 J/kg or more, `uky-cape`,
 * `nws-glossary-cape`) with rain likely (50 % or more, or unknown, taken at its worst).
 */
export const thunderstormSignal = (day: DayConditions): ThunderstormSignal | undefined => {
  if (day.weather_code !== undefined && day.weather_code >= UNIVERSAL.thunderstormWeatherCode) return "weather_code"
  const rain = day.precipitation_mm_per_h
  if (rain !== undefined && rain > UNIVERSAL.heavyRainMmPerH && day.wind_gust_kt >= UNIVERSAL.thunderstormGustKt) {
    return "heavy_rain_with_gusts"
  }
  const p = day.precipitation_probability_pct
  if (
    day.cape_j_per_kg !== undefined && day.cape_j_per_kg >= UNIVERSAL.squallCapeJPerKg &&
    (p === undefined || p >= UNIVERSAL.rainProbabilityPct)
  ) return "cape"
  return undefined
}

/**
 * A forecast thunderstorm or its heavy-rain-and-gusts signature is AVOID for every vessel (lightning).
 * Instability with rain likely is a squall risk, CAUTION for every vessel: the storm is possible, not
 * forecast, and no source makes it worse for one size than another, while a squall threatens any
 * small craft.
 */
export const thunderstormReasons = (day: DayConditions): ReadonlyArray<Reason> => {
  switch (thunderstormSignal(day)) {
    case "weather_code":
      return [reason("thunderstorm", "AVOID", `thunderstorm forecast (weather code ${num(day.weather_code!)}): lightning, AVOID`)]
    case "heavy_rain_with_gusts":
      return [
        reason(
          "thunderstorm",
          "AVOID",
          `thunderstorm signature: heavy rain ${num(day.precipitation_mm_per_h!)} mm/h with gusts ${num(day.wind_gust_kt)} kt, AVOID`
        )
      ]
    case "cape": {
      const p = day.precipitation_probability_pct
      const chance = p === undefined ? "rain chance unknown" : `${num(p)} % chance of rain`
      return [
        reason(
          "thunderstorm",
          "CAUTION",
          `thunderstorm squall risk: CAPE ${num(day.cape_j_per_kg!)} J/kg (unstable air) with ${chance}, CAUTION`
        )
      ]
    }
    case undefined:
      return [reason("thunderstorm", "GO", "no thunderstorm signal")]
  }
}

/**
 * Rain that is likely (50 % or more) and at least 1 mm/h is CAUTION for an open boat (`ams-rain`), a
 * note for a vessel with a cabin (docs/safety.md). An unknown probability
 * is taken at its worst; an unknown rate is no factor by itself (issue 11): a chance of rain with no
 * amount is a note, since most likely-rain hours carry a rate, and without one nothing says it is wet
 * enough to matter.
 */
export const precipitationReasons = (day: DayConditions, profile: VesselProfile): ReadonlyArray<Reason> => {
  const p = day.precipitation_probability_pct
  const r = day.precipitation_mm_per_h
  if (r === undefined) {
    return p === undefined ? [] : [reason("precipitation", "GO", `rain rate unknown: ${num(p)} % chance of rain, not rated`)]
  }
  const likely = p === undefined || p >= UNIVERSAL.rainProbabilityPct
  const wet = r >= UNIVERSAL.rainRateMmPerH
  const text = [p === undefined ? undefined : `${num(p)} %`, `${num(r)} mm/h`]
    .filter((x) => x !== undefined)
    .join(", ")
  if (!(likely && wet)) return [reason("precipitation", "GO", `rain unlikely or light: ${text}`)]
  return profile.openBoat
    ? [reason("precipitation", "CAUTION", `rain likely: ${text}, CAUTION for an open boat`)]
    : [reason("precipitation", "GO", `rain likely: ${text}, a note for a vessel with a cabin`)]
}
