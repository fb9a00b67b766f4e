import { assert, describe, it } from "@effect/vitest"
import { DateTime, Either, FastCheck as fc } from "effect"
import { AccountId, RouteId, SpotCastId } from "../../../src/domain/Ids.js"
import { analyzeRoute } from "../../../src/domain/route/AnalyzeRoute.js"
import type { Route } from "../../../src/domain/route/Route.js"
import type { WeatherLookup } from "../../../src/domain/route/RouteAssessment.js"
import { cellKey, cellOf, lookupFrom } from "../../../src/domain/route/RouteLookup.js"
import { routeHour } from "./RouteHour.js"

const HOUR = 3_600_000
const NOON = Date.UTC(2026, 2, 2, 12)
const EQUATOR = [{ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0.5 }, { latitude: 0, longitude: 1 }]

const hour = routeHour

const routeOf = (over: Partial<Route> = {}): Route => ({
  id: RouteId.make("rte_0000000000000000000001"),
  accountId: AccountId.make("acct_0000000000000000000001"),
  createdAt: DateTime.unsafeMake(NOON - 24 * HOUR),
  spotcastId: SpotCastId.make("spc_0000000000000000000001"),
  waypoints: EQUATOR,
  departure: DateTime.unsafeMake(NOON - 6 * HOUR),
  speedKts: 10,
  departureWindowHours: 12,
  preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" },
  vessel: { type: "sailboat", lengthFt: 30 },
  ...over
})

const languages = ["en", "es", "fr", "pt", "it", "ja"] as const
const noneSaid = {
  en: "No departure is recommended",
  es: "No se recomienda ninguna salida",
  fr: "Aucun départ n'est recommandé",
  pt: "Nenhuma partida é recomendada",
  it: "Nessuna partenza è consigliata",
  ja: "推奨できる出発はありません"
}

describe("route departures", () => {
  it.prop(
    "a route whose every candidate departure is AVOID recommends none, and says so in every language; otherwise one, never AVOID",
    [
      fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 40, maxLength: 40 }),
      fc.integer({ min: 0, max: 24 }),
      fc.constantFrom(...languages)
    ],
    ([winds, windowHours, language]) => {
      // Each hour after the first departure gets its own wind (the same along the route).
      const first = NOON - 6 * HOUR
      const lookup: WeatherLookup = (_, utc) => ({
        point: hour(winds[Math.max(0, Math.min(winds.length - 1, Math.round((utc - first) / HOUR)))]!),
        utcOffsetSeconds: 0
      })
      const analysis = Either.getOrThrow(analyzeRoute(routeOf({ departureWindowHours: windowHours, preferences: { language, distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" } }), lookup))
      const departures = analysis.departures ?? []
      if (windowHours === 0) {
        assert.strictEqual(departures.length, 0)
        return
      }
      const recommended = departures.filter((d) => d.recommended)
      if (departures.every((d) => d.classification === "AVOID")) {
        assert.strictEqual(recommended.length, 0)
        assert.isUndefined(analysis.best_departure)
        assert.include(analysis.summary, noneSaid[language])
      } else {
        assert.strictEqual(recommended.length, 1)
        assert.notStrictEqual(recommended[0]!.classification, "AVOID")
        assert.strictEqual(analysis.best_departure!.departure_time, recommended[0]!.departure_time)
        assert.notInclude(analysis.summary, noneSaid[language])
      }
    },
    { fastCheck: { numRuns: 60 } }
  )

  it("a gale over the whole window: 13 AVOID departures, none recommended", () => {
    const analysis = Either.getOrThrow(analyzeRoute(routeOf(), () => ({ point: hour(40), utcOffsetSeconds: 0 })))
    assert.strictEqual(analysis.departures!.length, 13)
    assert.isTrue(analysis.departures!.every((d) => d.classification === "AVOID" && !d.recommended))
    assert.isUndefined(analysis.best_departure)
    assert.include(analysis.summary, "No departure is recommended: all 13 candidate departures in the window are AVOID.")
  })

  it("gives every departure, arrival and ETA in local time with its zone", () => {
    // Tromsø-style zone: UTC+1, named by the provider; the last leg's cell in another zone.
    const lookup: WeatherLookup = (p) => ({
      point: hour(8),
      utcOffsetSeconds: p.longitude > 0.75 ? 7200 : 3600,
      timezone: p.longitude > 0.75 ? "Europe/Helsinki" : "Europe/Oslo"
    })
    const analysis = Either.getOrThrow(analyzeRoute(routeOf({ departure: DateTime.unsafeMake(NOON), departureWindowHours: 1 }), lookup))
    const first = analysis.departures![0]!
    assert.strictEqual(first.departure_time, "2026-03-02T12:00:00.000Z")
    assert.strictEqual(first.departure_local, "2026-03-02T13:00:00.000+01:00")
    assert.strictEqual(first.departure_time_zone, "Europe/Oslo")
    // About 60 nm at 10 kt: arrival near 18:00 UTC, 20:00 in the last cell's zone.
    assert.match(first.arrival_local!, /^2026-03-02T20:00:\d\d\.\d{3}\+02:00$/)
    assert.strictEqual(Date.parse(first.arrival_local!), Date.parse(first.arrival_time))
    assert.strictEqual(first.arrival_time_zone, "Europe/Helsinki")
    for (const s of analysis.samples) {
      assert.strictEqual(Date.parse(s.eta_local!), Date.parse(s.eta), "the local time is the same instant")
      assert.include(["Europe/Oslo", "Europe/Helsinki"], s.time_zone)
    }
    const leg = analysis.legs[0]!
    assert.strictEqual(leg.eta_start_local, "2026-03-02T13:00:00.000+01:00")
    assert.strictEqual(leg.time_zone_start, "Europe/Oslo")
    assert.strictEqual(Date.parse(leg.eta_end_local!), Date.parse(leg.eta_end))
    assert.strictEqual(analysis.best_departure!.departure_local, first.departure_local)
    // A provider that names no zone: the offset alone, no zone field.
    const unnamed = Either.getOrThrow(analyzeRoute(routeOf({ departure: DateTime.unsafeMake(NOON), departureWindowHours: 0 }), () => ({ point: hour(8), utcOffsetSeconds: -4 * 3600 })))
    assert.strictEqual(unnamed.samples[0]!.eta_local, "2026-03-02T08:00:00.000-04:00")
    assert.notProperty(unnamed.samples[0]!, "time_zone")
  })

  it("an ETA reads the nearest forecast hour, not the one it falls in, by instant whatever the series' offset", () => {
    const at = { latitude: 0, longitude: 0 }
    /** The hour (`YYYY-MM-DDTHH`, as the series writes it) the lookup reads at `utcMillis`, the series at `offset`. */
    const read = (utcMillis: number, offset: number) => {
      const hours = Array.from({ length: 72 }, (_, h) => {
        const local = new Date(Date.UTC(2026, 2, 1) + h * HOUR).toISOString().slice(0, 16)
        return { ...hour(10), time: local }
      })
      const lookup = lookupFrom([[cellKey(cellOf(at)), { source: "test", utcOffsetSeconds: offset, hours }]])
      return lookup(at, utcMillis)?.point.time.slice(0, 13)
    }
    assert.strictEqual(read(Date.UTC(2026, 2, 2, 14, 40), 0), "2026-03-02T15")
    assert.strictEqual(read(Date.UTC(2026, 2, 2, 14, 29), 0), "2026-03-02T14")
    assert.strictEqual(read(Date.UTC(2026, 2, 2, 14, 30), 0), "2026-03-02T15")
    assert.strictEqual(read(Date.UTC(2026, 2, 2, 23, 45), 3600), "2026-03-03T01")
    // Half-hour zones round on their own clock: 14:10 UTC is 19:40 at UTC+5:30, nearest 20:00.
    assert.strictEqual(read(Date.UTC(2026, 2, 2, 14, 10), 5.5 * 3600), "2026-03-02T20")
  })
})
