import type { DayAssessment } from "../../domain/safety/Assessment.js"
import { windowOffered } from "../../domain/safety/TripWindowChoice.js"
import type { DayConditions } from "../../domain/weather/DayConditions.js"
import type { Language, Preferences } from "../../domain/spotcast/Preferences.js"
import type { AnalystInput } from "../../ports/Analyst.js"
import { rainRateUnitFor } from "../../domain/forecast/DisplayUnits.js"
import * as Units from "./Units.js"
import { zoneLabel, zoneNameOf } from "./i18n/LocalClock.js"
import { noteTexts } from "./TimelineNotes.js"
import { storyTexts } from "./TimelineStory.js"

export const languageName: Record<Language, string> = {
  en: "English",
  es: "Spanish",
  fr: "French",
  pt: "Portuguese",
  it: "Italian",
  ja: "Japanese"
}

const label: Record<Units.UnitKey, string> = {
  kts: "kt",
  mph: "mph",
  ms: "m/s",
  nm: "nm",
  mi: "mi",
  km: "km",
  ft: "ft",
  m: "m",
  c: "°C",
  f: "°F",
  s: "s",
  pct: "%",
  mmh: "mm/h",
  inh: "in/h"
}

/** A reading in the requested units, as `{ value, unit }`, so the model never has to convert. */
const reading = (q: Units.Quantity) => ({ value: q.amount, unit: label[q.unit] })

const hour = (h: number) => `${String(h).padStart(2, "0")}:00`

const conditions = (c: DayConditions, p: Preferences) => {
  const { distanceUnits: d, heightUnits: h, speedUnits: s, temperatureUnits: t } = p
  const lang = "en" // numbers for the model are plain JSON numbers; the model writes them in its language
  const opt = <A>(v: number | undefined, f: (v: number) => A) => (v === undefined ? undefined : f(v))
  return {
    wind_speed: reading(Units.speed(c.wind_speed_kt, s, lang)),
    wind_gust: reading(Units.speed(c.wind_gust_kt, s, lang)),
    wind_direction_deg: Math.round(c.wind_direction_deg),
    wave_height: opt(c.wave_height_ft, (v) => reading(Units.height(v, h, lang))),
    wave_period_s: opt(c.wave_period_s, (v) => Units.round(v, 1)),
    swell_height: opt(c.swell_height_ft, (v) => reading(Units.height(v, h, lang))),
    swell_period_s: opt(c.swell_period_s, (v) => Units.round(v, 1)),
    visibility: opt(c.visibility_nm, (v) => reading(Units.distance(v, d, lang))),
    precipitation_probability_pct: opt(c.precipitation_probability_pct, Math.round),
    precipitation_rate: opt(c.precipitation_mm_per_h, (v) => reading(Units.rainRate(v, rainRateUnitFor(t), lang))),
    air_temperature: opt(c.air_temp_c, (v) => reading(Units.temperature(v, t, lang))),
    water_temperature: opt(c.water_temp_c, (v) => reading(Units.temperature(v, t, lang))),
    // Only where the provider gives it, so the model can say when instability made a squall risk.
    ...(c.cape_j_per_kg === undefined ? {} : { cape_j_per_kg: Math.round(c.cape_j_per_kg) })
  }
}

const day = (a: DayAssessment, p: Preferences) => ({
  date: a.date,
  rules_classification: a.classification,
  deciding_factors: a.reasons.map((r) => ({ factor: r.factor, classification: r.classification })),
  trip_window_local: `${hour(a.window.startHour)}-${hour(a.window.endHour)}`,
  window_is_best_time: windowOffered(a),
  conditions_in_window: conditions(a.conditions, p),
  sea_state_available: a.conditions.wave_height_ft !== undefined || a.conditions.swell_height_ft !== undefined,
  worse_outside_window: a.worseOutsideWindow
})

/** The structured facts the model writes from: numbers already in the requested units. */
export const facts = (input: AnalystInput) => {
  const p = input.preferences
  return {
    language: languageName[p.language],
    vessel: {
      type: input.vessel.type,
      length: reading(Units.height(input.vessel.lengthFt, p.heightUnits, "en")),
      given_by_user: input.vesselGiven
    },
    ...(input.tripDurationHours === undefined ? {} : { trip_duration_hours: input.tripDurationHours }),
    data_is_simulated: input.simulated,
    // Issue 23: the zone the local hours are in, to be named once in the text.
    ...(input.stories?.[0] === undefined ? {} : { local_time_zone: zoneLabel(zoneNameOf(input.stories[0].zone, input.days[0]?.date ?? "")) }),
    // Issue 15: what the day's text must say (models disagree, current against wind), in English for the model.
    days: input.days.map((a, i) => {
      const english = { ...input, preferences: { ...p, language: "en" as const } }
      const mention = noteTexts(english, i, false)
      const timeline = storyTexts(english, i)
      return {
        ...day(a, p),
        ...(mention.length === 0 ? {} : { must_mention: mention }),
        ...(timeline.length === 0 ? {} : { timeline })
      }
    })
  }
}

/** The instructions: the class floor and the no-invention rules come first. */
export const system = (input: AnalystInput): string => {
  const language = languageName[input.preferences.language]
  return [
    "You are the marine forecast analyst of SpotCast. People decide from your text whether to take a boat out: accuracy is a safety matter.",
    "You receive JSON facts: each forecast day as a rules engine judged it (rules_classification GO, CAUTION or AVOID, and the deciding factors), the trip window in local hours at the spot, and the conditions in that window, already in the units to use.",
    `Write in ${language}. Answer with one JSON object and nothing else, of this shape:`,
    `{"summary": "overall summary across all days, 2-4 sentences", "days": [{"date": "YYYY-MM-DD", "classification": "GO" | "CAUTION" | "AVOID", "summary": "2-4 sentences for that day"}]}`,
    "Rules:",
    "1. One entry in days per input day, in the same order, with the same date.",
    "2. A day's classification is its rules_classification or more severe (GO < CAUTION < AVOID), never less severe.",
    "3. Never call an AVOID day safe, suitable or good for going out: say plainly that it should be avoided, and why. On a CAUTION or AVOID day use no reassuring words (safe, perfect, ideal, enjoy, no risk, or their equivalents).",
    "4. Quote only numbers from the facts, with the units given: readings, the day's date, the trip window's start and end hours. Do not convert units, round differently than to whole numbers, or invent data (no other times, dates or figures).",
    "5. Name the deciding factors and the trip window. If worse_outside_window lists factors, warn that conditions outside the window are worse. Offer the window as a best time or best window only when window_is_best_time is true (never at night, on an AVOID day or before the forecast's issue time), and never call an AVOID day the best day.",
    "6. If sea_state_available is false, say that the sea state is unavailable; never assume calm seas.",
    "7. A light_air factor is a note for sailboats: mention it, it does not change the class.",
    ...(input.simulated
      ? ["8. data_is_simulated is true: the data is simulated sandbox data, not a real forecast. Say so in the overall summary."]
      : [])
  ].join("\n")
}

export const prompt = (input: AnalystInput) => ({ system: system(input), user: JSON.stringify(facts(input)) })
