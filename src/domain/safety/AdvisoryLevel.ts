import type { DayConditions } from "../weather/DayConditions.js"
import { seasFt } from "./SeaRules.js"

/**
 * The marine warning categories of the NWS (`nws-key-defs`, `nws-jetstream-icons`), read from a day's
 * conditions: hurricane force 64 kt or more, storm 48-63 kt, gale 34-47 kt (sustained), and a Small
 * Craft Advisory from 22 kt sustained (`wikipedia-sca`, `nws-mlb-threat`: the usual floor, 20-25 kt by
 * region) or seas of 7 ft or more (the Gulf and Atlantic criterion, `nws-jetstream-icons`,
 * `nws-key-defs`). The service's reading of a forecast, never an official warning.
 */
export type AdvisoryLevel = "small_craft" | "gale" | "storm" | "hurricane_force"

export const ADVISORY = {
  hurricaneForceKt: 64,
  stormKt: 48,
  galeKt: 34,
  smallCraftKt: 22,
  smallCraftSeasFt: 7
} as const

const order: ReadonlyArray<AdvisoryLevel> = ["small_craft", "gale", "storm", "hurricane_force"]

export const advisoryRank = (level: AdvisoryLevel): number => order.indexOf(level)

export const advisoryLevelOf = (day: DayConditions): AdvisoryLevel | undefined => {
  const w = day.wind_speed_kt
  if (w >= ADVISORY.hurricaneForceKt) return "hurricane_force"
  if (w >= ADVISORY.stormKt) return "storm"
  if (w >= ADVISORY.galeKt) return "gale"
  const seas = seasFt(day)
  return w >= ADVISORY.smallCraftKt || (seas !== undefined && seas >= ADVISORY.smallCraftSeasFt) ? "small_craft" : undefined
}
