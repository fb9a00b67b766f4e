import { DateTime, Either } from "effect"
import { defaultVessel } from "../spotcast/Vessel.js"
import { candidateOffsets, etaMillis, type Passage, planPassage } from "./Passage.js"
import type { Route, RouteAnalysis, RouteDeparture } from "./Route.js"
import { localMillisText, offsetSecondsAt } from "../time/ZoneTime.js"
import {
  type DepartureRating,
  judgeLegs,
  judgePassage,
  type LocalZone,
  zoneNameOf,
  passageClass,
  rateDeparture,
  recommendedDeparture,
  type WeatherLookup,
  worstFactor
} from "./RouteAssessment.js"
import { bestDepartureText, legSummary, noneRecommendedText, passageSummary, type TextZone } from "./RouteText.js"

const HOUR_MS = 3_600_000
const iso = (millis: number) => new Date(millis).toISOString()
const round = (x: number, decimals = 2) => Math.round(x * 10 ** decimals) / 10 ** decimals + 0
/** An instant in a zone's local time: ISO 8601 to the millisecond, as the UTC fields, with the zone's offset then. */
const local = (millis: number, zone: LocalZone) => localMillisText(zone, millis)
/** `{ [key]: zone name }` when the zone has one (not a bare offset). */
const zoneName = <K extends string>(key: K, zone: LocalZone): { [P in K]?: string } => {
  const name = zoneNameOf(zone)
  return (name === undefined ? {} : { [key]: name }) as { [P in K]?: string }
}
/** The zone the texts read their times in, as of `millis` (the departure). */
const textZone = (zone: LocalZone, millis: number): TextZone => {
  const name = zoneNameOf(zone)
  return { utcOffsetSeconds: offsetSecondsAt(zone, millis), ...(name === undefined ? {} : { timezone: name }) }
}

/**
 * The route's analysis from the weather: the requested departure's samples, legs (worst sample) and
 * passage (worst leg), and with a window every candidate departure rated and the best recommended.
 * `zones` gives each sample point's own time zone (the geography's, by sample); without it a sample is
 * read in the zone of the weather series it came from. Left names the first sample the weather cannot judge.
 */
export const analyzeRoute = (route: Route, lookup: WeatherLookup, zones?: ReadonlyArray<LocalZone>): Either.Either<RouteAnalysis, string> =>
  Either.gen(function*() {
    const passage = planPassage(route.waypoints, route.speedKts)
    const vessel = route.vessel ?? defaultVessel
    const departure = DateTime.toEpochMillis(route.departure)
    const samples = yield* judgePassage(passage, departure, lookup, vessel, zones)
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
      zone: textZone(samples[0]!.zone, departure),
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
        ratings.push(rateDeparture(offset, at, passage, yield* judgePassage(passage, at, lookup, vessel, zones)))
      }
      // None is recommended when every candidate is AVOID: the summary says so.
      const best = recommendedDeparture(ratings)
      const text = best === undefined ? undefined : bestDepartureText(route.preferences, best, { ...requested, zone: textZone(requested.departureZone, departure) })
      summary += text === undefined ? noneRecommendedText(route.preferences, ratings.length) : text.sentence
      window = {
        departures: ratings.map((r): RouteDeparture => ({
          departure_time: iso(r.departureMillis),
          arrival_time: iso(r.arrivalMillis),
          departure_local: local(r.departureMillis, r.departureZone),
          arrival_local: local(r.arrivalMillis, r.arrivalZone),
          ...zoneName("departure_time_zone", r.departureZone),
          ...zoneName("arrival_time_zone", r.arrivalZone),
          classification: r.classification,
          worst_factor: r.worstFactor,
          recommended: r === best
        })),
        ...(best === undefined || text === undefined ? {} : {
          best_departure: {
            departure_time: iso(best.departureMillis),
            departure_local: local(best.departureMillis, best.departureZone),
            ...zoneName("departure_time_zone", best.departureZone),
            classification: best.classification,
            reason: text.reason
          }
        })
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
        eta_start_local: local(etaMillis(departure, { hours: l.leg.startNm / route.speedKts }), l.samples[0]!.zone),
        eta_end_local: local(etaMillis(departure, { hours: (l.leg.startNm + l.leg.distanceNm) / route.speedKts }), l.samples[l.samples.length - 1]!.zone),
        ...zoneName("time_zone_start", l.samples[0]!.zone),
        ...zoneName("time_zone_end", l.samples[l.samples.length - 1]!.zone),
        classification: l.classification,
        summary: legSummary(route.preferences, {
          classification: l.classification,
          worst: l.worst.conditions,
          night: l.samples.some((s) => !s.daylight),
          worstFactor: worstFactor(l.worst)
        }),
        worst_factor: worstFactor(l.worst),
        conditions: l.worst.conditions
      })),
      samples: samples.map((s) => ({
        leg: s.planned.leg,
        position: { latitude: round(s.planned.position.latitude, 5), longitude: round(s.planned.position.longitude, 5) },
        distance_nm: round(s.planned.distanceNm),
        eta: iso(s.etaMillis),
        eta_local: local(s.etaMillis, s.zone),
        ...zoneName("time_zone", s.zone),
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
