import { Either } from "effect"
import { type Classification, mostSevere, severityOf, worstOf } from "../forecast/Analysis.js"
import { classifyDay } from "../safety/ClassifyDay.js"
import type { DayConditions } from "../weather/DayConditions.js"
import { isPolarNight } from "../safety/DarknessRule.js"
import { daylightOn, sunHours, type SunSpan, sunSpan } from "../safety/Daylight.js"
import { memoized } from "../Memo.js"
import type { HourlyPoint } from "../weather/HourlyWeather.js"
import { reduceHours } from "../safety/ReduceHours.js"
import { fixedZone, isBareOffset, isKnownZone, localDateAt, wallHourOn } from "../time/ZoneTime.js"
import { profileOf } from "../safety/VesselProfile.js"
import type { Coordinates } from "../spotcast/Coordinates.js"
import type { Vessel } from "../spotcast/Vessel.js"
import { etaMillis, type Passage, type PlannedLeg, type PlannedSample } from "./Passage.js"

const HOUR_MS = 3_600_000

/**
 * The weather of one hour at a place, with the zone of the series it came from (its IANA zone when the
 * provider names one, else its one offset): the place's own zone, from the geography, is preferred
 * wherever the caller has it (`analyzeRoute`'s `zones`).
 */
export interface HourAt {
  readonly point: HourlyPoint
  readonly utcOffsetSeconds: number
  readonly timezone?: string | undefined
}

/** The zone of the series an hour came from: its named zone, else its one offset. */
export const seriesZoneOf = (hour: Pick<HourAt, "utcOffsetSeconds" | "timezone">): string =>
  hour.timezone !== undefined && isKnownZone(hour.timezone) ? hour.timezone : fixedZone(hour.utcOffsetSeconds)

/** The weather of the forecast hour nearest `utcMillis` at `position`, if the forecast has it. */
export type WeatherLookup = (position: Coordinates, utcMillis: number) => HourAt | undefined

export interface SampleReason {
  readonly factor: string
  readonly classification: Classification
  readonly detail: string
}

/**
 * Where a time is read locally: a zone (IANA, or a bare offset `+05:30` where none is known); the
 * offset is the zone's at each instant.
 */
export type LocalZone = string

/** The zone's IANA name for the API's `*_time_zone` fields (none for a bare offset). */
export const zoneNameOf = (zone: LocalZone): string | undefined => (isBareOffset(zone) ? undefined : zone)

export interface JudgedSample {
  readonly planned: PlannedSample
  readonly etaMillis: number
  readonly zone: LocalZone
  readonly daylight: boolean
  readonly classification: Classification
  /** Not-GO factors first, most severe first (as the safety engine orders them), then notes. */
  readonly reasons: ReadonlyArray<SampleReason>
  readonly conditions: DayConditions
}

/**
 * The light at `utcMillis` at `position`, by the safety engine's own daylight computation and polar-night
 * line (`DarknessRule`), so a SpotCast's hours and a route's samples agree about the same night.
 */
export type Light = "day" | "night" | "polar_night"

// A route asks for the same place and date at every candidate departure: kept by both (`memoized`).
const sunOn = memoized(16_384, (key: string): SunSpan => {
  const [latitude, longitude, zone, date] = key.split("|")
  return sunSpan(daylightOn(date!, { latitude: Number(latitude), longitude: Number(longitude) }, zone!))
})

export const lightAt = (position: Coordinates, utcMillis: number, zone: LocalZone | number): Light => {
  const name = typeof zone === "number" ? fixedZone(zone) : zone
  const date = localDateAt(name, utcMillis)
  const hour = wallHourOn(name, date, utcMillis)
  const sun = sunOn(`${position.latitude}|${position.longitude}|${name}|${date}`)
  if (isPolarNight(sunHours(sun))) return "polar_night"
  return hour >= sun.start && hour < sun.end ? "day" : "night"
}

/** Whether the sun is up at `utcMillis` at `position` (in its zone, or a fixed offset in seconds). */
export const isDaylight = (position: Coordinates, utcMillis: number, zone: LocalZone | number): boolean =>
  lightAt(position, utcMillis, zone) === "day"

/**
 * Darkness on the route, as issue 11's darkness rule for a SpotCast trip (`DarknessRule`): a passage
 * hour in the dark is a trip that does not fit in daylight, at least CAUTION for every vessel; on a date
 * with less than an hour of daylight (polar night) it is AVOID for an open boat under 26 ft. A person overboard is
 * hard to find and other craft hard to see at night (`uscg-navrules`, docs/safety.md).
 */
export const darknessReason = (light: Light, vessel: Vessel): ReadonlyArray<SampleReason> => {
  if (light === "day") return []
  if (light === "night") {
    return [{ factor: "darkness", classification: "CAUTION", detail: "at night: a passage in the dark is CAUTION" }]
  }
  return profileOf(vessel).openBoat
    ? [{ factor: "darkness", classification: "AVOID", detail: "less than an hour of daylight (polar night): AVOID for an open boat under 26 ft" }]
    : [{ factor: "darkness", classification: "CAUTION", detail: "less than an hour of daylight (polar night): CAUTION, navigate by night" }]
}

/**
 * One sample judged by the same rules as a SpotCast day, applied to the single hour the vessel is
 * there (so the hour's own readings are the "worst of the window"), plus darkness, in `zone` (the
 * sample point's own; the series' when not given).
 */
export const judgeSample = (
  planned: PlannedSample,
  eta: number,
  hour: HourAt,
  vessel: Vessel,
  zone: LocalZone = seriesZoneOf(hour)
): Either.Either<JudgedSample, string> =>
  Either.map(reduceHours([hour.point]), (conditions) => {
    const judged = classifyDay(conditions, vessel)
    const light = lightAt(planned.position, eta, zone)
    const daylight = light === "day"
    const dark = darknessReason(light, vessel)
    const reasons = [...judged.reasons, ...dark].sort((a, b) => severityOf(b.classification) - severityOf(a.classification))
    return {
      planned,
      etaMillis: eta,
      zone,
      daylight,
      classification: dark.reduce((c, r) => mostSevere(c, r.classification), judged.classification),
      reasons,
      conditions
    }
  })

/** The factor that made a sample's class, or null when GO. */
export const worstFactor = (sample: Pick<JudgedSample, "classification" | "reasons">): string | null =>
  sample.classification === "GO" ? null : sample.reasons.find((r) => r.classification === sample.classification)?.factor ?? null

/** The most severe sample, the first of equals (the earliest on the route). */
export const worstSample = <S extends { readonly classification: Classification }>(samples: ReadonlyArray<S>): S => {
  let worst = samples[0]!
  for (const s of samples) if (severityOf(s.classification) > severityOf(worst.classification)) worst = s
  return worst
}

/**
 * Every sample of the passage judged for a departure at `departureMillis`, each in its point's zone
 * (`zones`, by sample; the series' where absent); Left names the first gap in the weather.
 */
export const judgePassage = (
  passage: Passage,
  departureMillis: number,
  lookup: WeatherLookup,
  vessel: Vessel,
  zones?: ReadonlyArray<LocalZone>
): Either.Either<ReadonlyArray<JudgedSample>, string> => {
  const judged: Array<JudgedSample> = []
  for (let i = 0; i < passage.samples.length; i++) {
    const planned = passage.samples[i]!
    const eta = etaMillis(departureMillis, planned)
    const hour = lookup(planned.position, eta)
    if (hour === undefined) {
      return Either.left(`no weather for ${new Date(eta).toISOString()} at ${planned.position.latitude},${planned.position.longitude}`)
    }
    const sample = judgeSample(planned, eta, hour, vessel, zones?.[i])
    if (Either.isLeft(sample)) return Either.left(`${new Date(eta).toISOString()}: ${sample.left}`)
    judged.push(sample.right)
  }
  return Either.right(judged)
}

export interface JudgedLeg {
  readonly leg: PlannedLeg
  /** The samples of the leg, its start point included. */
  readonly samples: ReadonlyArray<JudgedSample>
  readonly worst: JudgedSample
  readonly classification: Classification
}

/** Each leg takes its worst sample (its start point, the previous leg's last sample, included). */
export const judgeLegs = (passage: Passage, samples: ReadonlyArray<JudgedSample>): ReadonlyArray<JudgedLeg> =>
  passage.legs.map((leg) => {
    const own = samples.filter((s) => s.planned.leg === leg.index)
    const before = leg.index === 0 ? [] : samples.filter((s) => s.planned.leg === leg.index - 1).slice(-1)
    const all = [...before, ...own]
    const worst = worstSample(all)
    return { leg, samples: all, worst, classification: worst.classification }
  })

/** The passage takes its worst leg. */
export const passageClass = (legs: ReadonlyArray<Pick<JudgedLeg, "classification">>): Classification =>
  worstOf(legs.map((l) => l.classification))

export interface DepartureRating {
  readonly offsetHours: number
  readonly departureMillis: number
  readonly arrivalMillis: number
  readonly classification: Classification
  readonly worstFactor: string | null
  /** Whether the sun is up when it leaves (at the first sample). */
  readonly departsInDaylight: boolean
  /** The strongest sustained wind and gust met on the way, for ranking equals. */
  readonly maxWindKt: number
  readonly maxGustKt: number
  /** The zones of the first sample (the departure) and the last (the arrival). */
  readonly departureZone: LocalZone
  readonly arrivalZone: LocalZone
}

export const rateDeparture = (
  offsetHours: number,
  departureMillis: number,
  passage: Passage,
  samples: ReadonlyArray<JudgedSample>
): DepartureRating => {
  const worst = worstSample(samples)
  return {
    offsetHours,
    departureMillis,
    arrivalMillis: departureMillis + Math.round(passage.durationHours * HOUR_MS),
    classification: worst.classification,
    worstFactor: worstFactor(worst),
    departsInDaylight: samples[0]!.daylight,
    maxWindKt: Math.max(...samples.map((s) => s.conditions.wind_speed_kt)),
    maxGustKt: Math.max(...samples.map((s) => s.conditions.wind_gust_kt)),
    departureZone: samples[0]!.zone,
    arrivalZone: samples[samples.length - 1]!.zone
  }
}

/**
 * The recommended departure: the least severe class, then one leaving in daylight (a departure in the
 * dark is never recommended while one in daylight rates the same class or better), then the lightest
 * strongest wind, then gust, then the earliest.
 */
export const bestDeparture = (ratings: ReadonlyArray<DepartureRating>): DepartureRating =>
  ratings.reduce((best, r) => {
    const key = (d: DepartureRating) => [severityOf(d.classification), d.departsInDaylight ? 0 : 1, d.maxWindKt, d.maxGustKt, d.offsetHours]
    const [a, b] = [key(r), key(best)]
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? r : best
    return best
  })

/** The departure to recommend: the best one, or none when every candidate is AVOID. */
export const recommendedDeparture = (ratings: ReadonlyArray<DepartureRating>): DepartureRating | undefined =>
  ratings.every((r) => r.classification === "AVOID") ? undefined : bestDeparture(ratings)
