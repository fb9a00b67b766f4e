import type { Classification } from "../../../domain/forecast/Analysis.js"
import type { Factor } from "../../../domain/safety/Assessment.js"
import type { VesselType } from "../../../domain/spotcast/Vessel.js"
import type { Quantity } from "../Units.js"

/** The factors that can raise a day's class (an unknown sea state can); light air and cold air are notes. */
export type Hazard = Exclude<Factor, "light_air" | "cold_air">

export type Tip = "visibility" | "precipitation" | "cold_water" | "darkness" | "freezing_spray"

/** IMO/WMO visibility terms: good over 5 nm, moderate 2-5, poor 0.5-2, fog under 0.5 (docs/safety.md). */
export type VisibilityGrade = "good" | "moderate" | "poor" | "fog"

/** 0 = north, then clockwise in steps of 45°: where the wind blows from. */
export type Compass = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7

export type Eight<A> = readonly [A, A, A, A, A, A, A, A]

/** One day's readings, each already written as a quantity of the language ("16,3 nudos"). */
export interface DayFacts {
  readonly wind: string
  readonly gust: string
  readonly from: Compass
  /** The higher of wave and swell height. */
  readonly seas?: string
  readonly wave?: string
  readonly wavePeriod?: string
  readonly swell?: string
  readonly swellPeriod?: string
  readonly visibility?: string
  /** The IMO/WMO term for the visibility, so the words match the number. */
  readonly visibilityGrade?: VisibilityGrade
  readonly rainChance?: string
  readonly rainRate?: string
  readonly air?: string
  readonly water?: string
  /** Freezing spray the day holds (Overland's category), when any. */
  readonly spray?: "light" | "moderate" | "heavy"
  /** A day with no daylight at all. */
  readonly polarNight?: boolean
  /** Whole hours of the trip window outside daylight, when any. */
  readonly darkHours?: number
  /** The CAPE ("1850 J/kg") when instability, not a forecast storm, made the thunderstorm factor: a squall risk. */
  readonly squallCape?: string
}

export interface CalendarDay {
  readonly year: number
  /** 1-12 */
  readonly month: number
  readonly day: number
  /** 0 = Sunday */
  readonly weekday: number
}

/**
 * How the trip window's hours are named: `daylight` (all daylight, no trip duration), `best` (the best
 * window of a trip duration), `trip` (named neutrally: an AVOID day or a trip that runs into darkness,
 * never offered as a "best window", issue 11), `wholeDay` (no daylight at all, no duration).
 */
export type WindowLabel = "daylight" | "best" | "trip" | "wholeDay"

export interface Range {
  readonly lo: Quantity
  readonly hi: Quantity
}

/**
 * Everything the built-in analyst says, for one language. Each language writes its own sentences
 * (word order, agreement, plurals, typography); the analyst only chooses which ones to say.
 */
export interface Pack {
  /** Between two sentences ("" in Japanese). */
  readonly gap: string
  readonly classWord: Readonly<Record<Classification, string>>
  readonly compass: Eight<string>
  readonly quantity: (q: Quantity) => string
  readonly list: (items: ReadonlyArray<string>) => string
  readonly date: (day: CalendarDay) => string
  /** The vessel as named in a sentence ("your 22 ft sailboat"); `length` is already a quantity. */
  readonly vessel: (type: VesselType, length: string, given: boolean) => string

  /** The day's first sentence: its class for this vessel and, when any, the hazards that decided it. */
  readonly verdict: (cls: Classification, vessel: string, deciding: string | undefined) => string
  readonly alsoWatch: (hazards: string) => string
  readonly hazard: Readonly<Record<Hazard, (facts: DayFacts) => string>>
  readonly seaStateUnavailable: string
  /** No visibility in the forecast: not assessed, said so. */
  readonly visibilityUnavailable: string
  /** What gets worse outside the window, as a noun phrase per factor. */
  readonly worse: Readonly<Record<Factor, string>>
  readonly lightAir: (wind: string) => string
  readonly advice: Readonly<Record<VesselType, Readonly<Record<Classification, string>>>>
  /** Advice for a CAUTION day that neither wind nor sea decided (visibility: see visibilityTip). */
  readonly tip: Readonly<Record<Exclude<Tip, "visibility">, string>>
  readonly visibilityTip: Readonly<Record<Exclude<VisibilityGrade, "good">, string>>
  /** Cold water (below 15 °C) named for a vessel the rules only note it for. */
  readonly coldWaterNote: (water: string) => string
  /** Air below 0 °C. */
  readonly coldAir: (air: string) => string
  readonly simulatedNotice: string

  readonly outlook: (days: number, vessel: string, counts: string) => string
  readonly count: (cls: Classification, days: number) => string
  readonly best: (date: string, cls: Classification, drivers: string) => string
  readonly worst: (date: string, cls: Classification, drivers: string) => string
  readonly onlyDay: (date: string, cls: Classification, drivers: string) => string
  /** What a day without hazards is like, in a few numbers. */
  readonly calm: (facts: DayFacts) => string
  readonly spread: (wind: Range, gustMax: Quantity, seas: Range | undefined) => string
  readonly seaStateMissing: (dates: ReadonlyArray<string>) => string
  /** A sea height estimated from wind and fetch (lakes), not a marine model's: "1.3 ft (estimated)". */
  readonly estimated: (height: string) => string
}
