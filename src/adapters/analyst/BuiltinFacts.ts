import type { DayAssessment } from "../../domain/safety/Assessment.js"
import { isPolarNight } from "../../domain/safety/DarknessRule.js"
import type { DayConditions } from "../../domain/weather/DayConditions.js"
import type { Preferences } from "../../domain/spotcast/Preferences.js"
import { sprayIcingOf } from "../../domain/safety/FreezingSprayRule.js"
import { thunderstormSignal } from "../../domain/safety/PrecipitationRules.js"
import { seasFt } from "../../domain/safety/SeaRules.js"
import { visibilityGrade } from "../../domain/safety/VisibilityRule.js"
import { UNIVERSAL } from "../../domain/safety/Thresholds.js"
import type { Vessel } from "../../domain/spotcast/Vessel.js"
import { packFor } from "./i18n/Packs.js"
import type { CalendarDay, Compass, DayFacts, Hazard, Pack } from "./i18n/Pack.js"
import { rainRateUnitFor } from "../../domain/forecast/DisplayUnits.js"
import * as Units from "./Units.js"


/** The order hazards are named in, most alarming first, whatever order the rules listed them in. */
const hazardOrder: ReadonlyArray<Hazard> = [
  "thunderstorm", "darkness", "freezing_spray", "wind", "gust", "seas", "steep_seas", "wind_against_current", "visibility", "precipitation",
  "cold_water", "sea_state_unavailable"
]

/** The engine's own rule for seas (the higher of wave and swell height), so text and class agree. */
export { seasFt }

export const compassOf = (degrees: number): Compass =>
  (Math.round((((degrees % 360) + 360) % 360) / 45) % 8) as Compass

/** A reading that says nothing: no chance of rain and no rain is not a fact worth writing (issue 11). */
const nonZero = (value: number | undefined, q: (v: number) => Units.Quantity): number | undefined =>
  value === undefined || q(value).amount === 0 ? undefined : value

/**
 * The day's readings in the requested units, written the way the language writes quantities, with the
 * words the rules' numbers call for (the visibility's IMO/WMO term, freezing spray, darkness). A rain
 * chance or rate that rounds to zero is left out.
 */
export const factsOf = (c: DayConditions, preferences: Preferences): DayFacts => {
  const { distanceUnits: d, heightUnits: h, language: l, speedUnits: s, temperatureUnits: t } = preferences
  const r = rainRateUnitFor(t)
  const pack = packFor(l)
  const say = (q: Units.Quantity) => pack.quantity(q)
  const opt = <K extends keyof DayFacts>(key: K, value: number | undefined, q: (v: number) => Units.Quantity) =>
    value === undefined ? {} : { [key]: say(q(value)) } as Pick<DayFacts, K>
  const seas = seasFt(c)
  const spray = sprayIcingOf(c)
  // Seas estimated from wind and fetch (a lake) say so wherever their height is quoted.
  const height = (v: number) => c.waves_estimated === true ? pack.estimated(say(Units.height(v, h, l))) : say(Units.height(v, h, l))
  return {
    wind: say(Units.speed(c.wind_speed_kt, s, l)),
    gust: say(Units.speed(c.wind_gust_kt, s, l)),
    from: compassOf(c.wind_direction_deg),
    ...(seas === undefined ? {} : { seas: height(seas) }),
    ...(c.wave_height_ft === undefined ? {} : { wave: height(c.wave_height_ft) }),
    ...opt("wavePeriod", c.wave_period_s, (v) => Units.seconds(v, l)),
    ...opt("swell", c.swell_height_ft, (v) => Units.height(v, h, l)),
    ...opt("swellPeriod", c.swell_period_s, (v) => Units.seconds(v, l)),
    ...opt("visibility", c.visibility_nm, (v) => Units.distance(v, d, l)),
    ...(c.visibility_nm === undefined ? {} : { visibilityGrade: visibilityGrade(c.visibility_nm) }),
    ...opt("rainChance", nonZero(c.precipitation_probability_pct, (v) => Units.percent(v, l)), (v) => Units.percent(v, l)),
    ...opt("rainRate", nonZero(c.precipitation_mm_per_h, (v) => Units.rainRate(v, r, l)), (v) => Units.rainRate(v, r, l)),
    ...opt("air", c.air_temp_c, (v) => Units.temperature(v, t, l)),
    ...opt("water", c.water_temp_c, (v) => Units.temperature(v, t, l)),
    ...(spray === "none" ? {} : { spray }),
    ...(isPolarNight(c.daylight_hours) ? { polarNight: true } : {}),
    // Whole hours, rounded up: the window is whole hours and sunset rarely falls on one.
    ...(c.dark_hours !== undefined && c.dark_hours > 0 ? { darkHours: Math.ceil(c.dark_hours) } : {}),
    // The text must say it was the instability, not a forecast storm, that raised the factor.
    ...(thunderstormSignal(c) === "cape" ? { squallCape: `${Units.formatNumber(c.cape_j_per_kg!, l, 0)} J/kg` } : {})
  }
}

/** A hazard whose phrase already carries another's number: thunderstorms quote the gust, steep seas the height. */
const covers: Partial<Record<Hazard, Hazard>> = { thunderstorm: "gust", steep_seas: "seas" }

/**
 * The hazards the rules found: `deciding` gave the day its class, `other` are milder ones worth naming
 * (CAUTION factors on an AVOID day). GO-level reasons are not hazards. A hazard another one already
 * quotes is not named twice.
 */
export const hazardsOf = (day: DayAssessment): { readonly deciding: Array<Hazard>; readonly other: Array<Hazard> } => {
  const at = (pick: (cls: DayAssessment["classification"]) => boolean) =>
    hazardOrder.filter((h) => day.reasons.some((r) => r.factor === h && r.classification !== "GO" && pick(r.classification)))
  const deciding = day.classification === "GO" ? [] : at((cls) => cls === day.classification)
  const covered = new Set(deciding.flatMap((h) => covers[h] ?? []))
  const other = at((cls) => cls !== day.classification).filter((h) => !deciding.includes(h))
  const otherCovered = new Set(other.flatMap((h) => covers[h] ?? []))
  return {
    deciding: deciding.filter((h) => !covered.has(h)),
    other: other.filter((h) => !covered.has(h) && !otherCovered.has(h))
  }
}

/** Wave data absent: the text must say the sea state is unknown, never imply calm. */
export const seaStateMissing = (day: DayAssessment): boolean => day.conditions.wave_height_ft === undefined

export const hasLightAir = (day: DayAssessment, vessel: Vessel): boolean =>
  vessel.type === "sailboat" &&
  (day.conditions.wind_speed_kt < UNIVERSAL.lightAirKt || day.reasons.some((r) => r.factor === "light_air"))

export const calendarDay = (date: string): CalendarDay | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (match === null) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const utc = new Date(Date.UTC(year, month - 1, day))
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return undefined
  return { year, month, day, weekday: utc.getUTCDay() }
}

/** The date as the language writes it ("martes 3 de junio"), or as given when it is not a calendar date. */
export const dateText = (date: string, pack: Pack): string => {
  const day = calendarDay(date)
  return day === undefined ? date : pack.date(day)
}

/** A height (ft) in the units the text gives heights in: the one door to `Units.height` for the day texts. */
export const heightOf = (ft: number, preferences: Preferences): Units.Quantity => Units.height(ft, preferences.heightUnits, preferences.language)

/** The vessel as the text names it, its length in the units heights are given in. */
export const vesselText = (vessel: Vessel, given: boolean, preferences: Preferences): string => {
  const pack = packFor(preferences.language)
  const length = pack.quantity(Units.height(vessel.lengthFt, preferences.heightUnits, preferences.language))
  return pack.vessel(vessel.type, length, given)
}
