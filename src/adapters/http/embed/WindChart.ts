import type { HourEntry } from "../../../domain/forecast/TimelineSchema.js"

const WIDTH = 240
const HEIGHT = 48
const PAD = 2

const point = (i: number, value: number, count: number, top: number) => {
  const x = PAD + (count <= 1 ? 0 : (i * (WIDTH - 2 * PAD)) / (count - 1))
  const y = HEIGHT - PAD - (value / top) * (HEIGHT - 2 * PAD)
  return `${x.toFixed(1)},${y.toFixed(1)}`
}

const line = (hours: ReadonlyArray<HourEntry>, pick: (h: HourEntry) => number | null, top: number) =>
  hours.flatMap((h, i) => {
    const v = pick(h)
    return v === null ? [] : [point(i, v, hours.length, top)]
  }).join(" ")

/**
 * A day's wind (solid) and gusts (dashed) through its hours as an inline SVG: no script, no style
 * attribute, no external resource, so the embed page's strict CSP holds. Its numbers are the hourly
 * timeline's, already in the requested units; the title says the range in words for screen readers.
 * Nothing is drawn for a day without hourly wind.
 */
export const windChart = (hours: ReadonlyArray<HourEntry> | undefined, speedUnit: string): string => {
  if (hours === undefined) return ""
  const winds = hours.flatMap((h) => (h.wind_speed === null ? [] : [h.wind_speed]))
  const gusts = hours.flatMap((h) => (h.wind_gust === null ? [] : [h.wind_gust]))
  if (winds.length === 0) return ""
  const top = Math.max(...winds, ...gusts, 1)
  const low = Math.min(...winds)
  const high = Math.max(...winds)
  const gustText = gusts.length === 0 ? "" : `, gusts to ${Math.round(Math.max(...gusts))} ${speedUnit}`
  const title = `Wind ${Math.round(low)}–${Math.round(high)} ${speedUnit}${gustText} through the day`
  return `<svg class="c" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img">` +
    `<title>${title}</title>` +
    (gusts.length === 0 ? "" :
      `<polyline fill="none" stroke="#64748b" stroke-width="1" stroke-dasharray="3 2" points="${line(hours, (h) => h.wind_gust, top)}"/>`) +
    `<polyline fill="none" stroke="#0369a1" stroke-width="2" points="${line(hours, (h) => h.wind_speed, top)}"/>` +
    `</svg>`
}
