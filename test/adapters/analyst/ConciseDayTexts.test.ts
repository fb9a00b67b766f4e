import { assert, describe, it } from "@effect/vitest"
import { resolvePreferences } from "../../../src/domain/spotcast/Preferences.js"
import { readFileSync } from "node:fs"
import { Effect, Either } from "effect"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { DAY_TEXT_LIMIT } from "../../../src/adapters/analyst/BuiltinDay.js"
import { dateText } from "../../../src/adapters/analyst/BuiltinFacts.js"
import { zoneNameOf, zoneText } from "../../../src/adapters/analyst/i18n/LocalClock.js"
import { packFor } from "../../../src/adapters/analyst/i18n/Packs.js"
import { decodeBody } from "../../../src/adapters/weather/OpenMeteoResponse.js"
import { forDates, mergeSeries } from "../../../src/adapters/weather/OpenMeteoSeries.js"
import * as SimulatedWeather from "../../../src/adapters/weather/SimulatedWeather.js"
import { forecastAnalysis } from "../../../src/application/spotcast/ProcessForecast.js"
import type { Analysis } from "../../../src/domain/forecast/Analysis.js"
import type { Language, Preferences } from "../../../src/domain/spotcast/Preferences.js"
import type { Vessel } from "../../../src/domain/spotcast/Vessel.js"
import type { ForecastWeather } from "../../../src/domain/weather/ForecastWeather.js"
import { languages } from "./BuiltinFixtures.js"

// Issue 23 items 2 and 3 over recorded Open-Meteo answers (Hoek van Holland, Europe/Amsterdam, with the
// constructed tide, current and disagreeing models) and sandbox weather at a few places: every language ×
// (kt/nm, mph/mi, m/s/km) × vessel × (4 h trip, all daylight).

const body = (name: string) =>
  Either.getOrThrow(decodeBody(readFileSync(new URL(`../../fixtures/open-meteo/${name}`, import.meta.url), "utf8")))
const HOEK = { latitude: 52.006, longitude: 4.292 }
const hoekDates = ["2026-08-29", "2026-08-30", "2026-08-31"]
const hoek = (forecast: string, models: ReadonlyArray<string> = []): ForecastWeather =>
  Either.getOrThrow(forDates(Either.getOrThrow(mergeSeries(body(forecast), body("hoek-van-holland.marine.tide.constructed.json"), models)), hoekDates))

const sandboxDates = ["2027-01-15", "2027-01-16", "2027-07-15"]
const sandbox = (latitude: number, longitude: number): ForecastWeather =>
  Either.getOrThrow(Effect.runSync(Effect.either(SimulatedWeather.make().hourly({
    coordinates: { latitude, longitude }, dates: sandboxDates, mode: "sandbox", seed: `spc_${latitude}_${longitude}`
  }))))

interface Case {
  readonly name: string
  readonly series: ForecastWeather
  readonly dates: ReadonlyArray<string>
  readonly coordinates: { readonly latitude: number; readonly longitude: number }
}
const cases: ReadonlyArray<Case> = [
  { name: "Hoek van Holland", series: hoek("hoek-van-holland.forecast.json"), dates: hoekDates, coordinates: HOEK },
  {
    name: "Hoek van Holland, models disagree",
    series: hoek("hoek-van-holland.forecast.models-disagree.constructed.json", ["best_match", "ecmwf_ifs025", "gfs_seamless"]),
    dates: hoekDates,
    coordinates: HOEK
  },
  ...([[47.3, -2.6], [60.1, -1.2], [41.13, -71.71], [-33.9, 151.3], [35.3, 139.6]] as const).map(([la, lo]) => ({
    name: `sandbox ${la},${lo}`, series: sandbox(la, lo), dates: sandboxDates, coordinates: { latitude: la, longitude: lo }
  }))
]
const unitSets = [
  { distanceUnits: "nm", speedUnits: "kts" },
  { distanceUnits: "mi", speedUnits: "mph" },
  { distanceUnits: "km", speedUnits: "ms" }
] as const
const vessels: ReadonlyArray<Vessel> = [
  { type: "sailboat", lengthFt: 22 }, { type: "powerBoat", lengthFt: 20 }, { type: "pwc", lengthFt: 11 },
  { type: "yacht", lengthFt: 80 }, { type: "catamaran", lengthFt: 30 }
]
const analyst = Effect.runSync(BuiltinAnalyst.make)

const analysisOf = (c: Case, preferences: Preferences, vessel: Vessel, tripDurationHours: number | undefined): Analysis =>
  Effect.runSync(forecastAnalysis({
    series: c.series, dates: c.dates, coordinates: c.coordinates, vessel, tripDurationHours, preferences,
    issuedAt: Effect.succeed("2026-01-01T00:00:00.000Z"), notBeforeMillis: Date.parse("2026-01-01T00:00:00.000Z"),
    analyze: analyst.analyze
  }))

const everyAnalysis = function*() {
  for (const c of cases) {
    for (const language of languages) {
      for (const units of unitSets) {
        for (const vessel of vessels) {
          for (const trip of [4, undefined]) {
            yield { c, language, analysis: analysisOf(c, resolvePreferences({ language, ...units }), vessel, trip) }
          }
        }
      }
    }
  }
}
const all = [...everyAnalysis()]

/** Sentences: split after a full stop that ends a sentence (not a decimal point), or after 。. */
const sentences = (text: string) => text.split(/(?<=[.。])\s+|(?<=。)/).map((s) => s.trim()).filter((s) => s !== "")

// English words the English texts use; none may appear in another language's text (names such as model
// ids, "sandbox" in the notice, and unit symbols aside).
const english = [
  "wind", "gusts", "gusting", "seas", "swell", "visibility", "rain", "chance", "window", "best", "worse", "outside",
  "after", "becoming", "building", "from", "the", "and", "of", "water", "high", "low", "day", "daylight", "trip",
  "hours", "period", "barometer", "falling", "your", "sailboat", "watch", "for", "because", "with", "at", "gale", "storm"
]
const englishWord = new RegExp(`(?<![\\p{L}_])(${english.join("|")})(?![\\p{L}_])`, "iu")

// The one time format of each language, and the other languages' formats it must never use.
const timeFormats: Record<Language, { readonly own: RegExp; readonly others: ReadonlyArray<RegExp> }> = {
  en: { own: /\b\d{2}:\d{2}\b/, others: [/\b\d{1,2} h\b/, /\b\d{1,2}h\d{2}\b/, /時/, /(?<!\d)\d:\d{2}\b/, /\b\d{1,2} ?(AM|PM)\b/] },
  es: { own: /\b\d{2}:\d{2}\b/, others: [/\b\d{1,2} h\b/, /\b\d{1,2}h\d{2}\b/, /時/, /(?<!\d)\d:\d{2}\b/] },
  fr: { own: /\b\d{1,2} h\b|minuit/, others: [/\b\d{1,2}:\d{2}\b/, /\b\d{1,2}h\d{2}\b/, /時/] },
  pt: { own: /\b\d{1,2}h\d{2}\b/, others: [/\b\d{1,2}:\d{2}\b/, /\b\d{1,2} h\b/, /時/] },
  it: { own: /\b\d{1,2}:\d{2}\b/, others: [/\b0\d:\d{2}\b/, /\b\d{1,2} h\b/, /\b\d{1,2}h\d{2}\b/, /時/] },
  ja: { own: /\d時/, others: [/\d:\d{2}/, /\b\d{1,2} h\b/, /\d{1,2}h\d{2}/] }
}

const count = (text: string, part: string) => text.split(part).length - 1

describe("concise day texts with local times (recorded Open-Meteo answers and the sandbox)", () => {
  // The target is DAY_TEXT_LIMIT (350): optional sentences (GO advice, cold notes, tides, the longer forms of
  // "worse outside") are added only within it. The facts, hazards, model notes and CAUTION/AVOID advice are
  // always said, so not every day fits yet (measured over these 3,780 day texts: median 344, 57% within 350;
  // GO at most 379, AVOID at most 564, a day with disagreeing models at most 803): the bounds below are
  // guards against the texts growing again.
  it(`keeps day texts short: optional sentences only within ${DAY_TEXT_LIMIT} characters, GO days within 380, every day within 810`, () => {
    assert.isAbove(all.length, 1000)
    for (const { analysis, c, language } of all) {
      for (const day of analysis.daily_classifications) {
        assert.isAtMost(day.summary.length, day.classification === "GO" ? 380 : 810, `${c.name} ${language}: ${day.summary}`)
      }
    }
  })

  it("says no sentence twice in a day text or the summary", () => {
    for (const { analysis, c, language } of all) {
      for (const text of [analysis.summary, ...analysis.daily_classifications.map((d) => d.summary)]) {
        const said = sentences(text)
        assert.strictEqual(new Set(said).size, said.length, `${c.name} ${language}: ${text}`)
      }
    }
  })

  it("writes no English word in another language's text", () => {
    for (const { analysis, c, language } of all) {
      if (language === "en") continue
      for (const text of [analysis.summary, ...analysis.daily_classifications.map((d) => d.summary)]) {
        const found = englishWord.exec(text.replace(/\b[a-z]+_[a-z0-9_]+\b/g, "").replace(/\(sandbox\)/g, ""))
        assert.isNull(found, `${c.name} ${language}: "${found?.[0]}" in ${text}`)
      }
    }
  })

  it("writes times in local time, in the language's one format, with the zone named once per text", () => {
    for (const { analysis, c, language } of all) {
      const formats = timeFormats[language]
      for (const [i, day] of analysis.daily_classifications.entries()) {
        const zone = zoneText(language, zoneNameOf({ utcOffsetSeconds: c.series.utcOffsetSeconds, ...(c.series.timezone === undefined ? {} : { timezone: c.series.timezone }) }, c.dates[i]!)).trim()
        assert.match(day.summary, formats.own, `${c.name} ${language}: ${day.summary}`)
        for (const other of formats.others) assert.notMatch(day.summary, other, `${c.name} ${language}: ${day.summary}`)
        assert.strictEqual(count(day.summary, zone), 1, `${c.name} ${language}: ${zone} once in ${day.summary}`)
      }
      for (const other of formats.others) assert.notMatch(analysis.summary, other, `${c.name} ${language}: ${analysis.summary}`)
    }
  })

  it("names the zone the recorded hours are in: Amsterdam's summer time", () => {
    const at = (language: Language) =>
      analysisOf(cases[0]!, resolvePreferences({ language, distanceUnits: "nm", speedUnits: "kts" }), vessels[0]!, 4).daily_classifications[0]!.summary
    assert.include(at("en"), "Best window 14:00–18:00 CEST.")
    assert.include(at("es"), "de 14:00 a 18:00 (UTC+2)")
    assert.include(at("fr"), "de 14 h à 18 h (UTC+2)")
    assert.include(at("pt"), "das 14h00 às 18h00 (UTC+2)")
    assert.include(at("it"), "dalle 14:00 alle 18:00 (UTC+2)")
    assert.include(at("ja"), "14時〜18時（UTC+2）")
  })

  it("gives the sandbox notice exactly once per forecast, in the summary", () => {
    for (const { analysis, c, language } of all) {
      const notice = BuiltinAnalyst.simulatedNotice(language)
      const expected = c.series.source === "simulated" ? 1 : 0
      assert.strictEqual(count(analysis.summary, notice), expected, `${c.name} ${language}`)
      for (const day of analysis.daily_classifications) assert.strictEqual(count(day.summary, notice), 0)
    }
  })

  it("never names an AVOID day the best day", () => {
    let avoidDays = 0
    for (const { analysis, c, language } of all) {
      const pack = packFor(language)
      for (const day of analysis.daily_classifications) {
        if (day.classification !== "AVOID") continue
        avoidDays++
        const best = pack.best(dateText(day.date, pack), "AVOID", "").replace(/[.。]$/, "").trim()
        assert.notInclude(analysis.summary, best, `${c.name} ${language}`)
      }
    }
    assert.isAbove(avoidDays, 0, "the cases hold AVOID days")
  })
})
