import { createHash } from "node:crypto"
import { DateTime } from "effect"
import type { Analysis, Classification } from "../../../domain/forecast/Analysis.js"
import type { ForecastSource } from "../../../domain/forecast/TimelineSchema.js"
import type { Language } from "../../../domain/spotcast/Preferences.js"
import type { DisplayType, WidgetView } from "../../../domain/widget/Widget.js"
import { embedWords, type EmbedWords } from "./EmbedWords.js"
import { windChart } from "./WindChart.js"

/** Escapes text for HTML element content and double-quoted attributes. */
export const escapeHtml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")

/**
 * The credit the forecast's own `source` asks for: its provider's attribution and licence for its data,
 * the sandbox notice for simulated weather (never credited to anyone), nothing when the forecast does
 * not say where its data came from.
 */
export const attributionOf = (source: ForecastSource | undefined, words: EmbedWords): string | undefined => {
  if (source === undefined) return undefined
  if (source.models.includes("simulated")) return words.simulated
  const licence = source.license?.replace(/\s*\(.*\)\s*$/, "")
  return licence === undefined || licence === "" ? source.attribution : `${source.attribution} (${licence})`
}
/** The message the page sends its parent so that widget.js can size the iframe to it. */
export const SIZE_MESSAGE = "spotcast-widget-size"

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff}
.w{padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px}
h1{font-size:15px;margin:0 0 8px}
ol{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:6px}
.full ol{display:block}
li{display:flex;align-items:center;gap:6px}
.full li{align-items:flex-start;flex-wrap:wrap;margin:0 0 10px}
.d{font-variant-numeric:tabular-nums;color:#334155;min-width:3.2em;white-space:nowrap}
.full li>div{flex:1 1 100%;min-width:0}
.b{display:inline-block;font-weight:700;font-size:12px;padding:2px 6px;border-radius:4px;border:2px solid;letter-spacing:.02em}
.GO{background:#dcfce7;color:#14532d;border-color:#15803d}
.CAUTION{background:#fef9c3;color:#713f12;border-color:#a16207}
.AVOID{background:#fee2e2;color:#7f1d1d;border-color:#b91c1c}
.s{margin:0;color:#1e293b}
.o{margin:8px 0 0}
.m{margin:8px 0 0;font-size:11px;color:#475569}
.p{margin:0;color:#475569}
.c{display:block;margin:4px 0 0;max-width:100%;height:auto}
`.trim()

const SCRIPT = `(function(){function s(){parent.postMessage({type:"${SIZE_MESSAGE}",height:Math.ceil(document.body.getBoundingClientRect().height)},"*")}` +
  `addEventListener("load",s);addEventListener("resize",s);s()})()`

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

/**
 * Nothing but this page's own inline style and script runs or loads: no other script, style, image,
 * font, frame or connection; it may be framed by any site (that is its purpose).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src ${sha256(STYLE)}`,
  `script-src ${sha256(SCRIPT)}`,
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors *"
].join("; ")

const shell = (title: string, body: string, language: Language = "en") =>
  `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
<script>${SCRIPT}</script>
</body>
</html>
`

/** `2026-11-23` as the language writes a short day (`Mon 23 Nov`, `lun. 23 nov.`, `11月23日(月)`); anything else as given. */
const dayLabel = (isoDate: string, words: EmbedWords) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (match === null) return isoDate
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return new Intl.DateTimeFormat(words.locale, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(at)
}

/**
 * The spot's UTC offsets as the timeline writes them (`-05:00`), in the order its local times have them:
 * two (`+01:00/+02:00`) when the clocks change during the forecast.
 */
export const offsetOf = (analysis: Analysis): string | undefined => {
  const offsets: Array<string> = []
  for (const day of analysis.daily_classifications) {
    for (const time of [day.window?.start, ...(day.hourly ?? []).map((h) => h.time)]) {
      const m = time === undefined ? null : /([+-]\d{2}:\d{2}|Z)$/.exec(time)
      const offset = m === null ? undefined : m[1] === "Z" ? "+00:00" : m[1]!.replace("-", "\u2212")
      if (offset !== undefined && !offsets.includes(offset)) offsets.push(offset)
    }
  }
  return offsets.length === 0 ? undefined : offsets.join("/")
}

const badge = (c: Classification) => `<span class="b ${c}">${c}</span>`

const madeAt = (t: DateTime.Utc) => `${DateTime.formatIso(t).slice(0, 16).replace("T", " ")} UTC`

/**
 * The public page of a widget, in the widget's language: its name, each day's GO/CAUTION/AVOID badge
 * (a word, not only a colour), in `full` each day's summary with a chart of its hourly wind and gusts
 * and the overall summary; when the forecast was made (UTC), in `full` the spot's UTC offset that its
 * local times are in, and the credit the forecast's source asks for. Every user-supplied string is
 * escaped; nothing private (no metadata, account or key).
 */
export const renderWidgetPage = ({ latest, widget }: WidgetView, display: DisplayType): string => {
  const language = widget.preferences.language
  const words = embedWords[language]
  const name = `<h1>${escapeHtml(widget.name)}</h1>`
  let content: string
  if (latest.status === "completed" && latest.analysis !== undefined) {
    const analysis = latest.analysis
    const speedUnit = analysis.units?.speed ?? ""
    const days = analysis.daily_classifications.map((d) =>
      display === "full"
        ? `<li><span class="d">${escapeHtml(dayLabel(d.date, words))}</span>${badge(d.classification)}` +
          `<div><p class="s">${escapeHtml(d.summary)}</p>${windChart(d.hourly, speedUnit, language)}</div></li>`
        : `<li><span class="d">${escapeHtml(dayLabel(d.date, words))}</span>${badge(d.classification)}</li>`
    )
    const overall = display === "full" ? `<p class="o">${escapeHtml(analysis.summary)}</p>` : ""
    const offset = display === "full" ? offsetOf(analysis) : undefined
    const when = latest.completedAt ?? latest.createdAt
    const credit = attributionOf(analysis.source, words)
    content = `<ol>${days.join("")}</ol>${overall}<p class="m">${escapeHtml(words.forecastMade(madeAt(when)))}` +
      `${widget.autoRefreshStoppedAt === undefined ? "" : escapeHtml(words.paused)}${language === "ja" ? "。" : "."}` +
      `${offset === undefined ? "" : ` ${escapeHtml(words.localTimes(offset))}`}` +
      `${credit === undefined ? "" : ` ${escapeHtml(credit)}`}</p>`
  } else if (latest.status === "failed") {
    content = `<p class="p">${escapeHtml(words.unavailable)}</p>`
  } else {
    content = `<p class="p">${escapeHtml(words.preparing)}</p>`
  }
  return shell(`${widget.name} – SpotCast`, `<main class="w ${display}">${name}${content}</main>`, language)
}

export const notFoundPage = shell("Widget not found", `<main class="w"><p class="p">This widget does not exist.</p></main>`)

export const badDisplayPage = shell(
  "Bad request",
  `<main class="w"><p class="p">display must be mini or full.</p></main>`
)

/** A strong ETag of the page's bytes. */
export const etagOf = (page: string) => `"${createHash("sha256").update(page, "utf8").digest("base64url").slice(0, 27)}"`
