import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { write } from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { storyTexts } from "../../../src/adapters/analyst/TimelineStory.js"
import { dayStory } from "../../../src/domain/forecast/DayStory.js"
import type { ForecastWeather } from "../../../src/domain/weather/ForecastWeather.js"
import { assessDays } from "../../../src/domain/safety/AssessDays.js"
import { defaultPreferences, type Language } from "../../../src/domain/spotcast/Preferences.js"
import { defaultVessel } from "../../../src/domain/spotcast/Vessel.js"
import type { AnalystInput } from "../../../src/ports/Analyst.js"
import { calmHour, galeHour, series } from "../../domain/safety/Hours.js"

// Issue 15 item 5: the texts told from the hours. A morning of 8-10 kt from the SW, a gale from 15:00,
// and a semi-diurnal tide; a 4-hour trip.
const at = { latitude: 52, longitude: 4.3 }
const base = series("2026-06-01", 1, (_, h) =>
  h >= 15 ? { ...galeHour, wind_direction_deg: 225 } : { ...calmHour, wind_speed_kt: h % 2 === 0 ? 8 : 10, wind_direction_deg: 225 }, 7200)
const weather: ForecastWeather = {
  ...base,
  hours: base.hours.map((h, t) => ({ ...h, tide_height_ft: 3 * Math.cos((2 * Math.PI * (t - 4)) / 12.42) }))
}
const input = { series: weather, dates: ["2026-06-01"], coordinates: at, vessel: defaultVessel, tripDurationHours: 4 }
const days = Either.getOrThrow(assessDays(input))
const stories = days.map((d) => dayStory(weather, d))
const analystInput = (language: Language, speedUnits: "kts" | "mph" | "ms" = "kts"): AnalystInput => ({
  coordinates: at,
  days,
  stories,
  vessel: defaultVessel,
  vesselGiven: false,
  preferences: { ...defaultPreferences, language, speedUnits },
  simulated: false,
  tripDurationHours: 4
})

describe("the day told from its hours", () => {
  it("the story: window wind range and direction, building after the window, worse outside with times, tides", () => {
    const [story] = stories
    assert.strictEqual(days[0]!.classification, "GO")
    assert.deepStrictEqual(story!.wind, { fromDeg: 225, lo: 8, hi: 10 })
    assert.deepStrictEqual(story!.building, { to: 38, after: 15 })
    assert.deepStrictEqual(story!.outside.wind, { value: 38, hour: 15 })
    assert.deepStrictEqual(story!.outside.gust, { value: 48, hour: 15 })
    // The 22:38 low water needs an hour after 23:00 to be seen: the one-day series ends first.
    assert.deepStrictEqual(story!.tides.map((t) => t.type), ["high", "low", "high"])
    assert.approximately(story!.tides[0]!.hour, 4, 0.05)
  })

  it("in English, with numbers and times", () => {
    assert.deepStrictEqual(storyTexts(analystInput("en"), 0), [
      "Wind from the southwest 8–10 kt, building to 38 kt after 15:00.",
      "Outside the window: wind 38 kt at 15:00, gusts to 48 kt at 15:00 and seas of 3.7 m at 15:00.",
      "High water 04:00 and 16:25; low water 10:12."
    ])
    const text = write(analystInput("en"))
    assert.include(text.daily_classifications[0]!.summary, "building to 38 kt after 15:00")
    assert.include(text.summary, "Best time to go: Monday 1 June, ")
  })

  it("in the requested units and every language", () => {
    assert.include(storyTexts(analystInput("en", "ms"), 0)[0]!, "4.1–5.1 m/s")
    const firsts: Record<Language, string> = {
      en: "Wind from the southwest",
      es: "Viento del suroeste",
      fr: "Vent de sud-ouest",
      pt: "Vento de sudoeste",
      it: "Vento da sud-ovest",
      ja: "南西の風"
    }
    for (const [language, start] of Object.entries(firsts) as Array<[Language, string]>) {
      const texts = storyTexts(analystInput(language), 0)
      assert.strictEqual(texts.length, 3, language)
      assert.isTrue(texts[0]!.startsWith(start), texts[0])
      assert.include(texts[0]!, "15:00", language)
      assert.include(texts[2]!, "04:00", language)
      assert.isNotEmpty(write(analystInput(language)).summary)
    }
  })

  it("without a story (an analyst input from before issue 15), nothing is added", () => {
    const { stories: _, ...plain } = analystInput("en")
    assert.deepStrictEqual(storyTexts(plain, 0), [])
    assert.notInclude(write(plain).summary, "Best time to go")
  })
})
