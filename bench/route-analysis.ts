/**
 * Compute cost of a route forecast once the weather is in: analyzeRoute (sampling, judging every
 * sample of every candidate departure, legs, texts) for three routes, against the anchor of a SpotCast's
 * own compute (assessDays on a 5-day series) measured in the same run.
 * Run: `npx vite-node bench/route-analysis.ts` (optionally `-- 50` runs per case).
 */
import { DateTime } from "effect"
import { analyzeRoute } from "../src/domain/route/AnalyzeRoute.js"
import { planPassage } from "../src/domain/route/Passage.js"
import type { Route } from "../src/domain/route/Route.js"
import type { WeatherLookup } from "../src/domain/route/RouteAssessment.js"
import { AccountId, RouteId, SpotCastId } from "../src/domain/Ids.js"
import { assessDays } from "../src/domain/safety/AssessDays.js"
import type { HourlyPoint } from "../src/domain/weather/HourlyWeather.js"

const runs = Number(process.argv[2] ?? 30)

const pointAt = (seed: number): HourlyPoint => {
  let x = (seed * 2654435761) % 4294967296
  const next = () => (x = (x * 1664525 + 1013904223) % 4294967296) / 4294967296
  const wind = 3 + next() * 25
  return {
    time: "2026-05-01T00:00",
    wind_speed_kt: wind, wind_gust_kt: wind * 1.3, wind_direction_deg: next() * 360,
    wave_height_ft: next() * 6, wave_period_s: 4 + next() * 8, wave_direction_deg: null,
    swell_height_ft: next() * 4, swell_period_s: 8 + next() * 6, swell_direction_deg: null,
    visibility_nm: 2 + next() * 10, precipitation_probability_pct: next() * 60, precipitation_mm_per_h: next(),
    air_temp_c: 15, water_temp_c: 16, weather_code: 3
  }
}
// The lookup the application builds is a map read; a deterministic point per (cell, hour) stands for it.
const lookup: WeatherLookup = (p, utc) => ({
  point: pointAt(Math.round(p.latitude * 4) * 7919 + Math.round(p.longitude * 4) * 104729 + Math.floor(utc / 3_600_000)),
  utcOffsetSeconds: 0
})

const route = (waypoints: Route["waypoints"], speedKts: number, departureWindowHours: number): Route => ({
  id: RouteId.make("rte_0000000000000000000001"),
  accountId: AccountId.make("acct_0000000000000000000001"),
  createdAt: DateTime.unsafeMake(Date.UTC(2026, 4, 1)),
  spotcastId: SpotCastId.make("spc_0000000000000000000001"),
  waypoints,
  departure: DateTime.unsafeMake(Date.UTC(2026, 4, 1, 6)),
  speedKts,
  departureWindowHours,
  preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" },
  vessel: { type: "sailboat", lengthFt: 36 }
})

const coastal = route([{ latitude: 41.49, longitude: -71.33 }, { latitude: 41.17, longitude: -71.56 }, { latitude: 41.07, longitude: -71.86 }], 6, 0)
const windowed = route([{ latitude: 36.9, longitude: -76.2 }, { latitude: 32.3, longitude: -64.8 }], 7, 72)
const ocean = route(Array.from({ length: 50 }, (_, i) => ({ latitude: 20 + i * 0.05, longitude: -60 + i * 0.7 })), 8, 0)

const measure = (label: string, run: () => unknown) => {
  for (let i = 0; i < 3; i++) run()
  const times: Array<number> = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    run()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]!
}

const dates = ["2026-05-01", "2026-05-02", "2026-05-03", "2026-05-04", "2026-05-05"]
const series = {
  source: "simulated" as const,
  utcOffsetSeconds: 0,
  hours: dates.flatMap((d) => Array.from({ length: 24 }, (_, h) => ({ ...pointAt(h), time: `${d}T${String(h).padStart(2, "0")}:00` })))
}
const anchor = measure("anchor", () =>
  assessDays({ series, dates, coordinates: { latitude: 41, longitude: -71 }, vessel: { type: "sailboat", lengthFt: 36 } }))
console.log(`anchor assessDays (5 days): p50 ${anchor.toFixed(3)} ms`)
for (const [label, r] of [["coastal 37 nm, no window", coastal], ["Norfolk–Bermuda 640 nm, 72 h window (25 departures)", windowed], ["50 waypoints, 2,000 nm, no window", ocean]] as const) {
  const passage = planPassage(r.waypoints, r.speedKts)
  const p50 = measure(label, () => analyzeRoute(r, lookup))
  console.log(`${label}: ${passage.samples.length} samples, p50 ${p50.toFixed(2)} ms (${(p50 / anchor).toFixed(1)}× the anchor)`)
}
