import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import fc from "fast-check"
import type { Analysis } from "../../../src/domain/forecast/Analysis.js"
import { finishForecast, judgeForecast } from "../../../src/domain/forecast/ForecastSteps.js"
import { resolvePreferences } from "../../../src/domain/spotcast/Preferences.js"
import type { Vessel } from "../../../src/domain/spotcast/Vessel.js"
import { localDayStart, nextDate } from "../../../src/domain/time/ZoneTime.js"
import type { ForecastWeather } from "../../../src/domain/weather/ForecastWeather.js"
import { calmHour } from "../safety/Hours.js"
import { culminations, intlOffsetSeconds, placeAndDate, providerSeries, SUN_EVENT_ALTITUDE, sunAltitude } from "../../support/Globe.js"

const MINUTE_MS = 60_000

const vessels: ReadonlyArray<Vessel> = [
  { type: "powerBoat", lengthFt: 22 },
  { type: "sailboat", lengthFt: 30 },
  { type: "pwc", lengthFt: 12 },
  { type: "yacht", lengthFt: 120 }
]

/** The offset an RFC 3339 time is written with, in seconds. */
const writtenOffset = (time: string): number => {
  const m = /([+-])(\d{2}):(\d{2})$/.exec(time)!
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60)
}

describe("a forecast's times and daylight over the whole globe, against Intl and astronomy-engine", () => {
  it("every time is written at its zone's offset at that instant, on its own date; no GO hour is in the dark", () =>
    fc.assert(
      fc.property(placeAndDate, fc.constantFrom(...vessels), fc.integer({ min: 1, max: 3 }), ({ at, date, zone }, vessel, numDays) => {
        const dates = [date]
        while (dates.length < numDays) dates.push(nextDate(dates[dates.length - 1]!))
        const start = localDayStart(zone, dates[0]!)
        const end = localDayStart(zone, nextDate(dates[dates.length - 1]!))
        const series = providerSeries(zone, start, end, () => calmHour) as unknown as ForecastWeather
        const input = { series, dates, coordinates: at, vessel, tripDurationHours: 3, notBeforeMillis: start - 86_400_000 }
        const judged = Either.getOrThrow(judgeForecast(input))
        const proposed: Analysis = {
          summary: "s",
          daily_classifications: judged.days.map((d) => ({ date: d.date, classification: d.classification, summary: "t" }))
        }
        const analysis = Either.getOrThrow(finishForecast({
          series, days: judged.days, confidence: judged.confidence, proposed, coordinates: at, vessel,
          preferences: resolvePreferences({ language: "en", distanceUnits: "nm", speedUnits: "kts" }), issuedAt: "2026-11-30T00:00:00Z"
        }))
        const { highest, lowest } = culminations(at, (start + end) / 2)
        const grazing = Math.abs(highest - SUN_EVENT_ALTITUDE) < 1 || Math.abs(lowest - SUN_EVENT_ALTITUDE) < 1
        for (const day of analysis.daily_classifications) {
          const where = `${day.date} ${zone} ${JSON.stringify(at)}`
          const times = [day.window!.start, day.window!.end, day.sunrise, day.sunset, ...day.hourly!.map((h) => h.time)]
          for (const time of times) {
            if (time === undefined) continue
            const instant = Date.parse(time)
            assert.strictEqual(writtenOffset(time), intlOffsetSeconds(zone, instant), `${where}: ${time}`)
          }
          for (const time of [day.sunrise, day.sunset, ...day.hourly!.map((h) => h.time)]) {
            if (time !== undefined) assert.strictEqual(time.slice(0, 10), day.date, `${where}: ${time} is on another date`)
          }
          if (grazing) continue
          for (const hour of day.hourly!) {
            if (hour.classification !== "GO") continue
            const t = Date.parse(hour.time)
            for (const probe of [t + 3 * MINUTE_MS, t + 57 * MINUTE_MS]) {
              assert.isAbove(sunAltitude(at, probe), SUN_EVENT_ALTITUDE, `${where}: GO at ${hour.time}, the sun is down at ${new Date(probe).toISOString()}`)
            }
          }
        }
      }),
      { numRuns: 40 }
    ))
})
