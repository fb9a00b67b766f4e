import type { Language } from "../spotcast/Preferences.js"
import { months } from "./TextFloorWords.js"

/** The units a text can quote a number in (the analysts' unit keys, plus degrees of direction). */
export type QuotedUnit = "kts" | "mph" | "ms" | "nm" | "mi" | "km" | "ft" | "m" | "c" | "f" | "s" | "pct" | "mmh" | "inh" | "deg"

/** What a text says, found by `quotedNumbers`: every number, date and clock time in it. */
export type Quoted =
  /** A reading or a plain number; `decimals` is how precisely it is written (for rounding). */
  | { readonly _tag: "Number"; readonly value: number; readonly decimals: number; readonly unit?: QuotedUnit; readonly text: string }
  /** A calendar date ("3 June", "6月3日", "2026-06-03"); month or year absent when not written. */
  | { readonly _tag: "Date"; readonly day: number; readonly month?: number; readonly year?: number; readonly text: string }
  /** A clock time ("08:00", "8 h", "2 pm", "8時"); `bare` when it could also be a number of hours ("4 h"). */
  | { readonly _tag: "Time"; readonly hour: number; readonly minute: number; readonly bare: boolean; readonly text: string }

const L = "\\p{L}"
const unitWords: ReadonlyArray<readonly [QuotedUnit, string]> = [
  // Longer and more specific spellings first: "m/s" before "m", "nm" before "mi".
  ["ms", "m/s|m s-1|metros? por segundo|mètres? par seconde|metri al secondo|メートル毎秒"],
  ["mmh", "mm/h|mm por hora|mm par heure|mm/hora|mm all'ora|ミリ毎時"],
  ["inh", "in/h|inch(?:es)? per hour|pulgadas? por hora|pouces? par heure|polegadas? por hora|pollici all'ora|インチ毎時"],
  ["mph", "mph|miles per hour|millas por hora"],
  ["kts", "kts?|kn|knots?|nudos?|nœuds?|noeuds?|nós|nó|nodi|nodo|ノット"],
  ["nm", "nm|nmi|mn|nautical miles?|millas? náuticas?|milles? nautiques?|milhas? náuticas?|miglia nautiche|miglio nautico|海里"],
  ["mi", "mi|miles?|millas?|milhas?|miglia|miglio|マイル"],
  ["km", "km|kilometres?|kilometers?|kilómetros?|kilomètres?|quilômetros?|quilómetros?|chilometri|chilometro|キロメートル|キロ"],
  ["ft", "ft|feet|foot|pies|pie|pieds?|pés|pé|piedi|piede|フィート"],
  ["c", "°\\s?c|degrees? c(?:elsius)?|grados? (?:celsius|centígrados?)|degrés? celsius|graus? celsius|gradi celsius|度c"],
  ["f", "°\\s?f|degrees? f(?:ahrenheit)?|fahrenheit"],
  ["deg", "°|degrees?|grados?|degrés?|graus?|gradi"],
  ["m", "m|metres?|meters?|metros?|mètres?|metri|metro|メートル"],
  ["s", "s|sec|secs|seconds?|segundos?|secondes?|secondi|secondo|秒"],
  ["pct", "%|percent|per cent|por ciento|pour cent|por cento|per cento|パーセント"]
]
/** "10–15 kt", "de 10 a 15 nudos", "10〜15ノット": the unit after a range belongs to both ends. */
const RANGE = "(?:(?:-|–|—|~|〜|to|and|or|a|à|al|y|e|et|ou|o)\\s*[-−]?\\d+(?:[.,]\\d+)?\\s?)?"
const unitAfter = unitWords.map(([unit, words]) =>
  [unit, new RegExp(`^\\s?${RANGE}(?:${words})(?!\\p{Script=Latin})`, "iu")] as const
)

const allMonths = Object.values(months).flatMap((names) => names.map((name, i) => [name, i + 1] as const))
const monthOf = (name: string) => allMonths.find(([n]) => n === name.toLowerCase())?.[1]
const MONTHS = allMonths.map(([n]) => n).join("|")

/** Patterns that are not plain numbers, each read into a Quoted and then blanked out of the text. */
const special: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => Quoted]> = [
  [/(\d{4})-(\d{2})-(\d{2})/g, (m) => ({ _tag: "Date", year: +m[1]!, month: +m[2]!, day: +m[3]!, text: m[0] })],
  [/(?:(\d{4})年)?(\d{1,2})月(\d{1,2})日/g, (m) => ({ _tag: "Date", ...(m[1] ? { year: +m[1] } : {}), month: +m[2]!, day: +m[3]!, text: m[0] })],
  [
    new RegExp(`(?<![${L}\\d])(\\d{1,2})(?:st|nd|rd|th|er|°)?\\s+(?:de\\s+|di\\s+)?(${MONTHS})(?![${L}])(?:,?\\s+(?:de\\s+)?(\\d{4}))?`, "giu"),
    (m) => ({ _tag: "Date", day: +m[1]!, month: monthOf(m[2]!)!, ...(m[3] ? { year: +m[3] } : {}), text: m[0] })
  ],
  [
    new RegExp(`(?<![${L}])(${MONTHS})\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)(?:,?\\s+(\\d{4}))?`, "giu"),
    (m) => ({ _tag: "Date", day: +m[2]!, month: monthOf(m[1]!)!, ...(m[3] ? { year: +m[3] } : {}), text: m[0] })
  ],
  [
    /(\d{1,2}):(\d{2})(?:\s*([ap])\.?m\.?)?/gi,
    (m) => ({ _tag: "Time", hour: twelve(+m[1]!, m[3]), minute: +m[2]!, bare: false, text: m[0] })
  ],
  [
    new RegExp(`(?<![\\d.,])(\\d{1,2})\\s?([ap])\\.?m\\.?(?![${L}])`, "giu"),
    (m) => ({ _tag: "Time", hour: twelve(+m[1]!, m[2]), minute: 0, bare: false, text: m[0] })
  ],
  [
    new RegExp(`(?<![\\d.,])(\\d{1,2})\\s?h(?:\\s?(\\d{2}))?(?![${L}\\d])`, "giu"),
    (m) => ({ _tag: "Time", hour: +m[1]!, minute: m[2] ? +m[2] : 0, bare: m[2] === undefined, text: m[0] })
  ],
  [/(\d{1,2})時(?!間)(?:(\d{1,2})分|半)?/g, (m) => ({ _tag: "Time", hour: +m[1]!, minute: m[0].endsWith("半") ? 30 : m[2] ? +m[2] : 0, bare: false, text: m[0] })]
]

const twelve = (hour: number, half: string | undefined) => {
  if (half === undefined) return hour
  const h = hour % 12
  return half.toLowerCase() === "p" ? h + 12 : h
}

const decimalComma: Record<Language, boolean> = { en: false, es: true, fr: true, pt: true, it: true, ja: false }

/**
 * Every number a text quotes, with its unit when one follows it, and the dates and clock times it
 * names. The text is NFKC-normalised first (full-width digits, "℃"). A decimal comma is read as one
 * in the languages that write it (es, fr, pt, it); a decimal point always is.
 */
export const quotedNumbers = (text: string, language: Language): ReadonlyArray<Quoted> => {
  // "º" (the ordinal sign, often typed for "°") would become "o" under NFKC.
  let rest = text.replace(/º/g, "°").normalize("NFKC")
  const found: Array<Quoted> = []
  for (const [pattern, read] of special) {
    rest = rest.replace(pattern, (...args) => {
      const match = args as unknown as RegExpExecArray
      found.push(read(match))
      return " ".repeat(match[0].length)
    })
  }
  const number = decimalComma[language] ? /\d+(?:[.,]\d+)?/g : /\d+(?:\.\d+)?/g
  for (const m of rest.matchAll(number)) {
    const at = m.index
    const before = rest.slice(Math.max(0, at - 2), at)
    const negative = /(?:^|[^\p{Script=Latin}\p{N}])[-−]$/u.test(before) || (at === 1 && /[-−]/.test(before))
    const digits = m[0].replace(",", ".")
    const after = rest.slice(at + m[0].length)
    const unit = unitAfter.find(([, re]) => re.test(after))?.[0]
    found.push({
      _tag: "Number",
      value: (negative ? -1 : 1) * Number(digits),
      decimals: digits.includes(".") ? digits.length - digits.indexOf(".") - 1 : 0,
      ...(unit === undefined ? {} : { unit }),
      text: m[0]
    })
  }
  return found
}
