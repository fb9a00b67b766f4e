import { DateTime, Either } from "effect"
import { AccountId, RouteId, SpotCastId } from "../../../src/domain/Ids.js"
import { analyzeRoute } from "../../../src/domain/route/AnalyzeRoute.js"
import type { Route, RouteAnalysis } from "../../../src/domain/route/Route.js"
import type { WeatherLookup } from "../../../src/domain/route/RouteAssessment.js"
import type { Language, Preferences } from "../../../src/domain/spotcast/Preferences.js"
import type { HourlyPoint } from "../../../src/domain/weather/HourlyWeather.js"
import { routeHour } from "./RouteHour.js"

/**
 * Route fixtures for the texts: a calm passage, a front with a departure window, a gale over the whole
 * window (none recommended) past local midnight, and a provider that names no zone; with every language
 * and five unit sets.
 */

const HOUR = 3_600_000
export const languages: ReadonlyArray<Language> = ["en", "es", "fr", "pt", "it", "ja"]
export const unitSets: ReadonlyArray<Pick<Preferences, "distanceUnits" | "speedUnits">> = [
  { distanceUnits: "nm", speedUnits: "kts" },
  { distanceUnits: "km", speedUnits: "ms" },
  { distanceUnits: "mi", speedUnits: "mph" },
  { distanceUnits: "km", speedUnits: "kts" },
  { distanceUnits: "nm", speedUnits: "mph" }
]

const hour = (wind: number, over: Partial<HourlyPoint> = {}): HourlyPoint =>
  routeHour(wind, { time: "2026-12-02T12:00", wave_height_ft: Math.max(0.6, wind / 5.5), ...over })

export interface Fixture {
  readonly name: string
  readonly waypoints: Route["waypoints"]
  readonly departure: number
  readonly speedKts: number
  readonly windowHours: number
  readonly zone: { readonly utcOffsetSeconds: number; readonly timezone?: string }
  readonly weather: (utc: number, longitude: number) => HourlyPoint
}

// Dates from the future (the tests never read today's date).
const DAY = Date.UTC(2026, 11, 2)
export const fixtures: ReadonlyArray<Fixture> = [
  {
    name: "a calm coastal passage by day (Europe/Paris)",
    waypoints: [{ latitude: 47.3, longitude: -2.6 }, { latitude: 47.2, longitude: -2.9 }, { latitude: 47.05, longitude: -3.2 }],
    departure: DAY + 9 * HOUR,
    speedKts: 6,
    windowHours: 0,
    zone: { utcOffsetSeconds: 3600, timezone: "Europe/Paris" },
    weather: () => hour(7)
  },
  {
    name: "a front: a gale on the second leg until the afternoon, a 12 h window (a fixed-offset zone)",
    waypoints: [{ latitude: 0, longitude: 20 }, { latitude: 0, longitude: 20.5 }, { latitude: 0, longitude: 21 }],
    departure: DAY + 4 * HOUR,
    speedKts: 10,
    windowHours: 12,
    zone: { utcOffsetSeconds: 3600, timezone: "Etc/GMT-1" },
    weather: (utc, lon) => hour(lon > 20.55 && utc < DAY + 11 * HOUR ? 38 : 8, { visibility_nm: 4 })
  },
  {
    name: "a gale over the whole window: none recommended, arriving after local midnight (America/New_York)",
    waypoints: [{ latitude: 40.5, longitude: -73.9 }, { latitude: 40.3, longitude: -73.4 }, { latitude: 40.6, longitude: -72.6 }],
    departure: DAY + 26 * HOUR,
    speedKts: 5,
    windowHours: 6,
    zone: { utcOffsetSeconds: -5 * 3600, timezone: "America/New_York" },
    weather: () => hour(42, { precipitation_mm_per_h: 6, precipitation_probability_pct: 90 })
  },
  {
    name: "a provider that names no zone (UTC+5:30), rain and steep seas",
    waypoints: [{ latitude: 8, longitude: 76.5 }, { latitude: 8.3, longitude: 76.3 }],
    departure: DAY + 3 * HOUR + 40 * 60_000,
    speedKts: 7.5,
    windowHours: 3,
    zone: { utcOffsetSeconds: 5.5 * 3600 },
    weather: (utc) => hour(utc < DAY + 5 * HOUR ? 22 : 12, { wave_period_s: 3, precipitation_mm_per_h: 3 })
  }
]

export const routeOf = (f: Fixture, preferences: Preferences): Route => ({
  id: RouteId.make("rte_0000000000000000000001"),
  accountId: AccountId.make("acct_0000000000000000000001"),
  createdAt: DateTime.unsafeMake(DAY - 24 * HOUR),
  spotcastId: SpotCastId.make("spc_0000000000000000000001"),
  waypoints: f.waypoints,
  departure: DateTime.unsafeMake(f.departure),
  speedKts: f.speedKts,
  departureWindowHours: f.windowHours,
  preferences,
  vessel: { type: "sailboat", lengthFt: 30 }
})

export const analysisOf = (f: Fixture, preferences: Preferences): RouteAnalysis => {
  const lookup: WeatherLookup = (p, utc) => ({ point: f.weather(utc, p.longitude), ...f.zone })
  return Either.getOrThrow(analyzeRoute(routeOf(f, preferences), lookup))
}

/** Every person-readable text of a route analysis. */
export const textsOf = (a: RouteAnalysis): ReadonlyArray<string> =>
  [a.summary, ...a.legs.map((l) => l.summary), ...(a.best_departure === undefined ? [] : [a.best_departure.reason])]

