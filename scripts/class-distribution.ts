/**
 * The GO / CAUTION / AVOID distribution (and how often each factor decides) over a fixed set of sandbox
 * forecasts: 48 places × 4 dates (one per season) × 6 vessels × {all daylight, 4 h trip}. Used to
 * record the effect of issue 11's rule changes. Run: `npx vite-node scripts/class-distribution.ts`.
 * Deterministic: the simulated provider is a pure function of (place, date, seed).
 */
import { Either } from "effect"
import { assessDays } from "../src/domain/safety/AssessDays.js"
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
console.log(JSON.stringify({ days: total, failed, classes, deciding_factor_counts: deciding }, null, 1))
