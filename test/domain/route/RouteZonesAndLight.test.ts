import { assert, describe, it } from "@effect/vitest"
import { DateTime, Either } from "effect"
import fc from "fast-check"
import { severityOf } from "../../../src/domain/classification/Classification.js"
import { AccountId, RouteId, SpotCastId } from "../../../src/domain/Ids.js"
import { analyzeRoute } from "../../../src/domain/route/AnalyzeRoute.js"
import { planPassage } from "../../../src/domain/route/Passage.js"
import type { Route } from "../../../src/domain/route/Route.js"
import type { WeatherLookup } from "../../../src/domain/route/RouteAssessment.js"
import type { Coordinates } from "../../../src/domain/spotcast/Coordinates.js"
import { atSea, intlOffsetSeconds, seaPoint, SUN_EVENT_ALTITUDE, sunAltitude, zoneOf } from "../../support/Globe.js"
import { routeHour } from "./RouteHour.js"

const HOUR = 3_600_000
const MINUTE = 60_000

const routeOf = (waypoints: ReadonlyArray<Coordinates>, departure: number, windowHours: number): Route => ({
  id: RouteId.make("rte_0000000000000000000001"),
  accountId: AccountId.make("acct_0000000000000000000001"),
  createdAt: DateTime.unsafeMake(departure - 24 * HOUR),
  spotcastId: SpotCastId.make("spc_0000000000000000000001"),
  waypoints: [...waypoints],
  departure: DateTime.unsafeMake(departure),
  speedKts: 8,
  departureWindowHours: windowHours,
  preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" },
  vessel: { type: "sailboat", lengthFt: 30 }
})

/** A short passage at sea: a sea point and one or two more within about 30 nm, all at sea. */
const passage = seaPoint.chain((from) =>
  fc.array(fc.tuple(fc.double({ min: -0.5, max: 0.5, noNaN: true }), fc.double({ min: -0.5, max: 0.5, noNaN: true })), { minLength: 1, maxLength: 2 })
    .map((steps) => [from, ...steps.map(([dLat, dLon]) => ({ latitude: Math.max(-84, Math.min(84, from.latitude + dLat)), longitude: Math.max(-180, Math.min(180, from.longitude + dLon)) }))])
    .filter((points) => points.every(atSea))
)

/** A departure hour in the year ahead. */
const departureAt = fc.integer({ min: 0, max: 400 * 24 }).map((h) => Date.UTC(2026, 11, 1) + h * HOUR)

/** The zones the geography gives the passage's samples. */
const zonesOf = (route: Route) => planPassage(route.waypoints, route.speedKts).samples.map((s) => zoneOf(s.position))

/** Weather whose every hour reads from the series' own (wrong, fixed) offset: the samples' zones must not come from it. */
const weather = (wind: (utcHour: number) => number): WeatherLookup => (_, utcMillis) => ({
  point: routeHour(wind(Math.round(utcMillis / HOUR))),
  utcOffsetSeconds: 0
})

const offsetOf = (time: string): number => {
  const m = /([+-])(\d{2}):(\d{2})$/.exec(time)!
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60)
}

/** Day or night by astronomy-engine, or undefined within 3 minutes of sunrise or sunset. */
const lightAt = (p: Coordinates, at: number): "day" | "night" | undefined => {
  const [a, b] = [sunAltitude(p, at - 3 * MINUTE), sunAltitude(p, at + 3 * MINUTE)]
  return a > SUN_EVENT_ALTITUDE && b > SUN_EVENT_ALTITUDE ? "day" : a < SUN_EVENT_ALTITUDE && b < SUN_EVENT_ALTITUDE ? "night" : undefined
}

describe("routes over the whole globe: zones by the point, daylight by astronomy-engine", () => {
  it("every sample, leg end and arrival is in its own point's zone, at that zone's offset at the instant", () =>
    fc.assert(
      fc.property(passage, departureAt, fc.integer({ min: 0, max: 24 }), (waypoints, departure, window) => {
        const route = routeOf(waypoints, departure, window)
        const analysis = Either.getOrThrow(analyzeRoute(route, weather(() => 8), zonesOf(route)))
        const arrivalZone = zoneOf(waypoints[waypoints.length - 1]!)
        for (const s of analysis.samples) {
          assert.strictEqual(s.time_zone, zoneOf(s.position))
          assert.strictEqual(offsetOf(s.eta_local!), intlOffsetSeconds(s.time_zone!, Date.parse(s.eta)), s.eta_local)
        }
        const lastLeg = analysis.legs[analysis.legs.length - 1]!
        assert.strictEqual(lastLeg.time_zone_end, arrivalZone)
        for (const d of analysis.departures ?? []) {
          assert.strictEqual(d.arrival_time_zone, arrivalZone)
          assert.strictEqual(offsetOf(d.arrival_local!), intlOffsetSeconds(arrivalZone, Date.parse(d.arrival_time)))
          assert.strictEqual(offsetOf(d.departure_local!), intlOffsetSeconds(zoneOf(waypoints[0]!), Date.parse(d.departure_time)))
        }
      }),
      { numRuns: 30 }
    ))

  it("no departure in the dark is recommended while one in daylight rates the same class or better", () =>
    fc.assert(
      fc.property(
        passage,
        departureAt,
        fc.integer({ min: 6, max: 24 }),
        fc.array(fc.integer({ min: 2, max: 30 }), { minLength: 48, maxLength: 48 }),
        (waypoints, departure, window, winds) => {
          const route = routeOf(waypoints, departure, window)
          const analysis = Either.getOrThrow(analyzeRoute(route, weather((h) => winds[((h % 48) + 48) % 48]!), zonesOf(route)))
          const best = analysis.departures?.find((d) => d.recommended)
          if (best === undefined || lightAt(waypoints[0]!, Date.parse(best.departure_time)) !== "night") return
          for (const d of analysis.departures!) {
            if (lightAt(waypoints[0]!, Date.parse(d.departure_time)) !== "day") continue
            assert.isAbove(severityOf(d.classification), severityOf(best.classification), `${best.departure_local} recommended in the dark over ${d.departure_local}`)
          }
        }
      ),
      { numRuns: 30 }
    ))
})
