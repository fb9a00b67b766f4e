/**
 * The GO / CAUTION / AVOID distribution (and how often each factor decides), per vessel, over a fixed set
 * of sandbox forecasts: 48 places × 4 dates (one per season) × 8 vessels × {all daylight, 4 h trip}; and
 * over the recorded Open-Meteo forecasts in test/fixtures (Hoek van Holland as recorded and with the
 * constructed multi-model answers, Toronto), re-dated to the same 4 dates, × the same vessels and trips,
 * judged as the service judges them (the rules, then the models and the current weighed).
 * Used to record the effect of rule changes: run it before and after and compare.
 * Run: `npx vite-node scripts/class-distribution.ts`.
 * Deterministic: the simulated provider is a pure function of (place, date, seed).
 */
import { readFileSync } from "node:fs"
import { Either } from "effect"
import { judgeDays } from "../src/domain/forecast/ForecastExtras.js"
import type { ForecastWeather } from "../src/domain/weather/ForecastWeather.js"
import { assessDays } from "../src/domain/safety/AssessDays.js"
import type { DayAssessment } from "../src/domain/safety/Assessment.js"
import { decodeBody } from "../src/adapters/weather/OpenMeteoResponse.js"
import { mergeSeries } from "../src/adapters/weather/OpenMeteoSeries.js"
import { simulateSeries } from "../src/adapters/weather/SimulatedSeries.js"
import type { Vessel } from "../src/domain/spotcast/Vessel.js"

const places: Array<[number, number]> = []
for (let i = 0; i < 48; i++) places.push([((i * 37) % 150) - 72, ((i * 101) % 360) - 180])
const dates = ["2026-01-15", "2026-04-15", "2026-07-15", "2026-10-15"]
const vessels: Array<Vessel> = [
  { type: "pwc", lengthFt: 11 }, { type: "powerBoat", lengthFt: 14 }, { type: "powerBoat", lengthFt: 20 },
  { type: "sailboat", lengthFt: 35 }, { type: "catamaran", lengthFt: 40 }, { type: "yacht", lengthFt: 90 },
  { type: "yacht", lengthFt: 120 }, { type: "yacht", lengthFt: 300 }
]
const vesselKey = (v: Vessel) => `${v.type} ${v.lengthFt} ft`

interface Tally {
  days: number
  failed: number
  classes: Record<string, number>
  deciding: Record<string, number>
}
const tally = (): Tally => ({ days: 0, failed: 0, classes: { GO: 0, CAUTION: 0, AVOID: 0 }, deciding: {} })
const count = (days: ReadonlyArray<DayAssessment>, into: Tally) => {
  for (const day of days) {
    into.days++
    into.classes[day.classification]!++
    for (const f of new Set(day.reasons.filter((r) => r.classification === day.classification && r.classification !== "GO").map((r) => r.factor))) {
      into.deciding[f] = (into.deciding[f] ?? 0) + 1
    }
  }
}

const judged = (series: ForecastWeather, dates: ReadonlyArray<string>, coordinates: { latitude: number; longitude: number }, vessel: Vessel, tripDurationHours: number | undefined) => {
  const input = { series, dates, coordinates, vessel, tripDurationHours }
  return Either.map(assessDays(input), (days) => judgeDays(days, input).days)
}

const sandbox: Record<string, Tally> = {}
for (const [latitude, longitude] of places) {
  for (const date of dates) {
    const series = simulateSeries({ latitude, longitude }, [date], "class-distribution")
    for (const vessel of vessels) {
      const t = (sandbox[vesselKey(vessel)] ??= tally())
      if (Either.isLeft(series)) { t.failed += 2; continue }
      for (const tripDurationHours of [undefined, 4]) {
        const days = judged(series.right, [date], { latitude, longitude }, vessel, tripDurationHours)
        if (Either.isLeft(days)) { t.failed++; continue }
        count(days.right, t)
      }
    }
  }
}

// The recorded forecasts, re-dated: their hours moved so that the first day is each of the four dates.
const fixture = (name: string) =>
  Either.getOrThrow(decodeBody(readFileSync(new URL(`../test/fixtures/open-meteo/${name}`, import.meta.url), "utf8")))
const hoekMarine = fixture("hoek-van-holland.marine.json")
const models = ["best_match", "ecmwf_ifs025", "gfs_seamless", "icon_seamless"]
const recordings: Record<string, { forecast: string; models: ReadonlyArray<string> }> = {
  "hoek": { forecast: "hoek-van-holland.forecast.json", models: [] },
  "hoek models-agree": { forecast: "hoek-van-holland.forecast.models-agree.constructed.json", models },
  "hoek models-disagree": { forecast: "hoek-van-holland.forecast.models-disagree.constructed.json", models },
  "hoek models-missing": { forecast: "hoek-van-holland.forecast.models-missing.constructed.json", models }
}
const shift = (series: ForecastWeather, firstDate: string): ForecastWeather => {
  const by = Date.parse(`${firstDate}T00:00Z`) - Date.parse(`${series.hours[0]!.time.slice(0, 10)}T00:00Z`)
  const move = <H extends { readonly time: string }>(hours: ReadonlyArray<H>) =>
    hours.map((h) => ({ ...h, time: new Date(Date.parse(`${h.time}:00Z`) + by).toISOString().slice(0, 16) }))
  return { ...series, hours: move(series.hours), ...(series.runs ? { runs: series.runs.map((r) => ({ ...r, hours: move(r.hours) })) } : {}) }
}
const recorded: Record<string, Record<string, Tally>> = {}
for (const [name, r] of Object.entries(recordings)) {
  const forecast = fixture(r.forecast)
  const merged = Either.getOrThrow(mergeSeries(forecast, hoekMarine, r.models))
  const coordinates = { latitude: forecast.latitude, longitude: forecast.longitude }
  const byVessel: Record<string, Tally> = (recorded[name] = {})
  for (const date of dates) {
    const series = shift(merged, date)
    const seriesDates = [...new Set(series.hours.map((h) => h.time.slice(0, 10)))]
    for (const vessel of vessels) {
      const t = (byVessel[vesselKey(vessel)] ??= tally())
      for (const tripDurationHours of [undefined, 4]) {
        const days = judged(series, seriesDates, coordinates, vessel, tripDurationHours)
        if (Either.isLeft(days)) { t.failed++; continue }
        count(days.right, t)
      }
    }
  }
}
console.log(JSON.stringify({ sandbox, recorded }, null, 1))
