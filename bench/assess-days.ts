/**
 * Cost of the rules: assessDays on a 5-day series (120 hours) with all-daylight and 3-hour trip
 * windows, and classifyDay alone. Run: `npx vite-node bench/assess-days.ts` (optionally `-- 20000`).
 */
import { assessDays } from "../src/domain/safety/AssessDays.js"
import type { HourlyPoint, WeatherSeries } from "../src/domain/weather/HourlyWeather.js"
import { classifyDay } from "../src/domain/safety/ClassifyDay.js"

const count = Number(process.argv[2] ?? 5000)
const dates = ["2026-05-01", "2026-05-02", "2026-05-03", "2026-05-04", "2026-05-05"]

/** A deterministic, varied series (a small LCG, no Math.random). */
const seriesAt = (seed: number): WeatherSeries => {
  let x = seed * 2654435761 % 4294967296
  const next = () => (x = (x * 1664525 + 1013904223) % 4294967296) / 4294967296
  const hours: Array<HourlyPoint> = []
  for (const date of dates) {
    for (let h = 0; h < 24; h++) {
      const wind = 3 + next() * 30
      hours.push({
        time: `${date}T${String(h).padStart(2, "0")}:00`,
        wind_speed_kt: wind, wind_gust_kt: wind * (1.2 + next() * 0.4), wind_direction_deg: next() * 360,
        wave_height_ft: next() * 8, wave_period_s: 3 + next() * 10, wave_direction_deg: null,
        swell_height_ft: next() * 5, swell_period_s: 8 + next() * 8, swell_direction_deg: null,
        visibility_nm: next() * 15, precipitation_probability_pct: next() * 100, precipitation_mm_per_h: next() * 4,
        air_temp_c: 10 + next() * 20, water_temp_c: 8 + next() * 20, weather_code: next() < 0.05 ? 95 : 3
      })
    }
  }
  return { source: "simulated", utcOffsetSeconds: 3600 * Math.round(next() * 24 - 12), hours }
}

const measure = (label: string, run: (i: number) => unknown) => {
  for (let i = 0; i < 200; i++) run(count + i)
  const times: Array<number> = []
  for (let i = 0; i < count; i++) {
    const t0 = performance.now()
    run(i)
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3)
  console.log(`${label}: ${count} runs, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${p(1)} ms`)
}

const inputs = Array.from({ length: count + 200 }, (_, i) => seriesAt(i + 1))
const place = (i: number) => ({ latitude: ((i * 37) % 170) - 85, longitude: ((i * 101) % 360) - 180 })
measure("assessDays, all daylight", (i) =>
  assessDays({ series: inputs[i]!, dates, coordinates: place(i), vessel: { type: "sailboat", lengthFt: 30 } }))
measure("assessDays, 3 h trip", (i) =>
  assessDays({ series: inputs[i]!, dates, coordinates: place(i), vessel: { type: "pwc", lengthFt: 11 }, tripDurationHours: 3 }))
const day = { wind_speed_kt: 15, wind_gust_kt: 19, wind_direction_deg: 70, wave_height_ft: 3.5, wave_period_s: 9, visibility_nm: 10 }
measure("classifyDay", () => classifyDay(day))
