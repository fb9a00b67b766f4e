import { assert, describe, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { writeDay } from "../../../src/adapters/analyst/BuiltinDay.js"
import { writeSummary } from "../../../src/adapters/analyst/BuiltinSummary.js"
import type { DayStory } from "../../../src/domain/forecast/DayStory.js"
import type { DayAssessment } from "../../../src/domain/safety/Assessment.js"
import { windowOffered } from "../../../src/domain/safety/TripWindowChoice.js"
import type { Language } from "../../../src/domain/spotcast/Preferences.js"
import { calm, caution, gale, input } from "./BuiltinFixtures.js"

const languages: ReadonlyArray<Language> = ["en", "es", "fr", "pt", "it", "ja"]
/** How each language opens "best day", "best time to go" and a "best window" (the built-in packs' words). */
const bestDay: Record<Language, string> = {
  en: "Best day:", es: "Mejor día:", fr: "Meilleur jour", pt: "Melhor dia:", it: "Giorno migliore:", ja: "最良の日"
}
const bestTime: Record<Language, string> = {
  en: "Best time to go", es: "Mejor momento para salir", fr: "Meilleur moment pour sortir", pt: "Melhor altura para sair",
  it: "Momento migliore per uscire", ja: "出航に最適な時間"
}
const bestWindow: Record<Language, string> = {
  en: "Best window", es: "Mejor franja", fr: "Meilleur créneau", pt: "Melhor janela", it: "Finestra migliore", ja: "おすすめの時間帯"
}

const story: DayStory = { outside: {}, tides: [], zone: { utcOffsetSeconds: 7200, timezone: "Europe/Paris" } }

const dayArb = fc.record({
  template: fc.constantFrom(calm, caution, gale),
  dark: fc.constantFrom(0, 0, 0.4, 2),
  daylight: fc.constantFrom(0, 0.13, 1.08, 6.5, 12, 24),
  past: fc.boolean()
}).map(({ daylight, dark, past, template }): DayAssessment => ({
  ...template,
  conditions: { ...template.conditions, daylight_hours: daylight, dark_hours: dark },
  ...(past ? { windowPast: true } : {})
}))

const dated = (days: ReadonlyArray<DayAssessment>) =>
  days.map((d, i) => ({ ...d, date: `2026-11-${String(27 + i).padStart(2, "0")}` }))

describe("best days and best times in the built-in texts", () => {
  it.prop(
    "no AVOID day is called the best day; a best time or best window is only ever the rules' offered window",
    [fc.array(dayArb, { minLength: 1, maxLength: 5 }), fc.constantFrom(...languages)],
    ([raw, language]) => {
      const days = dated(raw)
      const analystInput = input({ language, distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }, { days, stories: days.map(() => story) })
      const summary = writeSummary(analystInput)
      const offered = days.filter(windowOffered)
      if (days.every((d) => d.classification === "AVOID")) assert.notInclude(summary, bestDay[language])
      if (offered.length === 0) assert.notInclude(summary, bestTime[language])
      days.forEach((d, i) => {
        const text = writeDay(analystInput, i)
        if (!windowOffered(d)) assert.notInclude(text, bestWindow[language], `${d.classification} ${JSON.stringify(d.conditions)}`)
      })
    },
    { fastCheck: { numRuns: 200 } }
  )

  it("a week of AVOID days names none of them best, in French too", () => {
    const avoid = dated([gale, gale, gale])
    const fr = writeSummary(input({ language: "fr", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }, { days: avoid, stories: avoid.map(() => story) }))
    assert.notInclude(fr, "Meilleur jour")
    assert.notInclude(fr, "Meilleur moment")
    assert.include(fr, "Jour le plus difficile")
    // With one better day, that day is the best, with its window.
    const mixed = dated([gale, calm, gale])
    const en = writeSummary(input({ language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }, { days: mixed, stories: mixed.map(() => story) }))
    assert.include(en, "Best day: ")
    assert.include(en, "Best time to go")
  })

  it("a polar night's whole day and a window after sunset are never a best time (Tromsø, Svalbard)", () => {
    const night = { ...caution, conditions: { ...caution.conditions, daylight_hours: 0, dark_hours: 0 }, window: { startHour: 0, endHour: 24 } }
    const evening = { ...calm, conditions: { ...calm.conditions, daylight_hours: 2.1, dark_hours: 5 }, window: { startHour: 19, endHour: 24 } }
    for (const language of languages) {
      for (const d of [night, evening]) {
        const days = dated([d])
        const text = writeSummary(input({ language, distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }, { days, stories: [story] }))
        assert.notInclude(text, bestTime[language], `${language}: ${text}`)
      }
    }
  })
})
