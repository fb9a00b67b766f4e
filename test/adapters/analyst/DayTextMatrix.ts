import { readFileSync } from "node:fs"
import { Effect, Either } from "effect"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { decodeBody } from "../../../src/adapters/weather/OpenMeteoResponse.js"
import { forDates, mergeSeries } from "../../../src/adapters/weather/OpenMeteoSeries.js"
import * as SimulatedWeather from "../../../src/adapters/weather/SimulatedWeather.js"
import { forecastAnalysis } from "../../../src/application/spotcast/ProcessForecast.js"
import type { Analysis } from "../../../src/domain/forecast/Analysis.js"
import { type Language, type Preferences, resolvePreferences } from "../../../src/domain/spotcast/Preferences.js"
import type { Vessel } from "../../../src/domain/spotcast/Vessel.js"
import type { ForecastWeather } from "../../../src/domain/weather/ForecastWeather.js"
import { languages } from "./BuiltinFixtures.js"

// The day-text matrix of issue 23 (items 2 and 3): recorded Open-Meteo answers (Hoek van Holland,
// Europe/Amsterdam, with the constructed tide, current and disagreeing models) and sandbox weather at a few
// places: every language × (kt/nm, mph/mi, m/s/km) × vessel × (4 h trip, all daylight). The test
// (ConciseDayTexts.test.ts) and the length report (bench/day-text-lengths.ts) read the same texts.

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

export interface Case {
  readonly name: string
  readonly series: ForecastWeather
  readonly dates: ReadonlyArray<string>
  readonly coordinates: { readonly latitude: number; readonly longitude: number }
}
export const cases: ReadonlyArray<Case> = [
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
export const unitSets = [
  { distanceUnits: "nm", speedUnits: "kts" },
  { distanceUnits: "mi", speedUnits: "mph" },
  { distanceUnits: "km", speedUnits: "ms" }
] as const
export const vessels: ReadonlyArray<Vessel> = [
  { type: "sailboat", lengthFt: 22 }, { type: "powerBoat", lengthFt: 20 }, { type: "pwc", lengthFt: 11 },
  { type: "yacht", lengthFt: 80 }, { type: "catamaran", lengthFt: 30 }
]
const analyst = Effect.runSync(BuiltinAnalyst.make)

export const analysisOf = (c: Case, preferences: Preferences, vessel: Vessel, tripDurationHours: number | undefined): Analysis =>
  Effect.runSync(forecastAnalysis({
    series: c.series, dates: c.dates, coordinates: c.coordinates, vessel, tripDurationHours, preferences,
    issuedAt: Effect.succeed("2026-01-01T00:00:00.000Z"), notBeforeMillis: Date.parse("2026-01-01T00:00:00.000Z"),
    analyze: analyst.analyze
  }))

export interface Written {
  readonly c: Case
  readonly language: Language
  readonly units: (typeof unitSets)[number]
  readonly vessel: Vessel
  readonly trip: number | undefined
  readonly analysis: Analysis
}

/** Every analysis of the matrix (7 places × 6 languages × 3 unit sets × 5 vessels × 2 trip settings). */
export const everyAnalysis = function*(): Generator<Written> {
  for (const c of cases) {
    for (const language of languages) {
      for (const units of unitSets) {
        for (const vessel of vessels) {
          for (const trip of [4, undefined]) {
            yield { c, language, units, vessel, trip, analysis: analysisOf(c, resolvePreferences({ language, ...units }), vessel, trip) }
          }
        }
      }
    }
  }
}
