import { DateTime, Effect, Option } from "effect"
import type { Account } from "../domain/account/Account.js"
import type { IdempotencyClaim } from "../domain/billing/Idempotency.js"
import { routePrice } from "../domain/billing/Pricing.js"
import { IdPrefix, isRouteId, LedgerEntryId, RouteId, SpotCastId } from "../domain/Ids.js"
import { longLegs, planPassage, spanDays, withinHorizon } from "../domain/route/Passage.js"
import { MAX_LEG_NM, type Route, MarineRouteNotFound } from "../domain/route/Route.js"
import type { CreateRouteCommand } from "../domain/route/RouteCommand.js"
import type { SpotCast } from "../domain/spotcast/SpotCast.js"
import { invalid } from "../domain/Validation.js"
import { RouteStore } from "../ports/RouteStore.js"
import { Settings } from "../ports/Settings.js"
import type { Charged } from "../ports/SpotCastStore.js"
import { newForecast } from "./CreateSpotCast.js"
import { countCharge } from "./Metrics.js"
import { estimateCompletionSeconds } from "./EstimateCompletion.js"
import { priorReceipt } from "./Idempotent.js"
import { requireWaypointsOnWater } from "./RequireWater.js"
import { newId } from "./NewIds.js"

/** What a charging route command answers: the route, its new forecast and the receipt. */
export interface RouteCharged {
  readonly route: Route
  readonly charged: Charged
}

/**
 * The checks that need the clock and the provider's horizon (the body's shape is the contract
 * schema's): every leg at most 1,000 nm, the departure not in the past, and the whole passage of the
 * last candidate departure within the horizon. Answers the credits the route costs.
 */
export const checkRoute = Effect.fn("CheckRoute")(function*(
  route: Pick<Route, "waypoints" | "speedKts" | "departure" | "departureWindowHours">
) {
  const passage = planPassage(route.waypoints, route.speedKts)
  const long = longLegs(passage, MAX_LEG_NM)[0]
  if (long !== undefined) {
    return yield* invalid(
      "invalid_waypoints",
      `The leg from waypoint ${long.index} to waypoint ${long.index + 1} is ${Math.round(long.distanceNm * 10) / 10} nm; a leg may be at most ${MAX_LEG_NM} nm`,
      `waypoints.${long.index + 1}`
    )
  }
  const now = DateTime.toEpochMillis(yield* DateTime.now)
  const departure = DateTime.toEpochMillis(route.departure)
  if (departure < now) return yield* invalid("invalid_departure_time", "departure_time must not be in the past", "departure_time")
  const { forecastHorizonDays } = yield* Settings
  if (!withinHorizon(now, departure, passage, route.departureWindowHours, forecastHorizonDays)) {
    return yield* invalid(
      "invalid_departure_time",
      `The passage (arrival of the last candidate departure) must end within ${forecastHorizonDays} days from today (UTC)`,
      "departure_time"
    )
  }
  return routePrice(spanDays(departure, passage, route.departureWindowHours))
})

/** The hidden SpotCast a route's forecasts belong to: at the first waypoint, from the departure. */
const hiddenSpotCast = (route: Route, price: number): SpotCast => ({
  id: route.spotcastId,
  accountId: route.accountId,
  createdAt: route.createdAt,
  coordinates: route.waypoints[0]!,
  start: route.departure,
  numDays: Math.min(5, Math.max(1, price)),
  preferences: route.preferences,
  ...(route.vessel === undefined ? {} : { vessel: route.vessel })
})

/** A replay answers with the route as created: the receipt names its hidden SpotCast. */
const replayed = (account: Account, charged: Charged) =>
  Effect.flatMap(RouteStore, (store) => store.ofSpotCast(account.id, charged.receipt.spotcastId)).pipe(
    Effect.flatMap(Option.match({
      onNone: () => Effect.dieMessage(`idempotency receipt names SpotCast ${charged.receipt.spotcastId}, which is no route`),
      onSome: (route) => Effect.succeed({ route, charged } satisfies RouteCharged as RouteCharged)
    }))
  )

/** Validates, prices and atomically charges-and-stores a route with its first forecast and job. */
export const createRoute = Effect.fn("CreateRoute")(function*(
  account: Account,
  command: CreateRouteCommand,
  idempotency?: IdempotencyClaim
) {
  yield* requireWaypointsOnWater(command.waypoints)
  const prior = yield* priorReceipt(account.id, idempotency)
  if (Option.isSome(prior)) return yield* replayed(account, { _tag: "Replayed", receipt: prior.value })

  const now = yield* DateTime.now
  const route: Route = {
    id: RouteId.make(yield* newId(IdPrefix.route)),
    accountId: account.id,
    createdAt: now,
    spotcastId: SpotCastId.make(yield* newId(IdPrefix.spotcast)),
    waypoints: command.waypoints.map((w) => ({ latitude: w.latitude, longitude: w.longitude })),
    departure: command.departure,
    speedKts: command.speedKts,
    departureWindowHours: command.departureWindowHours,
    preferences: command.preferences,
    ...(command.vessel === undefined ? {} : { vessel: command.vessel }),
    ...(command.metadata === undefined ? {} : { metadata: command.metadata }),
    ...(command.webhookUrl === undefined ? {} : { webhookUrl: command.webhookUrl })
  }
  const price = yield* checkRoute(route)
  const spotcast = hiddenSpotCast(route, price)
  const forecast = yield* newForecast(spotcast, now)
  const charged = yield* Effect.tap((yield* RouteStore).create({
    route,
    spotcast,
    forecast,
    price,
    chargeId: LedgerEntryId.make(yield* newId(IdPrefix.ledgerEntry)),
    estimatedCompletionSeconds: yield* estimateCompletionSeconds,
    ...(idempotency === undefined ? {} : { idempotency })
  }), countCharge)
  if (charged._tag === "Replayed") return yield* replayed(account, charged)
  return { route, charged } satisfies RouteCharged as RouteCharged
})

/**
 * A new forecast of a route whose newest forecast has finished, charged as at creation. The route is
 * checked again against today: a departure now past, or a passage beyond today's horizon, is refused.
 */
export const refreshRoute = Effect.fn("RefreshRoute")(function*(
  account: Account,
  routeId: string,
  idempotency?: IdempotencyClaim
) {
  const prior = yield* priorReceipt(account.id, idempotency)
  if (Option.isSome(prior)) return yield* replayed(account, { _tag: "Replayed", receipt: prior.value })
  if (!isRouteId(routeId)) return yield* new MarineRouteNotFound({ routeId })
  const store = yield* RouteStore
  const found = yield* store.get(account.id, routeId)
  if (Option.isNone(found)) return yield* new MarineRouteNotFound({ routeId })
  const route = found.value.route
  const price = yield* checkRoute(route)
  const forecast = yield* newForecast({ id: route.spotcastId, accountId: account.id }, yield* DateTime.now)
  const charged = yield* Effect.tap(store.refresh({
    accountId: account.id,
    routeId,
    forecast,
    price,
    chargeId: LedgerEntryId.make(yield* newId(IdPrefix.ledgerEntry)),
    estimatedCompletionSeconds: yield* estimateCompletionSeconds,
    ...(idempotency === undefined ? {} : { idempotency })
  }), countCharge)
  if (charged._tag === "Replayed") return yield* replayed(account, charged)
  return { route, charged } satisfies RouteCharged as RouteCharged
})
