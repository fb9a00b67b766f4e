import type { Reason } from "./Assessment.js"
import type { DayConditions } from "../weather/DayConditions.js"
import { num, reason } from "./Rating.js"
import { UNIVERSAL } from "./Thresholds.js"

const MS_PER_KT = 0.514444

/** Overland's icing categories (`opc-freezing-spray`): light < 0.7 cm/h, moderate 0.7-2, heavy >= 2. */
export type SprayIcing = "none" | "light" | "moderate" | "heavy"

/**
 * Overland's icing predictor PPR = Va (Tf - Ta) / (1 + 0.3 (Tw - Tf)) (`overland-1990`), with Va the
 * sustained wind in m/s, Ta the air and Tw the water temperature in °C, Tf = -1.7 °C. Water colder than
 * Tf counts as Tf. Rises with the wind, falls with the air and water temperatures.
 */
export const icingPredictor = (windKt: number, airC: number, waterC: number): number => {
  const tf = UNIVERSAL.seaWaterFreezingC
  return (windKt * MS_PER_KT * (tf - airC)) / (1 + 0.3 * (Math.max(waterC, tf) - tf))
}

/**
 * The freezing spray a day holds: none unless the air is -2 °C or colder and the wind force 6 (22 kt) or
 * more (`mariners-handbook-icing`: the spray comes from breaking waves); then the predictor's own
 * category, the water temperature weighed by the predictor alone (warmer water, less ice). Unknown air
 * or water temperature: none (not assessed).
 */
export const sprayIcingOf = (day: DayConditions): SprayIcing => {
  const air = day.air_temp_c
  const water = day.water_temp_c
  if (air === undefined || water === undefined) return "none"
  if (air > UNIVERSAL.freezingSprayAirC) return "none"
  if (day.wind_speed_kt < UNIVERSAL.freezingSprayWindKt) return "none"
  const ppr = icingPredictor(day.wind_speed_kt, air, water)
  return ppr >= UNIVERSAL.sprayHeavyPpr ? "heavy" : ppr >= UNIVERSAL.sprayModeratePpr ? "moderate" : ppr > 0 ? "light" : "none"
}

/**
 * Freezing spray is CAUTION for every vessel (a Freezing Spray Advisory), AVOID when heavy (2 cm/h or
 * more, the NWS Heavy Freezing Spray Warning, which advises vessels not equipped for it to stay in port:
 * `nws-heavy-freezing-spray`).
 */
export const freezingSprayReasons = (day: DayConditions): ReadonlyArray<Reason> => {
  const icing = sprayIcingOf(day)
  if (icing === "none") return []
  const ppr = icingPredictor(day.wind_speed_kt, day.air_temp_c!, day.water_temp_c!)
  const readings = `air ${num(day.air_temp_c!)} °C, water ${num(day.water_temp_c!)} °C, wind ${num(day.wind_speed_kt)} kt (icing predictor ${num(ppr)})`
  return icing === "heavy"
    ? [reason("freezing_spray", "AVOID", `heavy freezing spray: ${readings}, ice builds at 2 cm/h or more, AVOID`)]
    : [reason("freezing_spray", "CAUTION", `freezing spray (${icing}): ${readings}, ice builds on deck and rigging, CAUTION`)]
}
