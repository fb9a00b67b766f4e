import { assert, describe, it, layer } from "@effect/vitest"
import { Arbitrary, Effect, FastCheck as fc, Schema } from "effect"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { DAY_TEXT_LIMIT } from "../../../src/adapters/analyst/BuiltinDay.js"
import { Analysis } from "../../../src/domain/forecast/Analysis.js"
import { DayAssessment } from "../../../src/domain/safety/Assessment.js"
import { Preferences } from "../../../src/domain/spotcast/Preferences.js"
import { Vessel } from "../../../src/domain/spotcast/Vessel.js"
import { Analyst } from "../../../src/ports/Analyst.js"
import {
  calm, caution, classWords, days, distanceWords, everyPreference, gale, hasNumber, heightIn, inland, input,
  perKnot, perNauticalMile, rainIn, speedWords, temperatureIn, verdictMark, written
} from "./BuiltinFixtures.js"

const combination = (p: Preferences) => `${p.language} ${p.distanceUnits} ${p.speedUnits} ${p.heightUnits} ${p.temperatureUnits}`

describe("BuiltinAnalyst: numbers in the requested units and language", () => {
  for (const preferences of everyPreference) {
    const { distanceUnits: d, heightUnits: h, language: l, speedUnits: s, temperatureUnits: tu } = preferences
    const speed = (kt: number) => written(kt * perKnot[s], l)
    const height = (ft: number) => written(heightIn(ft, h), l)

    it(`each day's text quotes its readings (${combination(preferences)})`, () => {
      const analysis = BuiltinAnalyst.write(input(preferences))
      for (const [i, day] of days.entries()) {
        const text = analysis.daily_classifications[i]!.summary
        const c = day.conditions
        const expect = (what: string, digits: string) =>
          assert.isTrue(hasNumber(text, digits), `${what} ${digits} missing from ${day.date}: ${text}`)
        assert.include(text, `${speed(c.wind_speed_kt)}${speedWords[l][s]}`)
        assert.include(text, `${speed(c.wind_gust_kt)}${speedWords[l][s]}`)
        if (c.wave_height_ft !== undefined) expect("wave height", height(c.wave_height_ft))
        if (c.precipitation_probability_pct !== undefined) expect("rain chance", written(c.precipitation_probability_pct, l))
        if (c.precipitation_mm_per_h !== undefined) expect("rain rate", rainIn(c.precipitation_mm_per_h, tu, l))
        assert.notInclude(text, tu === "f" ? "°C" : "°F")
        assert.isAtMost(text.length, DAY_TEXT_LIMIT)
        assert.include(text, verdictMark(l, day.classification))
        // The gale's AVOID text says its hazards, window and advice, and gives up readings that did not decide
        // it (temperatures, swell, visibility) to stay within DAY_TEXT_LIMIT. Another day gives up only its
        // temperatures and good visibility, and only when the text has no room left for them.
        if (day.classification === "AVOID") continue
        if (c.swell_height_ft !== undefined) expect("swell height", height(c.swell_height_ft))
        if (c.wave_period_s !== undefined) expect("wave period", written(c.wave_period_s, l))
        if (DAY_TEXT_LIMIT - text.length < 40) continue
        if (c.visibility_nm !== undefined) {
          assert.include(text, `${written(c.visibility_nm * perNauticalMile[d], l)}${distanceWords[l][d]}`)
        }
        for (const t of [c.air_temp_c, c.water_temp_c]) if (t !== undefined) expect("temperature", written(temperatureIn(t, tu), l))
        assert.include(text, tu === "f" ? "°F" : "°C")
      }
    })

    it(`the summary quotes the key numbers and names the best and worst days (${combination(preferences)})`, () => {
      const { summary } = BuiltinAnalyst.write(input(preferences))
      const expect = (what: string, digits: string) =>
        assert.isTrue(hasNumber(summary, digits), `${what} ${digits} missing from the summary: ${summary}`)
      expect("lowest wind", speed(inland.conditions.wind_speed_kt))
      expect("highest wind", speed(gale.conditions.wind_speed_kt))
      expect("highest gust", speed(gale.conditions.wind_gust_kt))
      expect("lowest seas", height(calm.conditions.wave_height_ft!))
      expect("highest seas", height(gale.conditions.wave_height_ft!))
      expect("best day's wind", speed(calm.conditions.wind_speed_kt))
      assert.include(summary, `${speed(gale.conditions.wind_speed_kt)}${speedWords[l][s]}`)
      // The counts write the class words in running text ("1 día de precaución"), hence lower case.
      for (const cls of ["GO", "CAUTION", "AVOID"] as const) {
        assert.include(summary.toLowerCase(), classWords[l][cls].toLowerCase())
      }
    })
  }

  it("names the best and worst days by their local date, best first", () => {
    const best = { en: "Tuesday 3 June", es: "martes 3 de junio", fr: "mardi 3 juin", pt: "terça-feira, 3 de junho",
      it: "martedì 3 giugno", ja: "6月3日（火）" } as const
    const worst = { en: "Thursday 5 June", es: "jueves 5 de junio", fr: "jeudi 5 juin", pt: "quinta-feira, 5 de junho",
      it: "giovedì 5 giugno", ja: "6月5日（木）" } as const
    for (const language of Object.keys(best) as Array<keyof typeof best>) {
      const { summary } = BuiltinAnalyst.write(input({ language, distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }))
      assert.include(summary, best[language])
      assert.include(summary, worst[language])
      // The advisory headline may name the worst day first; the best/worst sentences come best first.
      assert.isBelow(summary.indexOf(best[language]), summary.lastIndexOf(worst[language]))
    }
  })

  it("a single day is described once, with its class and numbers", () => {
    const { summary } = BuiltinAnalyst.write(input({ language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }, { days: [caution] }))
    assert.include(summary, "Wednesday 4 June (CAUTION)")
    assert.include(summary, "16.3 kt")
    assert.notInclude(summary, "Best day")
  })
})

const anyInput = fc.record({
  days: fc.array(Arbitrary.make(DayAssessment), { minLength: 1, maxLength: 5 }),
  preferences: Arbitrary.make(Preferences),
  vessel: Arbitrary.make(Vessel),
  vesselGiven: fc.boolean(),
  simulated: fc.boolean(),
  trip: fc.option(fc.integer({ min: 1, max: 24 }), { nil: undefined })
})

describe("BuiltinAnalyst: classes pass through", () => {
  it.prop("every day keeps the rules' class and date, and every text is written", [anyInput], ([a]) => {
    const analysis = BuiltinAnalyst.write({
      coordinates: { latitude: 0, longitude: 0 },
      days: a.days,
      vessel: a.vessel,
      vesselGiven: a.vesselGiven,
      preferences: a.preferences,
      simulated: a.simulated,
      ...(a.trip === undefined ? {} : { tripDurationHours: a.trip })
    })
    assert.isTrue(Schema.is(Analysis)(analysis))
    assert.deepStrictEqual(
      analysis.daily_classifications.map((d) => [d.date, d.classification]),
      a.days.map((d) => [d.date, d.classification])
    )
    for (const [i, text] of [analysis.summary, ...analysis.daily_classifications.map((d) => d.summary)].entries()) {
      const own = i === 0 ? text : text.replaceAll(a.days[i - 1]!.date, "")
      assert.isAbove(text.length, 20)
      assert.notInclude(own, "undefined")
      assert.notInclude(own, "NaN")
    }
  }, { fastCheck: { numRuns: 300 } })
})

layer(BuiltinAnalyst.layer)("BuiltinAnalyst.layer", (it) => {
  it.effect("serves the same analysis through the Analyst port", () =>
    Effect.gen(function*() {
      const analyst = yield* Analyst
      const given = input({ language: "pt", distanceUnits: "km", speedUnits: "ms", heightUnits: "m", temperatureUnits: "c" }, { simulated: true })
      const analysis = yield* analyst.analyze(given)
      assert.deepStrictEqual(analysis, BuiltinAnalyst.write(given))
      assert.deepStrictEqual(analysis.daily_classifications.map((d) => d.classification), ["GO", "CAUTION", "AVOID", "CAUTION"])
    }))
})

describe("BuiltinAnalyst: best and worst days", () => {
  const en = { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" } as const

  it("never names the same day best and worst, even when a calmer day has unknown seas", () => {
    const { wave_height_ft: _w, wave_period_s: _p, swell_height_ft: _s, swell_period_s: _sp, ...noSea } = calm.conditions
    const unknown = { ...calm, date: "2025-06-04", conditions: { ...noSea, wind_speed_kt: 3 } }
    const { summary } = BuiltinAnalyst.write(input(en, { days: [calm, unknown], vessel: { type: "powerBoat", lengthFt: 20 } }))
    assert.include(summary, "Best day: Tuesday 3 June")
    assert.include(summary, "Worst day: Wednesday 4 June")
  })

  it("prefers a sailing breeze to a flat calm for a sailboat, and the calm for a power boat", () => {
    const flat = { ...calm, date: "2025-06-04", conditions: { ...calm.conditions, wind_speed_kt: 1.5, wind_gust_kt: 2.5 } }
    const sail = BuiltinAnalyst.write(input(en, { days: [calm, flat] })).summary
    assert.include(sail, "Best day: Tuesday 3 June")
    const power = BuiltinAnalyst.write(input(en, { days: [calm, flat], vessel: { type: "powerBoat", lengthFt: 20 } })).summary
    assert.include(power, "Best day: Wednesday 4 June")
  })
})
