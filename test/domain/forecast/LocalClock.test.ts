import { assert, describe, it } from "@effect/vitest"
import { quotedNumbers } from "../../../src/domain/analysis/QuotedNumbers.js"
import { clockText, dateText, minutesText, wallClockAt, zoneText } from "../../../src/domain/forecast/LocalClock.js"
import type { Language } from "../../../src/domain/spotcast/Preferences.js"

const languages: ReadonlyArray<Language> = ["en", "es", "fr", "pt", "it", "ja"]

describe("LocalClock", () => {
  it("one clock format per language, on the hour and with minutes", () => {
    const table: Record<Language, readonly [string, string, string]> = {
      en: ["15:00", "15:30", "07:05"],
      es: ["15:00", "15:30", "07:05"],
      fr: ["15 h", "15 h 30", "7 h 05"],
      pt: ["15h00", "15h30", "7h05"],
      it: ["15:00", "15:30", "7:05"],
      ja: ["15時", "15時30分", "7時5分"]
    }
    for (const language of languages) {
      assert.deepStrictEqual([clockText(language, 15), clockText(language, 15, 30), clockText(language, 7, 5)], [...table[language]], language)
    }
  })

  it("the end of a day and minutes since midnight: 24:00, \"minuit\" in French, the same clock from minutes", () => {
    const midnight: Record<Language, string> = { en: "24:00", es: "24:00", fr: "minuit", pt: "24h00", it: "24:00", ja: "24時" }
    const morning: Record<Language, string> = { en: "05:28", es: "05:28", fr: "5 h 28", pt: "5h28", it: "5:28", ja: "5時28分" }
    for (const language of languages) {
      assert.strictEqual(clockText(language, 24), midnight[language], language)
      assert.strictEqual(minutesText(language, 1440), midnight[language], language)
      assert.strictEqual(minutesText(language, 5 * 60 + 28), morning[language], language)
      // Rounded to the minute, never "5:60".
      assert.strictEqual(minutesText(language, 5 * 60 + 27.6), morning[language], language)
      assert.strictEqual(minutesText(language, 0), clockText(language, 0, 0), language)
    }
  })

  it("the text floor reads every clock back as the same time", () => {
    for (const language of languages) {
      for (const [h, m] of [[0, 0], [7, 5], [15, 30], [23, 59]] as const) {
        const found = quotedNumbers(`x ${clockText(language, h, m)} x`, language).filter((q) => q._tag === "Time")
        assert.deepStrictEqual(found.map((q) => q._tag === "Time" ? [q.hour, q.minute] : []), [[h, m]], `${language} ${h}:${m}`)
      }
    }
  })

  it("the wall clock is the instant at the offset, to the nearest minute, across midnight", () => {
    const instant = Date.UTC(2026, 11, 31, 23, 29, 40)
    assert.deepStrictEqual(wallClockAt(instant, 3600), { year: 2027, month: 1, day: 1, weekday: 5, hour: 0, minute: 30 })
    assert.deepStrictEqual(wallClockAt(instant, -5 * 3600), { year: 2026, month: 12, day: 31, weekday: 4, hour: 18, minute: 30 })
    assert.deepStrictEqual(wallClockAt(instant, 5.5 * 3600), { year: 2027, month: 1, day: 1, weekday: 5, hour: 5, minute: 0 })
  })

  it("dates as the SpotCast texts write them", () => {
    const d = { month: 7, day: 1, weekday: 3 }
    assert.deepStrictEqual(languages.map((l) => dateText(l, d)), [
      "Wednesday 1 July", "miércoles 1 de julio", "mercredi 1er juillet", "quarta-feira, 1 de julho", "mercoledì 1º luglio", "7月1日（水）"
    ])
  })

  it("names the zone: the IANA name, a fixed offset the way a person reads it, the offset alone when unnamed", () => {
    assert.strictEqual(zoneText({ utcOffsetSeconds: 3600, timezone: "Europe/Paris" }), "Europe/Paris")
    assert.strictEqual(zoneText({ utcOffsetSeconds: 10800, timezone: "Etc/GMT-3" }), "UTC+3")
    assert.strictEqual(zoneText({ utcOffsetSeconds: -14400, timezone: "Etc/GMT+4" }), "UTC−4")
    assert.strictEqual(zoneText({ utcOffsetSeconds: 0, timezone: "Etc/GMT" }), "UTC")
    assert.strictEqual(zoneText({ utcOffsetSeconds: 0 }), "UTC")
    assert.strictEqual(zoneText({ utcOffsetSeconds: 5.5 * 3600 }), "UTC+5:30")
    assert.strictEqual(zoneText({ utcOffsetSeconds: -9.5 * 3600 }), "UTC−9:30")
  })
})
