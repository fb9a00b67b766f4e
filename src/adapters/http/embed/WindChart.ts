import type { HourEntry } from "../../../domain/forecast/TimelineSchema.js"
import { clockText } from "../../../domain/forecast/LocalClock.js"
import type { Language } from "../../../domain/spotcast/Preferences.js"
import { embedWords, speedSymbol } from "./EmbedWords.js"

const WIDTH = 280
const HEIGHT = 92
/** The plot area inside the SVG: room on the left for the speed scale, below for the hours. */
const LEFT = 38
const RIGHT = 6
const TOP = 6
const BOTTOM = 16
const LABEL = `font-size="9" fill="#475569" font-family="system-ui,sans-serif"`

/** A scale step that gives at most four intervals up to the highest value. */
const stepFor = (high: number) => [1, 2, 5, 10, 15, 20, 25, 50, 100].find((s) => Math.ceil(high / s) <= 4) ?? Math.ceil(high / 4)

const xOf = (i: number, count: number) => LEFT + (count <= 1 ? 0 : (i * (WIDTH - LEFT - RIGHT)) / (count - 1))
const yOf = (value: number, top: number) => HEIGHT - BOTTOM - (value / top) * (HEIGHT - TOP - BOTTOM)

const line = (hours: ReadonlyArray<HourEntry>, pick: (h: HourEntry) => number | null, top: number) =>
  hours.flatMap((h, i) => {
    const v = pick(h)
    return v === null ? [] : [`${xOf(i, hours.length).toFixed(1)},${yOf(v, top).toFixed(1)}`]
  }).join(" ")

/** The local hour of an hourly entry (`…THH:MM…`), when it has one. */
const hourOf = (time: string): number | undefined => {
  const m = /T(\d{2}):(\d{2})/.exec(time)
  return m === null ? undefined : Number(m[1])
}

/**
 * A day's wind (solid) and gusts (dashed) through its hours as an inline SVG with its scales: speeds
 * up the left in the requested unit, local hours along the bottom. No script, no style attribute, no
 * external resource, so the embed page's strict CSP holds. Its numbers are the hourly timeline's,
 * already in the requested units; the title says the range in words for screen readers. Nothing is
 * drawn for a day without hourly wind.
 */
export const windChart = (hours: ReadonlyArray<HourEntry> | undefined, speedUnit: string, language: Language = "en"): string => {
  if (hours === undefined) return ""
  const winds = hours.flatMap((h) => (h.wind_speed === null ? [] : [h.wind_speed]))
  const gusts = hours.flatMap((h) => (h.wind_gust === null ? [] : [h.wind_gust]))
  if (winds.length === 0) return ""
  const unit = speedSymbol(speedUnit)
  const step = stepFor(Math.max(...winds, ...gusts, 1))
  const top = Math.ceil(Math.max(...winds, ...gusts, 1) / step) * step
  const title = embedWords[language].windTitle({
    low: String(Math.round(Math.min(...winds))),
    high: String(Math.round(Math.max(...winds))),
    unit,
    gusts: gusts.length === 0 ? undefined : String(Math.round(Math.max(...gusts)))
  })
  const yScale = Array.from({ length: top / step + 1 }, (_, k) => k * step).map((v) => {
    const y = yOf(v, top).toFixed(1)
    return `<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y}" y2="${y}" stroke="#e2e8f0" stroke-width="1"/>` +
      `<text x="${LEFT - 4}" y="${(Number(y) + 3).toFixed(1)}" text-anchor="end" ${LABEL}>${v} ${unit}</text>`
  })
  const xScale = hours.flatMap((h, i) => {
    const hour = hourOf(h.time)
    if (hour === undefined || hour % 6 !== 0) return []
    const x = xOf(i, hours.length)
    const anchor = i === 0 ? "start" : i === hours.length - 1 ? "end" : "middle"
    return [`<text x="${x.toFixed(1)}" y="${HEIGHT - 4}" text-anchor="${anchor}" ${LABEL}>${clockText(language, hour)}</text>`]
  })
  return `<svg class="c" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img">` +
    `<title>${title}</title>` +
    yScale.join("") +
    xScale.join("") +
    (gusts.length === 0 ? "" :
      `<polyline fill="none" stroke="#64748b" stroke-width="1" stroke-dasharray="3 2" points="${line(hours, (h) => h.wind_gust, top)}"/>`) +
    `<polyline fill="none" stroke="#0369a1" stroke-width="2" points="${line(hours, (h) => h.wind_speed, top)}"/>` +
    `</svg>`
}
