import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { writeDay } from "../../../src/adapters/analyst/BuiltinDay.js"
import * as LlmPrompt from "../../../src/adapters/analyst/LlmPrompt.js"
import { dayStory } from "../../../src/domain/forecast/DayStory.js"
import { assessDays } from "../../../src/domain/safety/AssessDays.js"
import { defaultPreferences, type Language } from "../../../src/domain/spotcast/Preferences.js"
import { defaultVessel } from "../../../src/domain/spotcast/Vessel.js"
import type { ForecastWeather } from "../../../src/domain/weather/ForecastWeather.js"
import { calmHour, series } from "../../domain/safety/Hours.js"
import { languages } from "./BuiltinFixtures.js"

// A morning of 10 kt from the SW, the wind veering NW 18-20 kt from 15:00 after the barometer falls 5 hPa
// in three hours from 11:00; Paris summer time (UTC+2); a 4-hour trip in the calm morning.
const at = { latitude: 47.3, longitude: -2.6 }
const base = series("2027-06-01", 1, (_, h) => ({
  ...calmHour,
  wind_speed_kt: h < 15 ? 10 : h === 15 ? 18 : 20,
  wind_gust_kt: h < 15 ? 13 : 26,
  wind_direction_deg: h < 15 ? 225 : 315,
  pressure_msl_hpa: h <= 11 ? 1014 : 1014 - Math.min(h - 11, 3) * (5 / 3)
}), 7200)
const weather: ForecastWeather = { ...base, timezone: "Europe/Paris" }
const days = Either.getOrThrow(assessDays({
  series: weather, dates: ["2027-06-01"], coordinates: at, vessel: defaultVessel, tripDurationHours: 4, notBeforeMillis: 0
}))
const input = (language: Language) => ({
  coordinates: at, days, stories: days.map((d) => dayStory(weather, d)), vessel: defaultVessel, vesselGiven: false,
  preferences: { ...defaultPreferences, language }, simulated: false, tripDurationHours: 4
})
const text = (language: Language) => writeDay(input(language), 0)

describe("the day text says the wind's shift and a falling barometer, with local times", () => {
  it("in every language, each once", () => {
    const shift: Record<Language, string> = {
      en: "becoming northwest 18–20 kt after 15:00", es: "rolando al noroeste de 18–20 nudos a partir de las 15:00",
      fr: "virant nord-ouest 18 à 20 nœuds après 15 h", pt: "a rodar para noroeste com 18–20 nós a partir das 15h00",
      it: "in rotazione da nord-ovest 18–20 nodi dalle 15:00", ja: "15時以降は北西の風18–20ノットに変わる見込み"
    }
    const pressure: Record<Language, string> = {
      en: "Barometer falling quickly (5 hPa in 3 h from 11:00)", es: "Barómetro en descenso rápido (5 hPa en 3 h desde las 11:00)",
      fr: "Baromètre en baisse rapide (5 hPa en 3 h dès 11 h)", pt: "Barómetro em descida rápida (5 hPa em 3 h a partir das 11h00)",
      it: "Barometro in calo rapido (5 hPa in 3 ore dalle 11:00)", ja: "気圧が急速に下降（11時から3時間で5hPa）"
    }
    assert.isBelow(days[0]!.window.endHour, 15, "the shift comes after the window")
    for (const language of languages) {
      const t = text(language)
      assert.include(t.replace(/ \(UTC\+2\)|（UTC\+2）| CEST/g, ""), shift[language].replace("18 à 20", "18–20"), `${language}: ${t}`)
      assert.include(t.replace(/ \(UTC\+2\)|（UTC\+2）| CEST/g, ""), pressure[language], `${language}: ${t}`)
      assert.strictEqual(t.split(language === "en" ? "CEST" : "UTC+2").length - 1, 1, `${language}: the zone once in ${t}`)
    }
  })

  it("gives a language model the zone its local hours are in", () => {
    assert.strictEqual(LlmPrompt.facts(input("fr")).local_time_zone, "CEST (UTC+2)")
  })
})
