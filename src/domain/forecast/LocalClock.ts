import type { Language } from "../spotcast/Preferences.js"
import { offsetSecondsAt, type ZoneOrOffset } from "../time/ZoneTime.js"

/**
 * How a person reads a local date and clock time in each language: one convention per language, the
 * one its national marine forecasts use (24-hour clock everywhere). Pure: the instant and the UTC
 * zone (or a fixed offset) come in, the words go out, so every text (day texts, routes) writes times the
 * same way, each at the offset its zone has at that instant.
 *
 * | language | on the hour | with minutes |
 * |---|---|---|
 * | en | 15:00 | 15:30 |
 * | es | 15:00 | 15:30 |
 * | fr | 15 h | 15 h 30 |
 * | pt | 15h00 | 15h30 |
 * | it | 15:00 | 15:30 |
 * | ja | 15時 | 15時30分 |
 *
 * The end of a day is 24:00 ("minuit" in French), so a window that runs to midnight reads as one span.
 */

const MINUTE_MS = 60_000

/** A local calendar day and clock time, to the minute. */
export interface WallClock {
  readonly year: number
  /** 1-12 */
  readonly month: number
  readonly day: number
  /** 0 = Sunday */
  readonly weekday: number
  readonly hour: number
  readonly minute: number
}

/**
 * The wall clock at `utcMillis` in `zone` (its offset at that instant), or in a place a fixed number of
 * seconds from UTC, rounded to the nearest minute.
 */
export const wallClockAt = (utcMillis: number, zone: ZoneOrOffset): WallClock => {
  const offset = typeof zone === "number" ? zone : offsetSecondsAt(zone, utcMillis)
  const local = new Date(Math.round((utcMillis + offset * 1000) / MINUTE_MS) * MINUTE_MS)
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes()
  }
}

const pad2 = (n: number) => String(n).padStart(2, "0")

const clocks: Record<Language, (hour: number, minute: number) => string> = {
  en: (h, m) => `${pad2(h)}:${pad2(m)}`,
  es: (h, m) => `${pad2(h)}:${pad2(m)}`,
  fr: (h, m) => (h === 24 ? "minuit" : m === 0 ? `${h} h` : `${h} h ${pad2(m)}`),
  pt: (h, m) => `${h}h${pad2(m)}`,
  it: (h, m) => `${h}:${pad2(m)}`,
  ja: (h, m) => (m === 0 ? `${h}時` : `${h}時${m}分`)
}

/**
 * A clock time (hour 0-24, minute 0-59) as the language writes it: "15:00", "15 h 30", "15h00", "15時30分";
 * the one clock of every text (day texts, routes, the widget).
 */
export const clockText = (language: Language, hour: number, minute = 0): string => clocks[language](hour, minute)

/** `minutes` since local midnight (0-1440, rounded to the minute) as `clockText` writes it: 1440 is "24:00" / "minuit". */
export const minutesText = (language: Language, minutes: number): string => {
  const m = Math.round(minutes)
  return clockText(language, Math.floor(m / 60), m % 60)
}

const months: Record<Exclude<Language, "ja">, ReadonlyArray<string>> = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
  fr: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
  pt: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
  it: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"]
}
const weekdays: Record<Language, ReadonlyArray<string>> = {
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  es: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
  fr: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
  // European Portuguese, as the SpotCast texts.
  pt: ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"],
  it: ["domenica", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato"],
  ja: ["日", "月", "火", "水", "木", "金", "土"]
}

/** A local date with its weekday, as the SpotCast texts write it: "Wednesday 25 November", "mercredi 1er juillet", "11月25日（水）". */
export const dateText = (language: Language, d: Pick<WallClock, "month" | "day" | "weekday">): string => {
  const w = weekdays[language][d.weekday]!
  switch (language) {
    case "ja":
      return `${d.month}月${d.day}日（${w}）`
    case "es":
      return `${w} ${d.day} de ${months.es[d.month - 1]}`
    case "pt":
      return `${w}, ${d.day} de ${months.pt[d.month - 1]}`
    case "fr":
      return `${w} ${d.day === 1 ? "1er" : d.day} ${months.fr[d.month - 1]}`
    case "it":
      return `${w} ${d.day === 1 ? "1º" : d.day} ${months.it[d.month - 1]}`
    case "en":
      return `${w} ${d.day} ${months.en[d.month - 1]}`
  }
}

/**
 * The name of a place's time zone for a text: its IANA name as the provider reports it (`Europe/Paris`),
 * a fixed offset as `UTC+3` (the POSIX `Etc/GMT-3` reads backwards to a person), and `UTC+5:30` from the
 * offset alone when the provider names no zone.
 */
export const zoneText = (zone: { readonly utcOffsetSeconds: number; readonly timezone?: string | undefined }): string => {
  const fixed = zone.timezone === undefined ? undefined : /^Etc\/(?:GMT|UTC)(?:([+-])(\d{1,2}))?$/.exec(zone.timezone)
  if (zone.timezone !== undefined && fixed === null) return zone.timezone
  const seconds = fixed === undefined || fixed === null
    ? zone.utcOffsetSeconds
    : fixed[1] === undefined
    ? 0
    : (fixed[1] === "-" ? 1 : -1) * Number(fixed[2]) * 3600
  if (seconds === 0) return "UTC"
  const minutes = Math.round(Math.abs(seconds) / 60)
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return `UTC${seconds < 0 ? "−" : "+"}${hours}${rest === 0 ? "" : `:${pad2(rest)}`}`
}

/** Whether two wall clocks fall on the same local date (a text then names the date once). */
export const sameLocalDate = (a: WallClock, b: WallClock): boolean => a.year === b.year && a.month === b.month && a.day === b.day
