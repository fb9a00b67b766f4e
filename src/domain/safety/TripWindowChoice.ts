import { Either } from "effect"
import { severityOf } from "../forecast/Analysis.js"
import type { TripWindow } from "./Assessment.js"
import type { DayConditions } from "./DayConditions.js"
import type { Vessel } from "../spotcast/Vessel.js"
import { classifyDay, type DayClass } from "./ClassifyDay.js"
import type { HourSpan } from "./Daylight.js"
import { type DaySlots, hoursIn, windHoursIn } from "./LocalDays.js"
import { reduceHours } from "./ReduceHours.js"
import { seasFt } from "./SeaRules.js"

export interface WindowChoice {
  readonly window: TripWindow
  readonly conditions: DayConditions
  readonly judged: DayClass
}

/**
 * The windows a trip may use. Without a duration: all daylight (the whole day in a polar night). A
 * trip that fits in daylight: every run of that many hours inside it. A longer trip (or any trip in a
 * polar night): every run of that length, capped at 24 h, that contains all the daylight there is.
 */
export const candidateWindows = (daylight: HourSpan, durationHours: number | undefined): ReadonlyArray<TripWindow> => {
  const dark = daylight.end <= daylight.start
  if (durationHours === undefined) {
    return [dark ? { startHour: 0, endHour: 24 } : { startHour: daylight.start, endHour: daylight.end }]
  }
  const d = Math.max(1, Math.min(24, Math.floor(durationHours)))
  const fits = !dark && daylight.end - daylight.start >= d
  const windows: Array<TripWindow> = []
  for (let s = 0; s + d <= 24; s++) {
    const inside = s >= daylight.start && s + d <= daylight.end
    const covers = s <= daylight.start && s + d >= daylight.end
    if (fits ? inside : dark || covers) windows.push({ startHour: s, endHour: s + d })
  }
  return windows
}

/**
 * The window's conditions with the daylight facts the darkness rule reads: the date's whole hours of
 * daylight and how many of the window's hours lie outside them.
 */
export const withDaylight = (conditions: DayConditions, daylight: HourSpan, window: TripWindow): DayConditions => {
  const light = Math.max(0, daylight.end - daylight.start)
  const overlap = Math.max(0, Math.min(window.endHour, daylight.end) - Math.max(window.startHour, daylight.start))
  // Object.assign, not `{ ...conditions, more }`: Node 20 builds a spread object with added fields ~20× slower.
  return Object.assign({}, conditions, { daylight_hours: light, dark_hours: window.endHour - window.startHour - (light === 0 ? 0 : overlap) })
}

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
  daylight: HourSpan,
  durationHours: number | undefined,
  vessel: Vessel
): Either.Either<WindowChoice, string> => {
  let best: Ranked | undefined
  for (const window of candidateWindows(daylight, durationHours)) {
    const length = window.endHour - window.startHour
    const withWind = windHoursIn(slots, window.startHour, window.endHour)
    if (withWind * 2 < length) continue
    const reduced = reduceHours(hoursIn(slots, window.startHour, window.endHour))
    if (Either.isLeft(reduced)) continue
    const conditions = withDaylight(reduced.right, daylight, window)
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
