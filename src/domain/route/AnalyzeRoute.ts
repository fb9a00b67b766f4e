import { DateTime, Either } from "effect"
import { defaultVessel } from "../spotcast/Vessel.js"
import { candidateOffsets, etaMillis, type Passage, planPassage } from "./Passage.js"
import type { Route, RouteAnalysis, RouteDeparture } from "./Route.js"
import {
  bestDeparture,
  type DepartureRating,
  judgeLegs,
  judgePassage,
  passageClass,
  rateDeparture,
  type WeatherLookup,
  worstFactor
} from "./RouteAssessment.js"
import { bestDepartureText, legSummary, passageSummary } from "./RouteText.js"

const HOUR_MS = 3_600_000
const iso = (millis: number) => new Date(millis).toISOString()
const round = (x: number, decimals = 2) => Math.round(x * 10 ** decimals) / 10 ** decimals + 0

/**
 * The route's analysis from the weather: the requested departure's samples, legs (worst sample) and
 * passage (worst leg), and with a window every candidate departure rated and the best recommended.
 * Left names the first sample the weather cannot judge.
 */
export const analyzeRoute = (route: Route, lookup: WeatherLookup): Either.Either<RouteAnalysis, string> =>
  Either.gen(function*() {
    const passage = planPassage(route.waypoints, route.speedKts)
    const vessel = route.vessel ?? defaultVessel
    const departure = DateTime.toEpochMillis(route.departure)
    const samples = yield* judgePassage(passage, departure, lookup, vessel)
    const legs = judgeLegs(passage, samples)
    const classification = passageClass(legs)
    const worstLeg = legs.find((l) => l.classification === classification)!
    let summary = passageSummary(route.preferences, {
      totalNm: passage.totalDistanceNm,
      legs: passage.legs.length,
      speedKts: route.speedKts,
      departureMillis: departure,
      arrivalMillis: departure + Math.round(passage.durationHours * HOUR_MS),
      durationHours: passage.durationHours,
      classification,
      worstLeg: worstLeg.leg.index + 1,
      worstFactor: worstFactor(worstLeg.worst)
    })
    const requested = rateDeparture(0, departure, passage, samples)
    let window: Pick<RouteAnalysis, "departures" | "best_departure"> = {}
    if (route.departureWindowHours > 0) {
      const ratings: Array<DepartureRating> = [requested]
      for (const offset of candidateOffsets(route.departureWindowHours).slice(1)) {
        const at = departure + offset * HOUR_MS
        ratings.push(rateDeparture(offset, at, passage, yield* judgePassage(passage, at, lookup, vessel)))
      }
      const best = bestDeparture(ratings)
      const text = bestDepartureText(route.preferences, best, requested)
      summary += text.sentence
      window = {
        departures: ratings.map((r): RouteDeparture => ({
          departure_time: iso(r.departureMillis),
          arrival_time: iso(r.arrivalMillis),
          classification: r.classification,
          worst_factor: r.worstFactor,
          recommended: r === best
        })),
        best_departure: { departure_time: iso(best.departureMillis), classification: best.classification, reason: text.reason }
      }
    }
    return {
      summary,
      classification,
      legs: legs.map((l) => ({
        index: l.leg.index,
        from: l.leg.from,
        to: l.leg.to,
        distance_nm: round(l.leg.distanceNm),
        eta_start: iso(etaMillis(departure, { hours: l.leg.startNm / route.speedKts })),
        eta_end: iso(etaMillis(departure, { hours: (l.leg.startNm + l.leg.distanceNm) / route.speedKts })),
        classification: l.classification,
        summary: legSummary(route.preferences, {
          classification: l.classification,
          worst: l.worst.conditions,
          night: l.samples.some((s) => !s.daylight)
        }),
        worst_factor: worstFactor(l.worst),
        conditions: l.worst.conditions
      })),
      samples: samples.map((s) => ({
        leg: s.planned.leg,
        position: { latitude: round(s.planned.position.latitude, 5), longitude: round(s.planned.position.longitude, 5) },
        distance_nm: round(s.planned.distanceNm),
        eta: iso(s.etaMillis),
        daylight: s.daylight,
        classification: s.classification,
        worst_factor: worstFactor(s),
        conditions: s.conditions
      })),
      ...window
    }
  })

/** The plan's headline figures as the API shows them. */
export const routeFigures = (route: Route, passage: Passage = planPassage(route.waypoints, route.speedKts)) => ({
  totalDistanceNm: round(passage.totalDistanceNm),
  durationHours: round(passage.durationHours),
  arrivalMillis: DateTime.toEpochMillis(route.departure) + Math.round(passage.durationHours * HOUR_MS)
})
