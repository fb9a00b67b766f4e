import { minutesText } from "../../../domain/forecast/LocalClock.js"
import type { Language } from "../../../domain/spotcast/Preferences.js"
import { memoized } from "../../../domain/Memo.js"

/**
 * The one way each language writes a local time, after its national marine forecasts, and how it names
 * the zone (once per text, at the first time written):
 * - en: 24-hour "15:00", as the UK Met Office inshore and shipping forecasts (and every VHF broadcast)
 *   write it; the US "3 PM" reads badly beside tide times. The zone by its abbreviation ("CEST", "EDT",
 *   "BST") where one is in common use, else "UTC+9".
 * - es: "15:00", as AEMET; the zone by its offset "(UTC+2)" (no abbreviation is common in Spanish).
 * - fr: "15 h", "5 h 28", "minuit", as Météo-France's bulletins côtiers; "(UTC+2)".
 * - pt: "15h00", "5h28", as IPMA writes hours in its warnings; "(UTC+1)".
 * - it: "15:00", as the Servizio Meteorologico's bollettini del mare; "(UTC+2)".
 * - ja: "15時", "5時28分", as JMA; "（日本時間）" in Japan, else "（UTC+10）".
 */
export interface ZoneName {
  /** "UTC+2", "UTC-3:30", "UTC". */
  readonly offset: string
  /** The abbreviation English readers know ("CEST"), when the runtime has one for the zone then. */
  readonly abbreviation?: string
  readonly timezone?: string
}

const pad2 = (n: number) => String(n).padStart(2, "0")

/** The zone as written once after the first time of a text (with its leading space where the language has one). */
export const zoneText = (language: Language, zone: ZoneName): string => {
  switch (language) {
    case "en":
      return ` ${zone.abbreviation ?? zone.offset}`
    case "ja":
      return zone.timezone === "Asia/Tokyo" ? "（日本時間）" : `（${zone.offset}）`
    default:
      return ` (${zone.offset})`
  }
}

/** The zone for a language model's facts: "CEST (UTC+2)", or the offset alone. */
export const zoneLabel = (zone: ZoneName): string => zone.abbreviation === undefined ? zone.offset : `${zone.abbreviation} (${zone.offset})`

/** "UTC+2", "UTC-3:30", "UTC" for an offset in seconds east of UTC. */
export const offsetName = (utcOffsetSeconds: number): string => {
  if (utcOffsetSeconds === 0) return "UTC"
  const minutes = Math.round(Math.abs(utcOffsetSeconds) / 60)
  const sign = utcOffsetSeconds < 0 ? "-" : "+"
  return `UTC${sign}${Math.floor(minutes / 60)}${minutes % 60 === 0 ? "" : `:${pad2(minutes % 60)}`}`
}

/** A zone's formats: its offset ("GMT+02:00"), then its abbreviation in the locales that know one. */
interface ZoneFormats {
  readonly offset: Intl.DateTimeFormat
  readonly names: ReadonlyArray<Intl.DateTimeFormat>
}

// Made once per zone (`memoized`, null where the runtime does not know the zone): making an
// Intl.DateTimeFormat costs far more than using one (ICU loads the zone).
const formatsOf = memoized(1024, (timezone: string): ZoneFormats | null => {
  try {
    return {
      offset: new Intl.DateTimeFormat("en-US", { timeZone: timezone, timeZoneName: "longOffset" }),
      names: ["en-US", "en-GB"].map((locale) => new Intl.DateTimeFormat(locale, { timeZone: timezone, timeZoneName: "short" }))
    }
  } catch {
    return null
  }
})

/**
 * What `abbreviationOf` answered, by zone, date and offset (`memoized`, null for none): every text of a
 * forecast asks again. At most 4,096 answers (a few hundred bytes each) are kept.
 */
const abbreviations = memoized(4096, (key: string): string | null => {
  const [timezone, date, offset] = key.split("\n")
  return lookUpAbbreviation(timezone!, date!, Number(offset)) ?? null
})

/**
 * The abbreviation of `timezone` at noon UTC of `date`, when the runtime's tz data has a lettered one
 * (en-US knows the American zones, en-GB the European ones) and it belongs to `utcOffsetSeconds` (the
 * series' hours are in that offset: a day past a DST change keeps the offset the hours are written in).
 */
const abbreviationOf = (timezone: string, date: string, utcOffsetSeconds: number): string | undefined =>
  abbreviations(`${timezone}\n${date}\n${utcOffsetSeconds}`) ?? undefined

const lookUpAbbreviation = (timezone: string, date: string, utcOffsetSeconds: number): string | undefined => {
  const formats = formatsOf(timezone)
  if (formats === null) return undefined
  const at = Date.parse(`${date}T12:00:00Z`)
  if (Number.isNaN(at)) return undefined
  const offsetAt = zoneNamePart(formats.offset, at)
  if (offsetAt === undefined || offsetFromGmt(offsetAt) !== utcOffsetSeconds) return undefined
  for (const format of formats.names) {
    const name = zoneNamePart(format, at)
    if (name !== undefined && /^[A-Z]{2,5}$/.test(name) && name !== "UTC" && name !== "GMT") return name
  }
  return undefined
}

const zoneNamePart = (format: Intl.DateTimeFormat, at: number): string | undefined =>
  format.formatToParts(at).find((p) => p.type === "timeZoneName")?.value

/** "GMT+02:00" / "GMT-03:30" / "GMT" in seconds. */
const offsetFromGmt = (text: string): number => {
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(text)
  if (match === null || match[1] === undefined) return 0
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 3600 + Number(match[3]) * 60)
}

/** The zone of a day's hours, named for the reader. */
export const zoneNameOf = (zone: { readonly utcOffsetSeconds: number; readonly timezone?: string }, date: string): ZoneName => {
  const abbreviation = zone.timezone === undefined ? undefined : abbreviationOf(zone.timezone, date, zone.utcOffsetSeconds)
  return {
    offset: offsetName(zone.utcOffsetSeconds),
    ...(abbreviation === undefined ? {} : { abbreviation }),
    ...(zone.timezone === undefined ? {} : { timezone: zone.timezone })
  }
}

/**
 * The times of one text: every time is written in the language's one format, and the zone is named
 * once, after the first time written with `zoned` (a span names it after its end: "14:00–18:00 CEST").
 * Without a zone (a hand-made input with no story) times are written plainly.
 */
export const textClock = (language: Language, zone: ZoneName | undefined) => {
  let named = zone === undefined
  return {
    plain: (minutes: number): string => minutesText(language, minutes),
    zoned: (minutes: number): string => {
      const text = minutesText(language, minutes)
      if (named) return text
      named = true
      return `${text}${zoneText(language, zone!)}`
    }
  }
}
export type TextClock = ReturnType<typeof textClock>

/** Marks where a zoned time ends until the text is final (a character no text holds). */
const MARK = "\u0000"

/**
 * The times of a text whose sentences are chosen after they are written (the day text keeps what fits):
 * `zoned` marks each time that may carry the zone, and `finish` names the zone at the first mark left in
 * the final text and removes the others, so the zone is named once whichever sentences stayed.
 */
export const markedClock = (language: Language, zone: ZoneName | undefined) => ({
  plain: (minutes: number): string => minutesText(language, minutes),
  zoned: (minutes: number): string => `${minutesText(language, minutes)}${MARK}`,
  finish: (text: string): string => {
    const first = text.indexOf(MARK)
    if (first < 0) return text
    const named = zone === undefined ? "" : zoneText(language, zone)
    return `${text.slice(0, first)}${named}${text.slice(first + 1).replaceAll(MARK, "")}`
  }
})
