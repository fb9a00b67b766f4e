/**
 * The forecast pipeline's outputs for a fixed set of inputs, for checking that a speed-up changes no
 * byte: sandbox weather (with tide and current) at 24 places × 4 dates × 5 vessels × {1, 2, 7} days ×
 * {all daylight, 4 h trip} × 3 preference sets, each through the rules, the built-in analyst, the
 * safety floor and the timeline, as the worker stores it (`JSON.stringify` of the analysis) and as its
 * webhook describes it. Prints one SHA-256 over all of them; with a path, writes them there, one a line
 * (diff two runs to find the first change).
 * Run: `npx vite-node bench/pipeline-outputs.ts [-- out.jsonl]`.
 */
import { createHash } from "node:crypto"
import { writeFileSync } from "node:fs"
import { DateTime, Effect } from "effect"
import * as BuiltinAnalyst from "../src/adapters/analyst/BuiltinAnalyst.js"
import * as SimulatedWeather from "../src/adapters/weather/SimulatedWeather.js"
import { forecastAnalysis } from "../src/application/spotcast/ProcessForecast.js"
import { makePeriod } from "../src/domain/forecast/ForecastPeriod.js"
import type { Preferences } from "../src/domain/spotcast/Preferences.js"
import type { Vessel } from "../src/domain/spotcast/Vessel.js"

const out = process.argv[2]
const places: Array<[number, number]> = []
for (let i = 0; i < 24; i++) places.push([((i * 37) % 150) - 72, ((i * 101) % 360) - 180])
places.push([41.13, -71.71], [69.6, 18.9], [-77.8, 166.7]) // the bench's place, polar day/night
const dates = ["2026-01-15", "2026-04-15", "2026-07-15", "2026-10-15"]
const vessels: Array<Vessel | undefined> = [
  undefined, { type: "pwc", lengthFt: 11 }, { type: "powerBoat", lengthFt: 20 },
  { type: "sailboat", lengthFt: 30 }, { type: "yacht", lengthFt: 90 }
]
const preferences: Array<Preferences> = [
  { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" },
  { language: "fr", distanceUnits: "km", speedUnits: "ms", heightUnits: "m", temperatureUnits: "c" },
  { language: "ja", distanceUnits: "mi", speedUnits: "mph", heightUnits: "ft", temperatureUnits: "f" }
]
const weather = SimulatedWeather.make()
const analyst = Effect.runSync(BuiltinAnalyst.make)
const hash = createHash("sha256")
const lines: Array<string> = []
let n = 0
for (const [latitude, longitude] of places) {
  for (const start of dates) {
    for (const numDays of [1, 2, 7]) {
      const period = makePeriod(DateTime.unsafeMake(`${start}T00:00:00Z`), numDays)
      const coordinates = { latitude, longitude }
      const series = Effect.runSync(Effect.either(weather.hourly({ coordinates, dates: period.dates, mode: "sandbox", seed: `spc_out_${n}` })))
      for (const vessel of vessels) {
        for (const tripDurationHours of [undefined, 4]) {
          for (const prefs of preferences) {
            const result = series._tag === "Left"
              ? { error: series.left.reason }
              : Effect.runSync(Effect.either(forecastAnalysis({
                series: series.right, dates: period.dates, coordinates, vessel, tripDurationHours, preferences: prefs,
                issuedAt: Effect.succeed("2026-01-01T00:00:00.000Z"), notBeforeMillis: Date.parse("2026-01-01T00:00:00.000Z"),
                analyze: analyst.analyze
              })))
            const line = JSON.stringify(result)
            hash.update(line).update("\n")
            if (out !== undefined) lines.push(line)
            n++
          }
        }
      }
    }
  }
}
if (out !== undefined) writeFileSync(out, lines.join("\n") + "\n")
console.log(`${n} forecasts, sha256 ${hash.digest("hex")}`)
