import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { assessDays } from "../../../src/domain/safety/AssessDays.js"
import type { DayAssessment } from "../../../src/domain/safety/Assessment.js"
import type { WeatherSeries } from "../../../src/domain/weather/HourlyWeather.js"
import type { Language } from "../../../src/domain/spotcast/Preferences.js"
import type { Vessel } from "../../../src/domain/spotcast/Vessel.js"
import { calmHour, type Reading, series } from "../../domain/safety/Hours.js"
import { languages } from "./BuiltinFixtures.js"

/** Issue 11's new hazards end to end: hourly series → rules → the built-in text, in every language. */
const prefs = (language: Language) => ({ language, distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }) as const

interface Case {
  readonly s: WeatherSeries
  readonly date: string
  readonly coordinates: { readonly latitude: number; readonly longitude: number }
  readonly vessel: Vessel
  readonly tripDurationHours?: number
}

const assessed = (c: Case): DayAssessment => {
  const result = assessDays({ series: c.s, dates: [c.date], coordinates: c.coordinates, vessel: c.vessel, tripDurationHours: c.tripDurationHours })
  return Either.getOrElse(result, (e) => assert.fail(`expected days, got Left: ${e}`))[0]!
}

const text = (c: Case, day: DayAssessment, language: Language): string =>
  BuiltinAnalyst.write({
    coordinates: c.coordinates, days: [day], vessel: c.vessel, vesselGiven: true, preferences: prefs(language), simulated: false,
    ...(c.tripDurationHours === undefined ? {} : { tripDurationHours: c.tripDurationHours })
  }).daily_classifications[0]!.summary

const bestWindow: Record<Language, string> = {
  en: "Best window", es: "Mejor franja", fr: "Meilleur créneau", pt: "Melhor janela", it: "Finestra migliore", ja: "おすすめの時間帯"
}

describe("polar night, end to end (80° N in December)", () => {
  const svalbard = { latitude: 80, longitude: 15 }
  const calmNight: Reading = { ...calmHour, air_temp_c: -12, water_temp_c: 1 }
  const trip: Case = {
    s: series("2026-12-15", 1, () => calmNight, 3600), date: "2026-12-15", coordinates: svalbard,
    vessel: { type: "powerBoat", lengthFt: 20 }, tripDurationHours: 4
  }
  const darkPhrase: Record<Language, string> = {
    en: "no daylight at all (polar night)", es: "noche polar", fr: "nuit polaire", pt: "noite polar", it: "notte polare", ja: "極夜"
  }

  it("a 20 ft open boat is AVOID, named for the darkness, with no best window in any language", () => {
    const day = assessed(trip)
    assert.strictEqual(day.classification, "AVOID")
    assert.strictEqual(day.reasons[0]!.factor, "darkness")
    for (const language of languages) {
      const t = text(trip, day, language)
      assert.include(t, darkPhrase[language], `${language}: ${t}`)
      assert.notInclude(t, bestWindow[language], `${language}: ${t}`)
    }
    const en = text(trip, day, "en")
    assert.match(en, /^AVOID for your 20 ft power boat because of no daylight at all \(polar night\)/)
    assert.include(en, "Trip hours")
    // The cold is named too: water 1 °C and air -12 °C.
    assert.include(en, "cold water at 1°C")
    assert.include(en, "Air below freezing (-12°C)")
  })

  it("without a trip duration the whole day is named as dark, never as daylight", () => {
    const { tripDurationHours: _, ...noTrip } = trip
    const day = assessed(noTrip)
    assert.strictEqual(day.classification, "AVOID")
    const en = text(noTrip, day, "en")
    assert.include(en, "No daylight, whole day 00:00–24:00")
    assert.notInclude(en, "Daylight hours")
  })

  it("a 40 ft sailboat is CAUTION and told how to go out in the dark", () => {
    const big: Case = { ...trip, vessel: { type: "sailboat", lengthFt: 40 } }
    const day = assessed(big)
    assert.strictEqual(day.classification, "CAUTION")
    const en = text(big, day, "en")
    assert.include(en, "In the dark: show navigation lights")
    assert.notInclude(en, "Best window")
  })

  it("a trip longer than a short winter day is CAUTION and its hours are not a best window", () => {
    const tromso = { latitude: 63.4, longitude: 10.4 } // Trondheim: about 4-5 h of daylight on 15 December
    const long: Case = { ...trip, s: series("2026-12-15", 1, () => calmHour, 3600), coordinates: tromso, tripDurationHours: 8,
      vessel: { type: "sailboat", lengthFt: 35 } }
    const day = assessed(long)
    assert.strictEqual(day.classification, "CAUTION")
    assert.strictEqual(day.reasons[0]!.factor, "darkness")
    const en = text(long, day, "en")
    assert.match(en, /because of a trip longer than the daylight \(\d h of it in the dark\)/)
    assert.include(en, "Trip hours")
    assert.notInclude(en, "Best window")
  })
})

describe("freezing spray, end to end", () => {
  const bering = { latitude: 58, longitude: -170 }
  const spray = (wind: number, air: number, water: number): Case => ({
    s: series("2026-01-20", 1, () => ({ ...calmHour, wind_speed_kt: wind, wind_gust_kt: wind + 6, wave_height_ft: 6, air_temp_c: air, water_temp_c: water }), -36000),
    date: "2026-01-20", coordinates: bering, vessel: { type: "powerBoat", lengthFt: 45 }, tripDurationHours: 3
  })
  const sprayWords: Record<Language, string> = {
    en: "heavy freezing spray", es: "engelamiento intenso por rociones", fr: "forts embruns verglaçants",
    pt: "salpicos congelantes fortes", it: "forti spruzzi congelanti", ja: "激しいしぶき着氷"
  }

  it("heavy spray (30 kt, air -12 °C, water 0 °C) makes a 45 ft boat AVOID, whose wind alone is CAUTION", () => {
    const c = spray(30, -12, 0)
    const day = assessed(c)
    assert.strictEqual(day.classification, "AVOID")
    assert.deepStrictEqual(day.reasons.filter((r) => r.classification === "AVOID").map((r) => r.factor), ["freezing_spray"])
    for (const language of languages) assert.include(text(c, day, language), sprayWords[language], language)
    assert.match(text(c, day, "en"), /^AVOID for your 45 ft power boat because of heavy freezing spray \(air -12°C, water 0°C\)/)
  })

  it("moderate spray (24 kt, air -8 °C, water 2 °C) is CAUTION and the text says freezing spray", () => {
    const c = spray(24, -8, 2)
    const day = assessed(c)
    assert.strictEqual(day.classification, "CAUTION")
    assert.include(day.reasons.map((r) => `${r.factor}:${r.classification}`), "freezing_spray:CAUTION")
    const en = text(c, day, "en")
    assert.include(en, "freezing spray (air -8°C, water 2°C)")
    assert.notInclude(en, "heavy freezing spray")
  })
})

describe("a catamaran in strong gusts, end to end", () => {
  const c: Case = {
    s: series("2026-07-01", 1, () => ({ ...calmHour, wind_speed_kt: 13, wind_gust_kt: 30 })),
    date: "2026-07-01", coordinates: { latitude: 43.3, longitude: -8.4 }, vessel: { type: "catamaran", lengthFt: 30 }, tripDurationHours: 4
  }

  it("30 kt gusts are AVOID for a 30 ft catamaran (CAUTION for a 30 ft monohull), and the text says why", () => {
    const day = assessed(c)
    assert.strictEqual(day.classification, "AVOID")
    assert.strictEqual(day.reasons[0]!.factor, "gust")
    assert.include(day.reasons[0]!.detail, "one band stricter")
    assert.strictEqual(assessed({ ...c, vessel: { type: "sailboat", lengthFt: 30 } }).classification, "CAUTION")
    const capsize: Record<Language, string> = { en: "capsize", es: "volcar", fr: "chavirer", pt: "virar", it: "capovolgersi", ja: "転覆" }
    for (const language of languages) {
      const t = text(c, day, language)
      assert.include(t, capsize[language], `${language}: ${t}`)
      assert.notInclude(t, bestWindow[language], `${language}: ${t}`)
    }
    assert.match(text(c, day, "en"), /^AVOID for your 30 ft catamaran because of gusts to 30 kt\./)
  })
})

describe("empty facts (issue 11)", () => {
  const at = (chance: number, rate: number): Case => ({
    s: series("2026-07-01", 1, () => ({ ...calmHour, precipitation_probability_pct: chance, precipitation_mm_per_h: rate })),
    date: "2026-07-01", coordinates: { latitude: 43.3, longitude: -8.4 }, vessel: { type: "powerBoat", lengthFt: 22 }
  })

  it("no chance of rain and no rain are left out; a chance without a rate says no rate", () => {
    for (const language of languages) {
      const c = at(0, 0)
      const t = text(c, assessed(c), language)
      assert.notMatch(t, /\b0 ?%/, `${language}: ${t}`)
      assert.notMatch(t, /\b0 ?mm\/h/, `${language}: ${t}`)
    }
    const some = at(30, 0)
    const en = text(some, assessed(some), "en")
    assert.match(en, /rain 30%(?! \()/)
    assert.notInclude(en, "0 mm/h")
    const wet = at(60, 1.2)
    assert.include(text(wet, assessed(wet), "en"), "60% chance of rain (1.2 mm/h)")
  })
})
