/**
 * Cost of the simulated weather provider: a 5-day series (120 hours) at many places and seeds.
 * Run: `npx vite-node bench/simulated-weather.ts` (optionally `-- 20000` series).
 */
import { Effect } from "effect"
import { simulateSeries } from "../src/adapters/weather/SimulatedSeries.js"
import * as SimulatedWeather from "../src/adapters/weather/SimulatedWeather.js"
import type { WeatherRequest } from "../src/ports/WeatherProvider.js"

const count = Number(process.argv[2] ?? 5000)
const dates = ["2026-05-01", "2026-05-02", "2026-05-03", "2026-05-04", "2026-05-05"]
const requestAt = (i: number): WeatherRequest => ({
  coordinates: { latitude: ((i * 37) % 170) - 85, longitude: ((i * 101) % 360) - 180 },
  dates,
  mode: "sandbox",
  seed: `spc_bench_${i}`
})

const percentile = (sorted: ReadonlyArray<number>, p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

const measure = (label: string, run: (r: WeatherRequest) => unknown) => {
  for (let i = 0; i < 500; i++) run(requestAt(count + i)) // warm-up
  const times: Array<number> = []
  const start = performance.now()
  for (let i = 0; i < count; i++) {
    const t0 = performance.now()
    run(requestAt(i))
    times.push(performance.now() - t0)
  }
  const total = performance.now() - start
  times.sort((a, b) => a - b)
  console.log(
    `${label.padEnd(34)} mean ${(total / count).toFixed(3)} ms  p50 ${percentile(times, 0.5).toFixed(3)} ms  ` +
      `p99 ${percentile(times, 0.99).toFixed(3)} ms  ${Math.round((count * 120) / (total / 1000)).toLocaleString("en")} hours/s`
  )
}

const provider = SimulatedWeather.make()
console.log(`${count} five-day series (120 hours each), node ${process.version}`)
measure("simulateSeries (pure)", (r) => simulateSeries(r.coordinates, r.dates, r.seed))
measure("SimulatedWeather.hourly (Effect)", (r) => Effect.runSync(provider.hourly(r)))

const one = simulateSeries(requestAt(0).coordinates, dates, "size")
console.log(`one series: ${JSON.stringify(one).length.toLocaleString("en")} bytes of JSON`)
