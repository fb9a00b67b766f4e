/**
 * The GO / CAUTION / AVOID distribution (and how often each factor decides) over a fixed set of sandbox
 * forecasts: 48 places × 4 dates (one per season) × 6 vessels × {all daylight, 4 h trip}; and over the
 * recorded Open-Meteo forecast in test/fixtures (Hoek van Holland, 3 days), re-dated to the same 4
 * dates, × the same vessels and trips: how a change of the rules moves the classes.
 * Run: `npx vite-node scripts/class-distribution.ts`.
 * Deterministic: the simulated provider is a pure function of (place, date, seed).
 */
import { readFileSync } from "node:fs"
import { Either } from "effect"
import { assessDays } from "../src/domain/safety/AssessDays.js"
import type { DayAssessment } from "../src/domain/safety/Assessment.js"
import type { WeatherSeries } from "../src/domain/safety/HourlyWeather.js"
import { decodeBody } from "../src/adapters/weather/OpenMeteoResponse.js"
import { mergeSeries } from "../src/adapters/weather/OpenMeteoSeries.js"
import { simulateSeries } from "../src/adapters/weather/SimulatedSeries.js"
import type { Vessel } from "../src/domain/spotcast/Vessel.js"

const places: Array<[number, number]> = []
for (let i = 0; i < 48; i++) places.push([((i * 37) % 150) - 72, ((i * 101) % 360) - 180])
const dates = ["2026-01-15", "2026-04-15", "2026-07-15", "2026-10-15"]
const vessels: Array<Vessel> = [
  { type: "pwc", lengthFt: 11 }, { type: "powerBoat", lengthFt: 14 }, { type: "powerBoat", lengthFt: 20 },
  { type: "sailboat", lengthFt: 35 }, { type: "catamaran", lengthFt: 40 }, { type: "yacht", lengthFt: 90 }
]
const classes: Record<string, number> = { GO: 0, CAUTION: 0, AVOID: 0 }
const deciding: Record<string, number> = {}
let failed = 0
for (const [latitude, longitude] of places) {
  for (const date of dates) {
    const series = simulateSeries({ latitude, longitude }, [date], "class-distribution")
    if (Either.isLeft(series)) { failed++; continue }
    for (const vessel of vessels) {
      for (const tripDurationHours of [undefined, 4]) {
        const days = assessDays({ series: series.right, dates: [date], coordinates: { latitude, longitude }, vessel, tripDurationHours })
        if (Either.isLeft(days)) { failed++; continue }
        for (const day of days.right) {
          classes[day.classification]!++
          for (const r of day.reasons) if (r.classification === day.classification && r.classification !== "GO") deciding[r.factor] = (deciding[r.factor] ?? 0) + 1
        }
      }
    }
  }
}
const total = classes.GO! + classes.CAUTION! + classes.AVOID!

// The recorded forecast, re-dated: its hours moved so that its first day is each of the four dates.
const recordedClasses: Record<string, number> = { GO: 0, CAUTION: 0, AVOID: 0 }
const recordedDeciding: Record<string, number> = {}
let recordedFailed = 0
const fixture = (name: string) =>
  Either.getOrThrow(decodeBody(readFileSync(new URL(`../test/fixtures/open-meteo/${name}`, import.meta.url), "utf8")))
const forecast = fixture("hoek-van-holland.forecast.json")
const recorded = Either.getOrThrow(mergeSeries(forecast, fixture("hoek-van-holland.marine.json")))
const shifted = (series: WeatherSeries, firstDate: string): WeatherSeries => {
  const shift = Date.parse(`${firstDate}T00:00Z`) - Date.parse(`${series.hours[0]!.time.slice(0, 10)}T00:00Z`)
  return { ...series, hours: series.hours.map((h) => ({ ...h, time: new Date(Date.parse(`${h.time}:00Z`) + shift).toISOString().slice(0, 16) })) }
}
const count = (days: ReadonlyArray<DayAssessment>, into: Record<string, number>, by: Record<string, number>) => {
  for (const day of days) {
    into[day.classification]!++
    for (const r of day.reasons) if (r.classification === day.classification && r.classification !== "GO") by[r.factor] = (by[r.factor] ?? 0) + 1
  }
}
for (const date of dates) {
  const series = shifted(recorded, date)
  const recordedDates = [...new Set(series.hours.map((h) => h.time.slice(0, 10)))]
  const coordinates = { latitude: forecast.latitude, longitude: forecast.longitude }
  for (const vessel of vessels) {
    for (const tripDurationHours of [undefined, 4]) {
      const days = assessDays({ series, dates: recordedDates, coordinates, vessel, tripDurationHours })
      if (Either.isLeft(days)) { recordedFailed++; continue }
      count(days.right, recordedClasses, recordedDeciding)
    }
  }
}
const recordedTotal = recordedClasses.GO! + recordedClasses.CAUTION! + recordedClasses.AVOID!
console.log(JSON.stringify({
  sandbox: { days: total, failed, classes, deciding_factor_counts: deciding },
  recorded: { days: recordedTotal, failed: recordedFailed, classes: recordedClasses, deciding_factor_counts: recordedDeciding }
}, null, 1))
