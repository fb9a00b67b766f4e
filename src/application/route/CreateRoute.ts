import { DateTime, Effect, Option } from "effect"
import type { Account } from "../../domain/account/Account.js"
import type { IdempotencyClaim } from "../../domain/billing/Idempotency.js"
import { routePrice } from "../../domain/billing/Pricing.js"
import { type AccountId, IdPrefix, isRouteId, LedgerEntryId, RouteId, SpotCastId } from "../../domain/Ids.js"
import { longLegs, planPassage, spanDays, withinHorizon } from "../../domain/route/Passage.js"
import { MAX_LEG_NM, type Route, MarineRouteNotFound, RouteRefreshInProgress } from "../../domain/route/Route.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import { isTerminal } from "../../domain/forecast/ForecastStatus.js"
import type { CreateRouteCommand } from "../../domain/route/RouteCommand.js"
import type { SpotCast } from "../../domain/spotcast/SpotCast.js"
import { invalid } from "../../domain/Validation.js"
import { RouteStore } from "../../ports/RouteStore.js"
import { Settings } from "../../ports/Settings.js"
import { SpotCastStore } from "../../ports/SpotCastStore.js"
import { charge, type ChargeParts, type Charged, priorReceipt } from "../charge/Charge.js"
import { newForecast } from "../spotcast/CreateSpotCast.js"
import { estimateCompletionSeconds } from "../charge/EstimateCompletion.js"
import { newId } from "../NewIds.js"
import { checkWebhookHost } from "../webhook/WebhookHosts.js"
import { requireWaypointsOnWater } from "../RequireWater.js"
import { landLegMessage, legCheckPoints } from "../../domain/route/LandLegs.js"
import { MAX_SHORE_DISTANCE_KM } from "../../domain/geography/Water.js"
import { Geography } from "../../ports/Geography.js"

/** What a charging route command answers: the route, its new forecast and the receipt. */
export interface RouteCharged {
  readonly route: Route
  readonly charged: Charged
}

/**
 * The checks that need the clock, the geography and the provider's horizon (the body's shape is the
 * contract schema's): every leg at most 1,000 nm and over water (a leg across land is refused, naming
 * it: docs/routes.md), the departure not in the past, and the whole passage of the last candidate
 * departure within the horizon. Answers the credits the route costs.
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
  const geography = yield* Geography
  for (const leg of passage.legs) {
    const points = legCheckPoints(leg)
    const inland = yield* geography.firstInland(points)
    if (inland >= 0) return yield* invalid("invalid_waypoints", landLegMessage(leg, points[inland]!, MAX_SHORE_DISTANCE_KM), `waypoints.${leg.index + 1}`)
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

/** A new route with its hidden SpotCast, first forecast and job, charged and stored in one transaction. */
export const chargeNewRoute = (
  command: ChargeParts & { readonly route: Route; readonly spotcast: SpotCast; readonly forecast: Forecast }
) =>
  Effect.flatMap(RouteStore, (store) =>
    charge({
      ...command,
      accountId: command.route.accountId,
      kind: "create",
      spotcastId: command.spotcast.id,
      routeId: command.route.id,
      check: Effect.void,
      write: () => store.insert(command.route, command.spotcast, command.forecast)
    }))

/**
 * A new forecast of a route whose newest forecast has finished, charged and stored in one transaction
 * (the hidden SpotCast's row lock makes one of two refreshes wait and then see the other's unfinished).
 */
export const chargeRouteRefresh = (
  command: ChargeParts & { readonly accountId: AccountId; readonly routeId: string; readonly forecast: Forecast }
) =>
  Effect.gen(function*() {
    const routes = yield* RouteStore
    const spotcasts = yield* SpotCastStore
    return yield* charge({
      ...command,
      kind: "refresh",
      spotcastId: command.forecast.spotcastId,
      // An id that is no route's is refused by the check before anything is charged.
      routeId: isRouteId(command.routeId) ? RouteId.make(command.routeId) : undefined,
      check: Effect.gen(function*() {
        const locked = yield* routes.lockLatest(command.accountId, command.routeId)
        if (Option.isNone(locked) || locked.value.route.spotcastId !== command.forecast.spotcastId) {
          return yield* new MarineRouteNotFound({ routeId: command.routeId })
        }
        const { latest, route } = locked.value
        if (!isTerminal(latest.status)) return yield* new RouteRefreshInProgress({ routeId: route.id, forecastId: latest.id })
      }),
      write: () => spotcasts.addForecast(command.forecast)
    })
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
  yield* checkWebhookHost(command.webhookUrl)

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
  const charged = yield* chargeNewRoute({
    route,
    spotcast,
    forecast,
    price,
    chargeId: LedgerEntryId.make(yield* newId(IdPrefix.ledgerEntry)),
    estimatedCompletionSeconds: yield* estimateCompletionSeconds,
    idempotency
  })
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
  const charged = yield* chargeRouteRefresh({
    accountId: account.id,
    routeId: route.id,
    forecast,
    price,
    chargeId: LedgerEntryId.make(yield* newId(IdPrefix.ledgerEntry)),
    estimatedCompletionSeconds: yield* estimateCompletionSeconds,
    idempotency
  })
  if (charged._tag === "Replayed") return yield* replayed(account, charged)
  return { route, charged } satisfies RouteCharged as RouteCharged
})
