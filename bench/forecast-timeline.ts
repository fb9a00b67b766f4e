/**
 * Cost of issue 15's additions on a 7-day forecast (168 hours) with tide and current and three models:
 * judgeDays (the current rule and the other two models' rules) and withTimeline (hours, ranges, sun,
 * tides), against assessDays measured in the same run as the anchor; and the size of `ai_analysis`
 * as JSON without and with the additions. Run: `npx vite-node bench/forecast-timeline.ts` (optionally `-- 2000`).
 */
import { judgeDays, withTimeline } from "../src/domain/forecast/ForecastExtras.js"
import type { ForecastWeather, TimelineHour } from "../src/domain/weather/ForecastWeather.js"
import { assessDays } from "../src/domain/safety/AssessDays.js"
import { openMeteoCredit } from "../src/adapters/weather/OpenMeteoSeries.js"

const count = Number(process.argv[2] ?? 500)
const dates = Array.from({ length: 7 }, (_, d) => `2026-05-0${d + 1}`)
const vessel = { type: "powerBoat" as const, lengthFt: 20 }
const coordinates = { latitude: 41.13, longitude: -71.71 }

/** A deterministic, varied series (a small LCG, no Math.random), with three model runs. */
const seriesAt = (seed: number): ForecastWeather => {
  let x = seed * 2654435761 % 4294967296
  const next = () => (x = (x * 1664525 + 1013904223) % 4294967296) / 4294967296
  const hours: Array<TimelineHour> = []
  for (const date of dates) {
    for (let h = 0; h < 24; h++) {
      const wind = 3 + next() * 25
      const t = hours.length
      hours.push({
        time: `${date}T${String(h).padStart(2, "0")}:00`,
        wind_speed_kt: wind, wind_gust_kt: wind * (1.2 + next() * 0.4), wind_direction_deg: next() * 360,
        wave_height_ft: next() * 6, wave_period_s: 4 + next() * 8, wave_direction_deg: next() * 360,
        swell_height_ft: next() * 4, swell_period_s: 8 + next() * 8, swell_direction_deg: next() * 360,
        visibility_nm: next() * 15, precipitation_probability_pct: next() * 100, precipitation_mm_per_h: next() * 2,
        air_temp_c: 10 + next() * 20, water_temp_c: 8 + next() * 20, weather_code: 3,
        tide_height_ft: 3 * Math.cos((2 * Math.PI * t) / 12.42), current_speed_kt: next() * 2, current_direction_deg: next() * 360
      })
    }
  }
  const scaled = (f: number) => hours.map((h) => ({ ...h, wind_speed_kt: h.wind_speed_kt! * f, wind_gust_kt: h.wind_gust_kt! * f }))
  return {
    source: "open-meteo",
    credit: openMeteoCredit,
    utcOffsetSeconds: -4 * 3600,
    hours,
    models: ["best_match", "ecmwf_ifs025", "gfs_seamless"],
    runs: [{ model: "best_match", hours }, { model: "ecmwf_ifs025", hours: scaled(1.1) }, { model: "gfs_seamless", hours: scaled(0.9) }]
  }
}

const measure = (label: string, run: (i: number) => unknown) => {
  for (let i = 0; i < 50; i++) run(count + i)
  const times: Array<number> = []
  for (let i = 0; i < count; i++) {
    const t0 = performance.now()
    run(i)
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
  console.log(`${label}: ${count} runs, p50 ${p(0.5).toFixed(3)} ms, p99 ${p(0.99).toFixed(3)} ms`)
  return p(0.5)
}

const inputs = Array.from({ length: count + 50 }, (_, i) => seriesAt(i + 1))
const input = (i: number) => ({ series: inputs[i]!, dates, coordinates, vessel })
const assessed = inputs.map((_, i) => {
  const days = assessDays(input(i))
  if (days._tag === "Left") throw new Error(days.left)
  return days.right
})
const written = (i: number) => ({
  summary: "An overall summary of a typical length for seven days of weather at the spot.",
  daily_classifications: assessed[i]!.map((d) => ({ date: d.date, classification: d.classification, summary: "x".repeat(400) }))
})

const anchor = measure("assessDays (anchor)", (i) => assessDays(input(i)))
const judged = measure("judgeDays, 3 models + current rule", (i) => judgeDays(assessed[i]!, input(i)))
const judgedAll = inputs.map((_, i) => judgeDays(assessed[i]!, input(i)))
const timeline = measure("withTimeline", (i) =>
  withTimeline(written(i), {
    ...input(i),
    days: judgedAll[i]!.days,
    confidence: judgedAll[i]!.confidence,
    preferences: { speedUnits: "kts", distanceUnits: "nm", heightUnits: "ft", temperatureUnits: "c" },
    issuedAt: "2026-05-01T00:00:00.000Z"
  }))
console.log(`ratios to assessDays: judgeDays ${(judged / anchor).toFixed(2)}, withTimeline ${(timeline / anchor).toFixed(2)}`)
const before = JSON.stringify(written(0)).length
const after = JSON.stringify(withTimeline(written(0), {
  ...input(0),
  days: judgedAll[0]!.days,
  confidence: judgedAll[0]!.confidence,
  preferences: { speedUnits: "kts", distanceUnits: "nm", heightUnits: "ft", temperatureUnits: "c" },
  issuedAt: "2026-05-01T00:00:00.000Z"
})).length
console.log(`ai_analysis JSON for 7 days: ${before} bytes without the additions, ${after} with (${(after / before).toFixed(1)}x)`)
