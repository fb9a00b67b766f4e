/**
 * One day's text and the summary in the six languages, from recorded Open-Meteo answers (Hoek van
 * Holland, Europe/Amsterdam) and from sandbox weather: what docs/analysis-text.md quotes before and after
 * a change of wording. Run: `npx vite-node bench/day-texts.ts [-- sandbox]`.
 */
import { readFileSync } from "node:fs"
import { resolvePreferences } from "../src/domain/spotcast/Preferences.js"
import { Effect, Either } from "effect"
import * as BuiltinAnalyst from "../src/adapters/analyst/BuiltinAnalyst.js"
import { decodeBody } from "../src/adapters/weather/OpenMeteoResponse.js"
import { forDates, mergeSeries } from "../src/adapters/weather/OpenMeteoSeries.js"
import * as SimulatedWeather from "../src/adapters/weather/SimulatedWeather.js"
import { forecastAnalysis } from "../src/application/spotcast/ProcessForecast.js"
import type { Language } from "../src/domain/spotcast/Preferences.js"
import type { ForecastWeather } from "../src/domain/weather/ForecastWeather.js"

const body = (name: string) =>
  Either.getOrThrow(decodeBody(readFileSync(new URL(`../test/fixtures/open-meteo/${name}`, import.meta.url), "utf8")))
const dates = ["2026-08-29", "2026-08-30"]
const sandbox = process.argv.includes("sandbox")
const coordinates = sandbox ? { latitude: 47.3, longitude: -2.6 } : { latitude: 52.006, longitude: 4.292 }
const series: ForecastWeather = sandbox
  ? Either.getOrThrow(Effect.runSync(Effect.either(SimulatedWeather.make().hourly({ coordinates, dates, mode: "sandbox", seed: "spc_doc" }))))
  : Either.getOrThrow(forDates(Either.getOrThrow(mergeSeries(body("hoek-van-holland.forecast.json"), body("hoek-van-holland.marine.tide.constructed.json"))), dates))
const analyst = Effect.runSync(BuiltinAnalyst.make)
const units: Record<Language, { distanceUnits: "nm" | "km" | "mi"; speedUnits: "kts" | "ms" | "mph" }> = {
  en: { distanceUnits: "nm", speedUnits: "kts" }, es: { distanceUnits: "nm", speedUnits: "kts" },
  fr: { distanceUnits: "nm", speedUnits: "kts" }, pt: { distanceUnits: "nm", speedUnits: "kts" },
  it: { distanceUnits: "nm", speedUnits: "kts" }, ja: { distanceUnits: "km", speedUnits: "ms" }
}
for (const language of ["en", "es", "fr", "pt", "it", "ja"] as const) {
  const analysis = Effect.runSync(forecastAnalysis({
    series, dates, coordinates, vessel: { type: "sailboat", lengthFt: 30 }, tripDurationHours: 4,
    preferences: resolvePreferences({ language, ...units[language] }), issuedAt: Effect.succeed("2026-08-28T00:00:00.000Z"),
    notBeforeMillis: Date.parse("2026-08-28T00:00:00.000Z"), analyze: analyst.analyze
  }))
  const day = analysis.daily_classifications[0]!
  console.log(`## ${language} (${day.summary.length} chars)\n${day.summary}\nSUMMARY: ${analysis.summary}\n`)
}
