import type { Classification } from "../forecast/Analysis.js"
import type { Language } from "../spotcast/Preferences.js"
import { type Quoted, quotedNumbers, type QuotedUnit } from "./QuotedNumbers.js"
import { wrongLanguage } from "./TextLanguage.js"
import { coveredBy, factorCues, notReassuring, reassuring } from "./TextFloorWords.js"

export type { QuotedUnit } from "./QuotedNumbers.js"

/** A number the facts give, in the units the client asked for and rounded as the facts round it. */
export interface FactReading {
  readonly value: number
  readonly unit: QuotedUnit
}

/**
 * What one text (a day's, or the overall summary) may say: the facts it was written from, in the
 * requested units, and what its class requires of it. Built by the analyst adapter, which owns units.
 */
export interface TextFacts {
  readonly language: Language
  /** Every reading, vessel length and direction, in the requested units. */
  readonly readings: ReadonlyArray<FactReading>
  /** The units the client asked for (plus s, %, the rain rate's and degrees): any other unit is a conversion. */
  readonly units: ReadonlyArray<QuotedUnit>
  /** Numbers without a unit the text may quote: day counts, the trip duration in hours. */
  readonly counts: ReadonlyArray<number>
  /** Local clock hours the text may name: the trip window's bounds. */
  readonly hours: ReadonlyArray<number>
  /** Other clock times the facts name, to the minute ([hour, minute]), e.g. a timeline's "15:40". */
  readonly times?: ReadonlyArray<readonly [number, number]>
  /** The forecast dates (YYYY-MM-DD) the text may name. */
  readonly dates: ReadonlyArray<string>
  /**
   * When CAUTION or AVOID, the text must not reassure. For the overall summary: its class when no day
   * of the period is GO (it may praise a GO day otherwise).
   */
  readonly classification: Classification
  /** The factors that decided the class, which the text must name (`all` of them, or `any` one). */
  readonly deciding: ReadonlyArray<string>
  readonly mustName: "all" | "any"
  /** The words that state a less severe class than the text's (the GO class word): reassurance too. */
  readonly lessSevereWords: ReadonlyArray<string>
}

export type RejectionReason = "invented_number" | "wrong_units" | "wrong_language" | "reassuring" | "missing_factor"

export interface Rejection {
  readonly reason: RejectionReason
  readonly detail: string
}

/** Units of the same quantity: quoting one the client did not ask for is converting. */
const family: Readonly<Record<QuotedUnit, string>> = {
  kts: "speed", mph: "speed", ms: "speed", nm: "distance", mi: "distance", km: "distance", ft: "height", m: "height",
  c: "temperature", f: "temperature", s: "s", pct: "pct", mmh: "rain", inh: "rain", deg: "deg"
}

/** Within rounding: "15" stands for 14.5 to 15.5, "14.6" for 14.55 to 14.65. */
const near = (quoted: number, decimals: number, fact: number) =>
  Math.abs(quoted - fact) <= 0.5 * 10 ** -decimals + 1e-9

const dateParts = (date: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  return m === null ? undefined : { year: +m[1]!, month: +m[2]!, day: +m[3]! }
}

const checkQuoted = (q: Quoted, facts: TextFacts): Rejection | undefined => {
  const dates = facts.dates.flatMap((d) => dateParts(d) ?? [])
  switch (q._tag) {
    case "Date":
      return dates.some((d) => d.day === q.day && (q.month === undefined || d.month === q.month) && (q.year === undefined || d.year === q.year))
        ? undefined
        : { reason: "invented_number", detail: `the date "${q.text}" is not a forecast date` }
    case "Time": {
      const window = (q.minute === 0 && facts.hours.some((h) => h % 24 === q.hour % 24)) ||
        (facts.times ?? []).some(([h, m]) => h % 24 === q.hour % 24 && m === q.minute)
      const duration = q.bare && facts.counts.includes(q.hour)
      return window || duration ? undefined : { reason: "invented_number", detail: `the time "${q.text}" is not in the facts` }
    }
    case "Number": {
      if (q.unit !== undefined) {
        if (!facts.units.includes(q.unit)) {
          const asked = facts.units.filter((u) => family[u] === family[q.unit!]).join("/")
          return { reason: "wrong_units", detail: `"${q.text}" is in ${q.unit}, the facts are in ${asked || "other units"}` }
        }
        // "18°" may be a temperature as well as a direction.
        const sameQuantity = (u: QuotedUnit) => u === q.unit || (q.unit === "deg" && family[u] === "temperature")
        return facts.readings.some((r) => sameQuantity(r.unit) && near(q.value, q.decimals, r.value))
          ? undefined
          : { reason: "invented_number", detail: `${q.text} ${q.unit} is not in the facts` }
      }
      const plain = [
        ...facts.readings.map((r) => r.value),
        ...facts.counts,
        ...facts.hours,
        ...dates.flatMap((d) => [d.day, d.month, d.year])
      ]
      return plain.some((v) => near(q.value, q.decimals, v))
        ? undefined
        : { reason: "invented_number", detail: `${q.text} is not in the facts` }
    }
  }
}

/** Lower case, NFKC, typographic apostrophes as "'" (so "isn’t" and "l’eau" match the word lists). */
const fold = (text: string) => text.normalize("NFKC").replace(/[’‘]/g, "'").toLowerCase()

const escape = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

const bounded = (language: Language, source: string) => {
  const s = source.replaceAll("\\w", "\\p{L}")
  return language === "ja" ? s : `(?<![\\p{L}])(?:${s})(?![\\p{L}])`
}
const anyOf = (language: Language, sources: ReadonlyArray<string>) =>
  new RegExp(sources.map((s) => bounded(language, s)).join("|"), "giu")

/** Reassuring wording of the language (and of English, which models slip into), outside the phrases that merely contain it. */
const reassuranceIn = (text: string, language: Language): string | undefined => {
  const lower = fold(text)
  for (const l of new Set<Language>([language, "en"])) {
    const cleaned = lower.replace(anyOf(l, notReassuring[l]), " ")
    const found = anyOf(l, reassuring[l]).exec(cleaned)
    if (found !== null) return found[0]
  }
  return undefined
}

const names = (text: string, factor: string, language: Language): boolean => {
  const lower = fold(text)
  return [factor, ...(coveredBy[factor] ?? [])].some((f) => {
    const cues = factorCues[f]?.[language]
    return cues !== undefined && anyOf(language, cues).test(lower)
  })
}

/**
 * Why `text` cannot stand for these facts (every reason found), or nothing when it can. Checks:
 * every number, date and time it quotes is one of the facts' (within rounding, in the requested units);
 * it is in the requested language; on a CAUTION or AVOID text, no reassuring wording and no less
 * severe class word; and it names the deciding factors (those the floor has words for).
 */
export const checkText = (text: string, facts: TextFacts): ReadonlyArray<Rejection> => {
  const rejections: Array<Rejection> = []
  for (const q of quotedNumbers(text, facts.language)) {
    const r = checkQuoted(q, facts)
    if (r !== undefined) rejections.push(r)
  }
  const language = wrongLanguage(text, facts.language)
  if (language !== undefined) rejections.push({ reason: "wrong_language", detail: language })
  if (facts.classification !== "GO") {
    const word = reassuranceIn(text, facts.language)
    if (word !== undefined) rejections.push({ reason: "reassuring", detail: `"${word}" on a day shown as ${facts.classification}` })
    // "DO NOT GO", "DON'T GO", "NO-GO" say the opposite of GO.
    const unnegated = text.replace(/(?:\bNOT|N['’]T|\bNEVER|\bNO)[\s-]+(?=\S)/g, "NOT_")
    const classWord = facts.lessSevereWords.find((w) => new RegExp(`(?<![\\p{L}_])${escape(w)}(?![\\p{L}])`, "u").test(unnegated))
    if (classWord !== undefined) rejections.push({ reason: "reassuring", detail: `states "${classWord}" on a day shown as ${facts.classification}` })
    const checkable = facts.deciding.filter((f) => factorCues[f] !== undefined)
    const named = checkable.filter((f) => names(text, f, facts.language))
    const missing = checkable.filter((f) => !named.includes(f))
    if (checkable.length > 0 && (facts.mustName === "all" ? missing.length > 0 : named.length === 0)) {
      rejections.push({ reason: "missing_factor", detail: `does not name ${missing.join(", ")}` })
    }
  }
  return rejections
}
