import type { Classification } from "../../domain/forecast/Analysis.js"
import type { AnalystInput } from "../../ports/Analyst.js"
import { factsOf, hasLightAir, hazardsOf, seaStateMissing, vesselText } from "./BuiltinFacts.js"
import { compact } from "./i18n/Grammar.js"
import type { DayAssessment } from "../../domain/safety/Assessment.js"
import { isPolarNight } from "../../domain/safety/DarknessRule.js"
import { UNIVERSAL } from "../../domain/safety/Thresholds.js"
import { windowOffered } from "../../domain/safety/TripWindowChoice.js"
import type { DayFacts, Hazard, Pack, Tip, WindowHours } from "./i18n/Pack.js"
import { packFor } from "./i18n/Packs.js"
import { noteTexts } from "./TimelineNotes.js"

const windOrSea: ReadonlyArray<Hazard> = ["thunderstorm", "wind", "gust", "seas", "steep_seas", "wind_against_current"]
const tips: ReadonlyArray<Tip> = ["darkness", "freezing_spray", "visibility", "precipitation", "cold_water"]

/**
 * What to advise. GO and AVOID: the vessel's own advice. CAUTION: the vessel's advice when wind or sea
 * decided it, and a tip for each other deciding factor (fog, rain, cold water). On a sailboat's light-air
 * day the light-air note replaces "a good day to sail" and "reef early".
 */
const adviceFor = (cls: Classification, deciding: ReadonlyArray<Hazard>, lightAir: boolean): ReadonlyArray<"vessel" | Tip> => {
  if (cls === "AVOID") return ["vessel"]
  if (cls === "GO") return lightAir ? [] : ["vessel"]
  const vessel = !lightAir && deciding.some((h) => windOrSea.includes(h))
  return [...(vessel ? ["vessel" as const] : []), ...tips.filter((t) => deciding.includes(t))]
}

/**
 * How the window's hours are named: a "best window" only when the rules offer it (`windowOffered`:
 * never on an AVOID day, in the dark, in a polar night or before the issue time), and never "daylight
 * hours" when there is no daylight.
 */
const windowLabel = (day: DayAssessment, chosen: boolean): WindowHours["label"] => {
  const polar = isPolarNight(day.conditions.daylight_hours)
  const dark = (day.conditions.dark_hours ?? 0) > 0 || polar
  if (!chosen) return polar ? "wholeDay" : dark ? "trip" : "daylight"
  return windowOffered(day) ? "best" : "trip"
}

/** Cold water below 15 °C is named for every vessel, cold air below 0 °C too, unless a hazard already says so. */
const coldNotes = (day: DayAssessment, named: ReadonlyArray<Hazard>, pack: Pack, facts: DayFacts): ReadonlyArray<string | undefined> => {
  const c = day.conditions
  const water = c.water_temp_c !== undefined && c.water_temp_c < UNIVERSAL.coldWaterC &&
      !named.includes("cold_water") && !named.includes("freezing_spray")
    ? pack.coldWaterNote(facts.water!)
    : undefined
  const air = c.air_temp_c !== undefined && c.air_temp_c < UNIVERSAL.freezingAirC && !named.includes("freezing_spray")
    ? pack.coldAir(facts.air!)
    : undefined
  return [water, air]
}

/**
 * The text of day `dayIndex` of the input, in the requested language and units: the simulated notice
 * (sandbox), the rules' class and the hazards that decided it, the trip window with every reading, then
 * the notes (sea state unknown, worse outside the window, light air) and advice for the vessel type.
 * It states the rules' class and never another one.
 */
export const writeDay = (input: AnalystInput, dayIndex: number): string => {
  const day = input.days[dayIndex]
  if (day === undefined) throw new RangeError(`no day ${dayIndex} in an input of ${input.days.length} days`)
  const pack = packFor(input.preferences.language)
  const facts = factsOf(day.conditions, input.preferences)
  const name = (hazards: ReadonlyArray<Hazard>) =>
    hazards.length === 0 ? undefined : pack.list(hazards.map((h) => pack.hazard[h](facts)))
  const { deciding, other } = hazardsOf(day)
  const alsoWatch = name(other)
  const worse = [...new Set(day.worseOutsideWindow)].map((f) => pack.worse[f])
  const lightAir = hasLightAir(day, input.vessel)
  const advice = adviceFor(day.classification, deciding, lightAir).map((a) =>
    a === "vessel"
      ? pack.advice[input.vessel.type][day.classification]
      : a === "visibility"
      ? pack.visibilityTip[facts.visibilityGrade === undefined || facts.visibilityGrade === "good" ? "poor" : facts.visibilityGrade]
      : pack.tip[a]
  )
  return compact([
    input.simulated ? pack.simulatedNotice : undefined,
    pack.verdict(day.classification, vesselText(input.vessel, input.vesselGiven, input.preferences), name(deciding)),
    alsoWatch === undefined ? undefined : pack.alsoWatch(alsoWatch),
    pack.conditions(
      { start: day.window.startHour, end: day.window.endHour, label: windowLabel(day, input.tripDurationHours !== undefined) },
      facts
    ),
    seaStateMissing(day) ? pack.seaStateUnavailable : undefined,
    day.conditions.visibility_nm === undefined ? pack.visibilityUnavailable : undefined,
    ...coldNotes(day, [...deciding, ...other], pack, facts),
    ...noteTexts(input, dayIndex),
    worse.length === 0 ? undefined : pack.worseOutside(pack.list(worse)),
    lightAir ? pack.lightAir(facts.wind) : undefined,
    ...advice
  ], pack.gap)
}
