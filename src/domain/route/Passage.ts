import type { Coordinates } from "../spotcast/Coordinates.js"
import { distanceNm, intermediatePoint } from "./GreatCircle.js"

/** Samples are at most this far apart along the route (nautical miles). */
export const MAX_SAMPLE_SPACING_NM = 10

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

export interface PlannedLeg {
  readonly index: number
  readonly from: Coordinates
  readonly to: Coordinates
  readonly distanceNm: number
  /** Distance from the departure to the leg's start. */
  readonly startNm: number
}

export interface PlannedSample {
  readonly leg: number
  readonly position: Coordinates
  /** Distance from the departure along the route. */
  readonly distanceNm: number
  /** Hours after the departure the vessel is expected here (distance ÷ speed). */
  readonly hours: number
}

export interface Passage {
  readonly legs: ReadonlyArray<PlannedLeg>
  /** In order along the route; the first is the departure point and the last the arrival point. */
  readonly samples: ReadonlyArray<PlannedSample>
  readonly totalDistanceNm: number
  readonly durationHours: number
}

/**
 * The passage along great-circle legs: each leg cut into the fewest equal parts no longer than
 * MAX_SAMPLE_SPACING_NM, a sample at every cut (a waypoint joining two legs is sampled once, as the
 * end of the leg before it), each with its ETA offset at the planned speed.
 */
export const planPassage = (waypoints: ReadonlyArray<Coordinates>, speedKts: number): Passage => {
  const legs: Array<PlannedLeg> = []
  const samples: Array<PlannedSample> = []
  let travelled = 0
  for (let i = 0; i + 1 < waypoints.length; i++) {
    const from = waypoints[i]!
    const to = waypoints[i + 1]!
    const d = distanceNm(from, to)
    legs.push({ index: i, from, to, distanceNm: d, startNm: travelled })
    const parts = Math.max(1, Math.ceil(d / MAX_SAMPLE_SPACING_NM))
    for (let k = i === 0 ? 0 : 1; k <= parts; k++) {
      // The leg's end exactly as the next leg's start is computed, so ETAs never step back by a rounding.
      const along = k === parts ? travelled + d : travelled + (d * k) / parts
      samples.push({ leg: i, position: intermediatePoint(from, to, k / parts), distanceNm: along, hours: along / speedKts })
    }
    travelled += d
  }
  return { legs, samples, totalDistanceNm: travelled, durationHours: travelled / speedKts }
}

/** The legs longer than `maxNm`, by index. */
export const longLegs = (passage: Passage, maxNm: number): ReadonlyArray<PlannedLeg> =>
  passage.legs.filter((leg) => leg.distanceNm > maxNm)

/**
 * The candidate departures, as hours after the requested one: every hour of the window, or every
 * three hours when the window is longer than 24 hours; the window's end included. No window: only 0.
 */
export const candidateOffsets = (windowHours: number): ReadonlyArray<number> => {
  const step = windowHours > 24 ? 3 : 1
  const offsets: Array<number> = []
  for (let h = 0; h <= windowHours; h += step) offsets.push(h)
  return offsets
}

/** The last instant the route's forecast needs weather for: the last candidate departure's arrival. */
export const lastInstantMillis = (departureMillis: number, passage: Passage, windowHours: number): number => {
  const offsets = candidateOffsets(windowHours)
  return departureMillis + (offsets[offsets.length - 1]! + passage.durationHours) * HOUR_MS
}

/** How many calendar days (UTC) the passage and the departure window span, from the departure's day. */
export const spanDays = (departureMillis: number, passage: Passage, windowHours: number): number =>
  Math.floor(lastInstantMillis(departureMillis, passage, windowHours) / DAY_MS) - Math.floor(departureMillis / DAY_MS) + 1

/** Whether everything the forecast needs lies within the provider's horizon (its last day is today + horizonDays − 1, UTC). */
export const withinHorizon = (
  nowMillis: number,
  departureMillis: number,
  passage: Passage,
  windowHours: number,
  horizonDays: number
): boolean => {
  const endOfHorizon = (Math.floor(nowMillis / DAY_MS) + horizonDays) * DAY_MS
  return lastInstantMillis(departureMillis, passage, windowHours) < endOfHorizon
}

export const etaMillis = (departureMillis: number, sample: Pick<PlannedSample, "hours">): number =>
  departureMillis + Math.round(sample.hours * HOUR_MS)
