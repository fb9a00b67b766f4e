import { assert, describe, it } from "@effect/vitest"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import type { Language } from "../../../src/domain/spotcast/Preferences.js"
import type { VesselType } from "../../../src/domain/spotcast/Vessel.js"
import { classifyDay } from "../../../src/domain/safety/ClassifyDay.js"
import * as LlmPrompt from "../../../src/adapters/analyst/LlmPrompt.js"
import { calm, caution, day, days, gale, inland, input, keywords, languages, speedWords, written } from "./BuiltinFixtures.js"

const prefs = (language: Language) => ({ language, distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }) as const
const texts = (language: Language, overrides: Parameters<typeof input>[1] = {}) => {
  const analysis = BuiltinAnalyst.write(input(prefs(language), overrides))
  return { summary: analysis.summary, days: analysis.daily_classifications.map((d) => d.summary) }
}

describe("BuiltinAnalyst: notes and warnings", () => {
  it("says the data is simulated once, in the summary of every language, only when it is", () => {
    for (const language of languages) {
      const notice = BuiltinAnalyst.simulatedNotice(language)
      assert.include(notice, keywords.simulated[language])
      const simulated = texts(language, { simulated: true })
      assert.strictEqual(simulated.summary.split(notice).length - 1, 1)
      for (const text of simulated.days) assert.notInclude(text, keywords.simulated[language])
      const real = texts(language)
      for (const text of [real.summary, ...real.days]) assert.notInclude(text, keywords.simulated[language])
    }
  })

  it("says sea-state data is unavailable on a day without waves, and only there", () => {
    for (const language of languages) {
      const { days: written, summary } = texts(language)
      assert.include(written[3]!, keywords.seaState[language])
      for (const text of written.slice(0, 3)) assert.notInclude(text, keywords.seaState[language])
      assert.include(summary, keywords.seaState[language])
      assert.notInclude(texts(language, { days: [calm, gale] }).summary, keywords.seaState[language])
    }
  })

  it("notes light air for a sailboat only, with its wind, and never as a hazard", () => {
    for (const language of languages) {
      const sail = texts(language)
      assert.include(sail.days[3]!, keywords.lightAir[language])
      assert.include(sail.days[3]!, `${written(2.6, language)}${speedWords[language].kts}`)
      for (const text of sail.days.slice(0, 3)) assert.notInclude(text, keywords.lightAir[language])
      for (const type of ["powerBoat", "pwc", "yacht", "catamaran"] as const) {
        const other = texts(language, { vessel: { type, lengthFt: 22 } })
        for (const text of other.days) assert.notInclude(text, keywords.lightAir[language])
      }
    }
    const { daily_classifications } = BuiltinAnalyst.write(input(prefs("en")))
    assert.strictEqual(daily_classifications[3]!.classification, "CAUTION")
    assert.strictEqual(daily_classifications[3]!.summary.split("Light air").length - 1, 1)
    assert.include(daily_classifications[3]!.summary, "CAUTION for your 22 ft sailboat because of unknown sea state (no wave data).")
  })

  it("names an unknown wave period as the deciding factor without claiming all sea-state data is missing", () => {
    const { wave_period_s: _, ...conditions } = caution.conditions
    const noPeriod = day("2025-06-07", "CAUTION", { ...conditions, wave_height_ft: 4 },
      { reasons: [["seas", "GO"], ["sea_state_unavailable", "CAUTION"]] })
    const text = BuiltinAnalyst.writeDay(input(prefs("en"), { days: [noPeriod] }), 0)
    assert.include(text, "because of unknown wave period (the steepness of 4 ft seas cannot be judged).")
    assert.notInclude(text, keywords.seaState.en)
  })

  it("never offers a \"best window\" on an AVOID day (issue 11), in any language", () => {
    const best = { en: "Best window", es: "Mejor franja", fr: "Meilleur créneau", pt: "Melhor janela", it: "Finestra migliore",
      ja: "おすすめの時間帯" } as const
    const trip = { en: "Trip hours", es: "Horas de la salida", fr: "Sortie prévue", pt: "Horário da saída",
      it: "Orario dell'uscita", ja: "予定の時間帯" } as const
    for (const language of languages) {
      const stormy = day("2025-06-07", "AVOID", { ...calm.conditions, wind_speed_kt: 36, wind_gust_kt: 44 })
      const text = BuiltinAnalyst.writeDay(input(prefs(language), { days: [stormy] }), 0)
      assert.notInclude(text, best[language], language)
      assert.include(text, trip[language], language)
      const fine = BuiltinAnalyst.writeDay(input(prefs(language), { days: [day("2025-06-07", "GO", calm.conditions)] }), 0)
      assert.include(fine, best[language], language)
    }
  })

  it("notes light air from the wind alone when the rules gave no light-air reason", () => {
    const still = day("2025-06-07", "GO", { ...calm.conditions, wind_speed_kt: 1.5, wind_gust_kt: 3 })
    assert.include(BuiltinAnalyst.writeDay(input(prefs("en"), { days: [still] }), 0), "Light air (1.5 kt)")
  })

  it("names the trip window in local time, as each language writes hours", () => {
    // One format per language (LocalClock): no zone here, the hand-made input has no story.
    const window = { en: "09:00–13:00", es: "de 09:00 a 13:00", fr: "de 9 h à 13 h", pt: "das 9h00 às 13h00",
      it: "dalle 9:00 alle 13:00", ja: "9時〜13時" } as const
    for (const language of languages) assert.include(texts(language).days[1]!, window[language])
    assert.include(texts("en").days[1]!, "Best window 09:00–13:00")
    const { tripDurationHours: _, ...noTrip } = input(prefs("en"))
    assert.include(BuiltinAnalyst.writeDay(noTrip, 3), "Daylight 06:00–20:00")
    assert.include(BuiltinAnalyst.writeDay(input(prefs("it"), { days: [day("2025-06-07", "GO", calm.conditions, { window: [8, 11] })] }), 0),
      "dalle 8:00 alle 11:00")
    assert.include(BuiltinAnalyst.writeDay(input(prefs("it"), { days: [day("2025-06-07", "GO", calm.conditions, { window: [1, 11] })] }), 0),
      "dall'1:00 alle 11:00")
  })

  it("warns when conditions outside the window are worse, naming what worsens", () => {
    for (const language of languages) {
      const { days: written } = texts(language)
      assert.include(written[1]!, keywords.worseOutside[language])
      for (const i of [0, 2, 3]) assert.notInclude(written[i]!, keywords.worseOutside[language])
    }
    assert.include(texts("en").days[1]!, "Worse outside the window: stronger wind and higher seas.")
  })

  it("names the deciding hazards with their numbers, and milder ones apart", () => {
    const text = BuiltinAnalyst.writeDay(input(prefs("en")), 2)
    assert.include(text, "AVOID for your 22 ft sailboat because of sustained wind of 38.6 kt, gusts to 49.3 kt and seas of 13.8 ft.")
    assert.include(text, "Also watch for 40% chance of rain (1.3 mm/h).")
    assert.include(BuiltinAnalyst.writeDay(input(prefs("es")), 1), "PRECAUCIÓN para su velero de 22 pies: viento sostenido de 16,3 nudos y olas de 3,4 pies.")
  })

  it("words the text for the vessel, and says when no vessel was given", () => {
    const of = (type: VesselType, language: Language = "en") =>
      BuiltinAnalyst.writeDay(input(prefs(language), { vessel: { type, lengthFt: 30 } }), 2)
    const types = ["powerBoat", "sailboat", "pwc", "yacht", "catamaran"] as const
    for (const language of languages) assert.strictEqual(new Set(types.map((t) => of(t, language))).size, types.length)
    assert.include(of("pwc"), "your 30 ft personal watercraft")
    assert.include(of("pwc"), "Do not ride")
    assert.include(BuiltinAnalyst.writeDay(input(prefs("pt"), { vessel: { type: "powerBoat", lengthFt: 20 } }), 0), "a sua lancha de 20 pés")
    assert.include(BuiltinAnalyst.writeDay(input(prefs("it"), { vessel: { type: "yacht", lengthFt: 80 } }), 0), "il tuo yacht da 80 piedi")
    const unnamed = input(prefs("en"), { vessel: { type: "powerBoat", lengthFt: 20 }, vesselGiven: false })
    assert.include(BuiltinAnalyst.writeDay(unnamed, 0), "a 20 ft power boat (no vessel given)")
    assert.include(BuiltinAnalyst.writeSummary(unnamed), "a 20 ft power boat (no vessel given)")
  })

  it("gives the vessel's length in metres when distances are in km", () => {
    assert.include(
      BuiltinAnalyst.writeDay(input({ language: "fr", distanceUnits: "km", speedUnits: "kts", heightUnits: "m", temperatureUnits: "c" }), 0),
      `votre voilier de ${written(22 * 0.3048, "fr")} m`
    )
  })

  it("refuses a day index outside the input", () => {
    assert.throws(() => BuiltinAnalyst.writeDay(input(prefs("en")), days.length))
  })

  it("writes the same text for the same input", () => {
    assert.deepStrictEqual(BuiltinAnalyst.write(input(prefs("ja"))), BuiltinAnalyst.write(input(prefs("ja"))))
    assert.notStrictEqual(BuiltinAnalyst.writeDay(input(prefs("ja")), 0), BuiltinAnalyst.writeDay(input(prefs("ja")), 1))
    assert.strictEqual(inland.conditions.wave_height_ft, undefined)
    assert.strictEqual(caution.classification, "CAUTION")
  })
})

describe("BuiltinAnalyst: hazards named once", () => {
  it("does not repeat the gust a thunderstorm already quotes, nor the height steep seas already quote", () => {
    const storm = day("2025-06-08", "AVOID", {
      wind_speed_kt: 24, wind_gust_kt: 41, wind_direction_deg: 200, wave_height_ft: 4, wave_period_s: 3.5,
      visibility_nm: 2, precipitation_probability_pct: 90, precipitation_mm_per_h: 9.5
    }, { reasons: [["thunderstorm", "AVOID"], ["gust", "AVOID"], ["steep_seas", "AVOID"], ["seas", "CAUTION"], ["wind", "CAUTION"]] })
    const text = BuiltinAnalyst.writeDay(input({ language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }, { days: [storm] }), 0)
    assert.include(text, "because of thunderstorms (gusts to 41 kt, rain 9.5 mm/h) and steep seas of 4 ft at 3.5 s.")
    assert.include(text, "Also watch for sustained wind of 24 kt.")
    assert.strictEqual(text.split("seas of 4 ft").length - 1, 1)
    assert.strictEqual(text.split("gusts to 41 kt").length - 1, 1)
  })
})

describe("BuiltinAnalyst: a squall risk from CAPE", () => {
  const unstable = {
    wind_speed_kt: 8, wind_gust_kt: 12, wind_direction_deg: 180, wave_height_ft: 1, wave_period_s: 6,
    visibility_nm: 10, precipitation_probability_pct: 70, precipitation_mm_per_h: 0.5, air_temp_c: 27, water_temp_c: 25,
    cape_j_per_kg: 1850
  }
  const squall: Record<Language, string> = {
    en: "a risk of thunderstorm squalls (unstable air, CAPE 1850 J/kg; gusts to 12 kt)",
    es: "riesgo de turbonadas tormentosas (aire inestable, CAPE de 1850 J/kg",
    fr: "risque de grains orageux (air instable, CAPE de 1850 J/kg",
    pt: "risco de borrascas de trovoada (ar instável, CAPE de 1850 J/kg",
    it: "rischio di groppi temporaleschi (aria instabile, CAPE di 1850 J/kg",
    ja: "雷雨による突風のおそれ（大気不安定、CAPE 1850 J/kg"
  }

  it("says in every language that the instability (CAPE) raised the thunderstorm factor", () => {
    const assessed = classifyDay(unstable)
    assert.strictEqual(assessed.classification, "CAUTION")
    const reasons = assessed.reasons.map((r) => [r.factor, r.classification] as const)
    const caution = day("2025-06-09", "CAUTION", unstable, { reasons })
    for (const language of languages) {
      const text = BuiltinAnalyst.writeDay(input(prefs(language), { days: [caution] }), 0)
      assert.include(text, squall[language], language)
    }
  })

  it("gives a language model the CAPE only where the provider gave it", () => {
    const withCape = day("2025-06-09", "CAUTION", unstable, { reasons: [["thunderstorm", "CAUTION"]] })
    const facts = LlmPrompt.facts(input(prefs("en"), { days: [withCape, calm] }))
    assert.strictEqual(facts.days[0]!.conditions_in_window.cape_j_per_kg, 1850)
    assert.notProperty(facts.days[1]!.conditions_in_window, "cape_j_per_kg")
  })

  it("words a forecast thunderstorm as before, CAPE or not", () => {
    const storm = day("2025-06-09", "AVOID", { ...unstable, weather_code: 95, wind_gust_kt: 30 }, { reasons: [["thunderstorm", "AVOID"]] })
    const text = BuiltinAnalyst.writeDay(input(prefs("en"), { days: [storm] }), 0)
    assert.include(text, "thunderstorms (gusts to 30 kt, rain 0.5 mm/h)")
    assert.notInclude(text, "CAPE")
  })
})
