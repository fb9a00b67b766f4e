import type { Classification } from "../forecast/Analysis.js"
import { converterFor, displayUnits } from "../forecast/DisplayUnits.js"
import { clockText, dateText, sameLocalDate, type WallClock, wallClockAt, zoneText } from "../forecast/LocalClock.js"
import type { DayConditions } from "../weather/DayConditions.js"
import { isKnownZone, type ZoneOrOffset } from "../time/ZoneTime.js"
import type { RouteAnalysis } from "./Route.js"
import type { Language, Preferences } from "../spotcast/Preferences.js"
import { type RouteUnit, type RouteWords, routeWords } from "./RouteWords.js"

/**
 * The route's texts in the six languages: the passage summary, each leg's and the best departure's
 * reason. Numbers go through the one display converter (`displayUnits`, as every SpotCast number), so
 * a route and a SpotCast with the same preferences speak the same units. Times are in the route's local
 * time (its departure's zone), named once per text, on each language's clock (`LocalClock`). Classes are
 * the language's class words in prose; the API's `classification` fields keep GO / CAUTION / AVOID.
 */

/**
 * Where the text's times are read: the zone of the route's departure, by its IANA name when known (each
 * time at the offset the zone has then), else the departure's offset.
 */
export interface TextZone {
  readonly utcOffsetSeconds: number
  readonly timezone?: string | undefined
}

/** The zone a text's wall clocks are read in. */
const clockZone = (zone: TextZone): ZoneOrOffset =>
  zone.timezone !== undefined && isKnownZone(zone.timezone) ? zone.timezone : zone.utcOffsetSeconds

/**
 * The zone of a route's texts from its analysis: the first sample's (the departure's) offset, read
 * from its `eta_local`, and IANA name. An analysis stored before local times existed reads as UTC.
 */
export const routeZone = (analysis: Pick<RouteAnalysis, "samples">): TextZone => {
  const first = analysis.samples[0]
  const offset = first?.eta_local === undefined ? undefined : /([+-])(\d{2}):(\d{2})$/.exec(first.eta_local)
  const utcOffsetSeconds = offset === undefined || offset === null
    ? 0
    : (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 3600 + Number(offset[3]) * 60)
  return first?.time_zone === undefined ? { utcOffsetSeconds } : { utcOffsetSeconds, timezone: first.time_zone }
}

/** An instant as the local wall clock of `zone`, `YYYY-MM-DDTHH:MM` (to the nearest minute, as the texts say it). */
export const localMinute = (utcMillis: number, zone: TextZone): string => {
  const c = wallClockAt(utcMillis, clockZone(zone))
  const p = (n: number) => String(n).padStart(2, "0")
  return `${c.year}-${p(c.month)}-${p(c.day)}T${p(c.hour)}:${p(c.minute)}`
}

const decimalComma: Record<Language, boolean> = { en: false, es: true, fr: true, pt: true, it: true, ja: false }

const round1 = (x: number) => {
  const r = Math.round(x * 10) / 10
  return Object.is(r, -0) ? 0 : r
}
const digits = (value: number, language: Language) => {
  const text = String(round1(value))
  return decimalComma[language] ? text.replace(".", ",") : text
}

/** The requested units' quantities as the language writes them, each to one decimal. */
interface Say {
  readonly speed: (kt: number) => string
  readonly distance: (nm: number) => string
  readonly height: (ft: number) => string
  readonly hours: (h: number) => string
}

const sayFor = (preferences: Preferences, words: RouteWords): Say => {
  const units = displayUnits(preferences)
  const convert = converterFor(units)
  const q = (value: number, unit: RouteUnit) => words.quantity(digits(value, preferences.language), words.unit(unit, round1(value)))
  return {
    speed: (kt) => q(convert.speed(kt), units.speed),
    distance: (nm) => q(convert.distance(nm), units.distance),
    height: (ft) => q(convert.height(ft), units.height),
    hours: (h) => words.duration(digits(h, preferences.language), round1(h))
  }
}

const clockOf = (language: Language, c: WallClock) => clockText(language, c.hour, c.minute)

/** "Wednesday 25 November at 11:00", or "at 17:06" when `after` is on the same local date. */
const when = (language: Language, words: RouteWords, c: WallClock, after?: WallClock): string =>
  after !== undefined && sameLocalDate(c, after)
    ? words.atTime(clockOf(language, c), c.hour)
    : words.at(dateText(language, c), clockOf(language, c), c.hour)

export interface PassageFacts {
  readonly totalNm: number
  readonly legs: number
  readonly speedKts: number
  readonly departureMillis: number
  readonly arrivalMillis: number
  readonly durationHours: number
  /** The departure's zone: every time of the summary is read there. */
  readonly zone: TextZone
  readonly classification: Classification
  /** 1-based number of the worst leg and its deciding factor (null when the passage is GO). */
  readonly worstLeg: number
  readonly worstFactor: string | null
}

/** The factors a leg's conditions already show by their readings. */
const shownFactors: ReadonlySet<string> = new Set(["wind", "gust", "seas"])

const factorName = (words: RouteWords, factor: string | null): string => (factor === null ? "" : words.factors[factor] ?? factor)

/** The class words of a language, as its prose writes them (`GO`, `PRUDENCE`, `出航見合わせ`…). */
export const classWordOf = (language: Language, classification: Classification): string =>
  routeWords[language].classWord[classification]

export const passageSummary = (preferences: Preferences, facts: PassageFacts): string => {
  const { language } = preferences
  const words = routeWords[language]
  const say = sayFor(preferences, words)
  const dep = wallClockAt(facts.departureMillis, clockZone(facts.zone))
  const arr = wallClockAt(facts.arrivalMillis, clockZone(facts.zone))
  const head = words.passage({
    distance: say.distance(facts.totalNm),
    legs: facts.legs,
    speed: say.speed(facts.speedKts),
    dep: when(language, words, dep),
    arr: when(language, words, arr, dep),
    hours: say.hours(facts.durationHours),
    zone: zoneText(facts.zone),
    cls: words.classWord[facts.classification]
  })
  return head + (facts.worstFactor === null ? words.calm : words.worst({ leg: facts.worstLeg, factor: factorName(words, facts.worstFactor) }))
}

export const legSummary = (
  preferences: Preferences,
  leg: {
    readonly classification: Classification
    readonly worst: DayConditions
    readonly night: boolean
    /** The factor that decided the leg's class (null when GO). */
    readonly worstFactor?: string | null | undefined
  }
): string => {
  const words = routeWords[preferences.language]
  const say = sayFor(preferences, words)
  const seasFt = leg.worst.wave_height_ft
  // A factor the readings below do not show (visibility, rain, cold water…) is named after the class word.
  const factor = leg.worstFactor === null || leg.worstFactor === undefined || shownFactors.has(leg.worstFactor) ||
      (leg.worstFactor === "darkness" && leg.night)
    ? undefined
    : factorName(words, leg.worstFactor)
  const text = words.legHead(
    words.classWord[leg.classification],
    words.conditions({
      wind: say.speed(leg.worst.wind_speed_kt),
      gust: say.speed(leg.worst.wind_gust_kt),
      seas: seasFt === undefined ? undefined : say.height(seasFt)
    }),
    factor
  )
  return leg.night ? words.legNight(text) : text
}

/** The summary's sentence when every candidate departure is AVOID and none is recommended. */
export const noneRecommendedText = (preferences: Preferences, candidates: number): string => {
  const words = routeWords[preferences.language]
  return words.noneRecommended(candidates, words.classWord.AVOID)
}

/**
 * The best departure's sentence for the summary (its time in the summary's zone, the date said again
 * only when it is not the requested departure's) and its reason.
 */
export const bestDepartureText = (
  preferences: Preferences,
  best: { readonly departureMillis: number; readonly classification: Classification; readonly maxWindKt: number; readonly offsetHours: number },
  requested: { readonly classification: Classification; readonly worstFactor: string | null; readonly departureMillis: number; readonly zone: TextZone }
): { readonly sentence: string; readonly reason: string } => {
  const { language } = preferences
  const words = routeWords[language]
  const say = sayFor(preferences, words)
  const reason = best.offsetHours === 0
    ? words.bestReason.requested
    : best.classification !== requested.classification
    ? words.bestReason.safer({ requested: words.classWord[requested.classification], factor: factorName(words, requested.worstFactor) })
    : words.bestReason.calmer({ wind: say.speed(best.maxWindKt) })
  const dep = wallClockAt(best.departureMillis, clockZone(requested.zone))
  const from = wallClockAt(requested.departureMillis, clockZone(requested.zone))
  return { sentence: words.best({ dep: when(language, words, dep, from), cls: words.classWord[best.classification] }), reason }
}
