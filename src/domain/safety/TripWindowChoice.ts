import { Either } from "effect"
import { severityOf } from "../classification/Classification.js"
import type { DayAssessment, TripWindow } from "./Assessment.js"
import { isPolarNight } from "./DarknessRule.js"
import type { DayConditions } from "../weather/DayConditions.js"
import type { Vessel } from "../spotcast/Vessel.js"
import { classifyDay, type DayClass } from "./ClassifyDay.js"
import { darkHoursIn, type SunSpan, sunHours } from "./Daylight.js"
import { type DaySlots, hoursIn, windHoursIn } from "./LocalDays.js"
import { reduceHours } from "./ReduceHours.js"
import { seasFt } from "./SeaRules.js"

export interface WindowChoice {
  readonly window: TripWindow
  readonly conditions: DayConditions
  readonly judged: DayClass
}

/**
 * The windows a trip may use, in whole local hours, none starting before `earliestHour` (the forecast's
 * issue time on its first date). Without a duration: all the whole hours between sunrise and sunset
 * (the rest of the day when not one whole hour of daylight is left). A trip that fits between sunrise
 * and sunset: every run of that many hours inside it. A longer trip (or none fits): every run of that
 * length, capped at the hours left in the day, with the most daylight.
 */
export const candidateWindows = (
  sun: SunSpan,
  durationHours: number | undefined,
  earliestHour = 0
): ReadonlyArray<TripWindow> => {
  const earliest = Math.max(0, Math.min(23, earliestHour))
  const lit = { start: Math.max(Math.ceil(sun.start), earliest), end: Math.floor(sun.end) }
  const fitsAny = lit.end > lit.start
  if (durationHours === undefined) {
    return [fitsAny ? { startHour: lit.start, endHour: lit.end } : { startHour: earliest, endHour: 24 }]
  }
  const d = Math.max(1, Math.min(24 - earliest, Math.floor(durationHours)))
  if (fitsAny && lit.end - lit.start >= d) {
    const inside: Array<TripWindow> = []
    for (let s = lit.start; s + d <= lit.end; s++) inside.push({ startHour: s, endHour: s + d })
    return inside
  }
  let most = -1
  const windows: Array<TripWindow> = []
  for (let s = earliest; s + d <= 24; s++) {
    const light = d - darkHoursIn(sun, s, s + d)
    if (light > most + 1e-9) {
      most = light
      windows.length = 0
    }
    if (Math.abs(light - most) <= 1e-9) windows.push({ startHour: s, endHour: s + d })
  }
  return windows
}

/**
 * The window's conditions with the daylight facts the darkness rule reads: how long the sun is up on
 * the date and how much of the window lies outside sunrise–sunset, both in hours to the minute.
 */
export const withDaylight = (conditions: DayConditions, sun: SunSpan, window: TripWindow): DayConditions =>
  // Object.assign, not `{ ...conditions, more }`: Node 20 builds a spread object with added fields ~20× slower.
  Object.assign({}, conditions, {
    daylight_hours: sunHours(sun),
    dark_hours: darkHoursIn(sun, window.startHour, window.endHour)
  })

type Ranked = WindowChoice & { readonly key: ReadonlyArray<number> }

const compareKeys = (a: ReadonlyArray<number>, b: ReadonlyArray<number>): number => {
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!
    if (d !== 0) return d
  }
  return 0
}

/**
 * The best window: the least severe class, then the fewest hours without wind data, then the calmest
 * (lowest sustained wind, gust, seas; unknown seas last), then the earliest. A window qualifies only if
 * at least half its hours have a sustained wind reading; Left when none does.
 */
export const chooseWindow = (
  slots: DaySlots,
  sun: SunSpan,
  durationHours: number | undefined,
  vessel: Vessel,
  earliestHour = 0
): Either.Either<WindowChoice, string> => {
  let best: Ranked | undefined
  for (const window of candidateWindows(sun, durationHours, earliestHour)) {
    const length = window.endHour - window.startHour
    const withWind = windHoursIn(slots, window.startHour, window.endHour)
    if (withWind * 2 < length) continue
    const reduced = reduceHours(hoursIn(slots, window.startHour, window.endHour))
    if (Either.isLeft(reduced)) continue
    const conditions = withDaylight(reduced.right, sun, window)
    const judged = classifyDay(conditions, vessel)
    const key = [
      severityOf(judged.classification),
      length - withWind,
      conditions.wind_speed_kt,
      conditions.wind_gust_kt,
      seasFt(conditions) ?? Number.POSITIVE_INFINITY,
      window.startHour
    ]
    if (best === undefined || compareKeys(key, best.key) < 0) best = { window, conditions, judged, key }
  }
  return best === undefined
    ? Either.left("not enough wind data in any trip window (at least half its hours need a reading)")
    : Either.right({ window: best.window, conditions: best.conditions, judged: best.judged })
}

/**
 * Whether a day's window may be offered as a best time: never on an AVOID day, never with any of it
 * outside sunrise–sunset or in a polar night, never on a date already over when the forecast was issued
 * (a window never starts before the issue time: `chooseWindow`'s earliest hour).
 */
export const windowOffered = (day: Pick<DayAssessment, "classification" | "conditions" | "windowPast">): boolean =>
  day.classification !== "AVOID" &&
  day.windowPast !== true &&
  !((day.conditions.dark_hours ?? 0) > 0) &&
  !isPolarNight(day.conditions.daylight_hours)
