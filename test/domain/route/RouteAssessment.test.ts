import { assert, describe, it } from "@effect/vitest"
import { DateTime, Either, FastCheck as fc } from "effect"
import { worstOf } from "../../../src/domain/forecast/Analysis.js"
import { RouteId, SpotCastId, AccountId } from "../../../src/domain/Ids.js"
import type { HourlyPoint } from "../../../src/domain/weather/HourlyWeather.js"
import { routeHour } from "./RouteHour.js"
import { analyzeRoute } from "../../../src/domain/route/AnalyzeRoute.js"
import { planPassage } from "../../../src/domain/route/Passage.js"
import type { Route } from "../../../src/domain/route/Route.js"
import { darknessReason, type HourAt, judgeLegs, judgePassage, lightAt, passageClass, type WeatherLookup } from "../../../src/domain/route/RouteAssessment.js"
import type { Coordinates } from "../../../src/domain/spotcast/Coordinates.js"

const HOUR = 3_600_000

const hour = routeHour
const at = (point: HourlyPoint): HourAt => ({ point, utcOffsetSeconds: 0 })

// Along the equator from 0° E: one degree of longitude is 60 nm; noon UTC is local noon at 0°.
const EQUATOR = [{ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0.5 }, { latitude: 0, longitude: 1 }]
const NOON = Date.UTC(2026, 2, 2, 12)

const routeOf = (over: Partial<Route> = {}): Route => ({
  id: RouteId.make("rte_0000000000000000000001"),
  accountId: AccountId.make("acct_0000000000000000000001"),
  createdAt: DateTime.unsafeMake(NOON - 24 * HOUR),
  spotcastId: SpotCastId.make("spc_0000000000000000000001"),
  waypoints: EQUATOR,
  departure: DateTime.unsafeMake(NOON),
  speedKts: 10,
  departureWindowHours: 0,
  preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" },
  vessel: { type: "sailboat", lengthFt: 30 },
  ...over
})

describe("judging the passage", () => {
  it("a gale on the second leg makes that leg and the passage AVOID; the first leg stays GO", () => {
    const lookup: WeatherLookup = (p: Coordinates) => at(hour(p.longitude > 0.55 ? 38 : 8))
    const analysis = Either.getOrThrow(analyzeRoute(routeOf(), lookup))
    assert.deepStrictEqual(analysis.legs.map((l) => l.classification), ["GO", "AVOID"])
    assert.strictEqual(analysis.classification, "AVOID")
    assert.strictEqual(analysis.legs[1]!.worst_factor, "wind")
    assert.strictEqual(analysis.legs[1]!.conditions.wind_speed_kt, 38)
    assert.include(analysis.summary, "Worst on leg 2 (wind)")
    assert.include(analysis.legs[1]!.summary, "AVOID: wind up to 38 kt")
  })

  it.prop(
    "each leg is its worst sample (its start point included), the passage its worst leg",
    [fc.array(fc.integer({ min: 0, max: 45 }), { minLength: 20, maxLength: 20 })],
    ([winds]) => {
      const passage = planPassage(EQUATOR, 10)
      // Each sample gets its own wind by its distance along the route.
      const lookup: WeatherLookup = (p) => at(hour(winds[Math.round(p.longitude * 60 / 5) % winds.length]!))
      const samples = Either.getOrThrow(judgePassage(passage, NOON, lookup, { type: "sailboat", lengthFt: 30 }))
      const legs = judgeLegs(passage, samples)
      for (const leg of legs) {
        const own = samples.filter((s) => s.planned.leg === leg.leg.index)
        const start = leg.leg.index === 0 ? [] : [samples.filter((s) => s.planned.leg === leg.leg.index - 1).at(-1)!]
        assert.strictEqual(leg.classification, worstOf([...start, ...own].map((s) => s.classification)))
      }
      assert.strictEqual(passageClass(legs), worstOf(samples.map((s) => s.classification)))
    }
  )

  it("daylight along the route: at night any vessel is at least CAUTION (darkness, issue 11's rule); by day calm is GO", () => {
    const calm: WeatherLookup = () => at(hour(6))
    const midnight = DateTime.unsafeMake(Date.UTC(2026, 2, 2, 0))
    const pwc = Either.getOrThrow(analyzeRoute(routeOf({ departure: midnight, vessel: { type: "pwc", lengthFt: 12 } }), calm))
    assert.strictEqual(pwc.classification, "CAUTION")
    assert.isTrue(pwc.samples.every((s) => !s.daylight && s.worst_factor === "darkness"))
    const sailboat = Either.getOrThrow(analyzeRoute(routeOf({ departure: midnight }), calm))
    assert.strictEqual(sailboat.classification, "CAUTION")
    assert.isTrue(sailboat.samples.every((s) => !s.daylight && s.worst_factor === "darkness"))
    const day = Either.getOrThrow(analyzeRoute(routeOf({ vessel: { type: "pwc", lengthFt: 12 } }), calm))
    assert.strictEqual(day.classification, "GO")
    assert.isTrue(day.samples.every((s) => s.daylight))
  })

  it("polar night on the route: AVOID for an open boat under 26 ft, CAUTION for a yacht; polar day is daylight", () => {
    const december = Date.UTC(2026, 11, 21, 12)
    const june = Date.UTC(2026, 5, 21, 0)
    const svalbard = { latitude: 80, longitude: 15 }
    assert.strictEqual(lightAt(svalbard, december, 3600), "polar_night")
    assert.strictEqual(lightAt(svalbard, june, 3600), "day")
    assert.strictEqual(darknessReason("polar_night", { type: "powerBoat", lengthFt: 20 })[0]!.classification, "AVOID")
    assert.strictEqual(darknessReason("polar_night", { type: "yacht", lengthFt: 20 })[0]!.classification, "CAUTION")
    assert.strictEqual(darknessReason("night", { type: "yacht", lengthFt: 60 })[0]!.classification, "CAUTION")
    assert.deepStrictEqual(darknessReason("day", { type: "pwc", lengthFt: 10 }), [])
  })

  it("a sample the weather cannot judge fails the analysis, naming where and when", () => {
    const gap: WeatherLookup = (p) => (p.longitude > 0.9 ? undefined : at(hour(6)))
    const result = analyzeRoute(routeOf(), gap)
    assert.isTrue(Either.isLeft(result))
    assert.include(Either.isLeft(result) ? result.left : "", "no weather for")
  })
})

describe("the departure window", () => {
  // A front: gale everywhere until 09:00 UTC, calm after it. Candidates from 06:00 UTC, each a 6 h passage
  // along the equator: 09:00 is the first clear of the front and arrives by 15:00, in daylight (the sun
  // rises about 06:10 and sets about 18:15 there; an arrival after dark is CAUTION by the darkness rule).
  const EARLY = NOON - 6 * HOUR
  const front: WeatherLookup = (_, utc) => at(hour(utc < EARLY + 3 * HOUR ? 40 : 7))

  it("the best departure avoids the front and says why; every candidate is rated once, one recommended", () => {
    const analysis = Either.getOrThrow(analyzeRoute(routeOf({ departure: DateTime.unsafeMake(EARLY), departureWindowHours: 12 }), front))
    const departures = analysis.departures!
    assert.strictEqual(departures.length, 13)
    assert.strictEqual(departures[0]!.classification, "AVOID")
    assert.strictEqual(departures.filter((d) => d.recommended).length, 1)
    const best = analysis.best_departure!
    assert.strictEqual(best.classification, "GO")
    assert.strictEqual(best.departure_time, new Date(EARLY + 3 * HOUR).toISOString())
    assert.include(best.reason, "safer than departing as requested (AVOID, wind)")
    // The summary's times are local (here UTC, the provider naming no zone), the zone named once.
    assert.include(analysis.summary, "departing Monday 2 March at 06:00, arriving at 12:00 after 6 hours (local time, UTC)")
    assert.include(analysis.summary, "Best departure in the window: at 09:00 (GO).")
    // Candidates that would arrive after dark are CAUTION for the darkness.
    assert.isTrue(departures.filter((d) => Date.parse(d.arrival_time) > Date.UTC(2026, 2, 2, 18, 30))
      .every((d) => d.classification === "CAUTION" && d.worst_factor === "darkness"))
    // The requested departure's own passage is what legs and samples describe.
    assert.strictEqual(analysis.classification, "AVOID")
    for (const d of departures) {
      assert.strictEqual(Date.parse(d.arrival_time) - Date.parse(d.departure_time), Math.round(planPassage(EQUATOR, 10).durationHours * HOUR))
    }
  })

  it("among equals the calmest wins, then the earliest; with no better choice the requested one is recommended", () => {
    // Candidates 07:00–11:00 UTC: every 6 h passage is in daylight.
    const seven = NOON - 5 * HOUR
    const window = { departure: DateTime.unsafeMake(seven), departureWindowHours: 4 }
    const steady: WeatherLookup = () => at(hour(9))
    const same = Either.getOrThrow(analyzeRoute(routeOf(window), steady))
    assert.strictEqual(same.best_departure!.departure_time, new Date(seven).toISOString())
    assert.include(same.best_departure!.reason, "already the best")
    const easing: WeatherLookup = (_, utc) => at(hour(utc < seven + 2 * HOUR ? 12 : 8))
    const calmer = Either.getOrThrow(analyzeRoute(routeOf(window), easing))
    assert.strictEqual(calmer.best_departure!.departure_time, new Date(seven + 2 * HOUR).toISOString())
    assert.include(calmer.best_departure!.reason, "lightest winds")
  })

  it("texts follow the language and units: Japanese, km and m/s", () => {
    const calm: WeatherLookup = () => at(hour(10))
    const ja = Either.getOrThrow(analyzeRoute(routeOf({ preferences: { language: "ja", distanceUnits: "km", speedUnits: "ms", heightUnits: "m", temperatureUnits: "c" } }), calm))
    assert.include(ja.summary, "km")
    assert.include(ja.summary, "m/s")
    assert.include(ja.summary, "航海")
  })
})
