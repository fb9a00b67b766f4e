import { assert, describe, it } from "@effect/vitest"
import { resolvePreferences } from "../../../src/domain/spotcast/Preferences.js"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { DAY_TEXT_LIMIT } from "../../../src/adapters/analyst/BuiltinDay.js"
import { dateText } from "../../../src/adapters/analyst/BuiltinFacts.js"
import { zoneNameOf, zoneText } from "../../../src/adapters/analyst/i18n/LocalClock.js"
import { packFor } from "../../../src/adapters/analyst/i18n/Packs.js"
import type { Language } from "../../../src/domain/spotcast/Preferences.js"
import { analysisOf, cases, everyAnalysis, vessels } from "./DayTextMatrix.js"

// Issue 23 items 2 and 3 over the day-text matrix (DayTextMatrix.ts): recorded Open-Meteo answers and
// sandbox weather, every language × unit set × vessel × trip setting.

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
  // Every day text within DAY_TEXT_LIMIT (350), in every language: the sentences that matter least shrink or
  // go first (BuiltinDay.ts `KEEP`), and what must be said is short enough to fit.
  it(`keeps every day text within ${DAY_TEXT_LIMIT} characters`, () => {
    assert.isAbove(all.length, 1000)
    for (const { analysis, c, language } of all) {
      for (const day of analysis.daily_classifications) {
        assert.isAtMost(day.summary.length, DAY_TEXT_LIMIT, `${c.name} ${language}: ${day.summary}`)
      }
    }
  })

  it("always says the class first, an AVOID day's advice, and the tip for darkness or freezing spray when they decided a CAUTION day", () => {
    // (The matrix has AVOID days; darkness and freezing spray deciding a CAUTION day are hand-built in HazardTexts.test.ts.)
    let avoid = 0
    for (const { analysis, c, language, vessel } of all) {
      const pack = packFor(language)
      for (const day of analysis.daily_classifications) {
        const where = `${c.name} ${language} ${vessel.type}: ${day.summary}`
        assert.isTrue(day.summary.replace(/^【/, "").startsWith(pack.classWord[day.classification]), where)
        if (day.classification === "AVOID") {
          avoid++
          assert.include(day.summary, pack.advice[vessel.type].AVOID, where)
        }
        if (day.classification !== "CAUTION") continue
        for (const tip of ["darkness", "freezing_spray"] as const) {
          if (!(day.deciding_factors ?? []).includes(tip)) continue
          assert.include(day.summary, pack.tip[tip], where)
        }
      }
    }
    assert.isAbove(avoid, 0, "the matrix holds AVOID days")
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
