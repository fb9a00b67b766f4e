import { assert, describe } from "@effect/vitest"
import { DateTime, Duration, Effect, Either, Option } from "effect"
import type { Account } from "../../src/domain/account/Account.js"
import { LedgerEntryId, RouteId, SpotCastId } from "../../src/domain/Ids.js"
import type { Route, RouteAnalysis } from "../../src/domain/route/Route.js"
import { JobQueue } from "../../src/ports/JobQueue.js"
import { MetadataText } from "../../src/domain/spotcast/Metadata.js"
import { RouteStore } from "../../src/ports/RouteStore.js"
import { SpotCastStore } from "../../src/ports/SpotCastStore.js"
import * as F from "./Fixtures.js"
import { balance, hiddenSpotCastChargingContract } from "./HiddenSpotCastContract.js"
import { type ContractIt, onFreshStorage } from "./StorageHarness.js"
import { chargeNewRoute, chargeRouteRefresh } from "../../src/application/route/CreateRoute.js"
import { chargeNewSpotCast } from "../../src/application/spotcast/CreateSpotCast.js"
import { completeForecast, failForecast } from "../../src/application/finish/Finish.js"

const calm = { wind_speed_kt: 8, wind_gust_kt: 11, wind_direction_deg: 200 }
const analysis = { summary: "Passage", daily_classifications: [{ date: "2026-03-02", classification: "GO" as const, summary: "Passage" }] }
const routeAnalysis: RouteAnalysis = {
  summary: "Passage of 20 nm",
  classification: "GO",
  legs: [{
    index: 0,
    from: { latitude: 41.49, longitude: -71.31 },
    to: { latitude: 41.17, longitude: -71.58 },
    distance_nm: 20.5,
    eta_start: "2026-03-02T06:00:00.000Z",
    eta_end: "2026-03-02T09:25:00.000Z",
    classification: "GO",
    summary: "GO: wind up to 8 kt",
    worst_factor: null,
    conditions: calm
  }],
  samples: [{
    leg: 0,
    position: { latitude: 41.49, longitude: -71.31 },
    distance_nm: 0,
    eta: "2026-03-02T06:00:00.000Z",
    daylight: true,
    classification: "GO",
    worst_factor: null,
    conditions: calm
  }]
}

const routeOf = (owner: Pick<Account, "id">, at: DateTime.Utc): Route => ({
  id: RouteId.make(F.id("rte")),
  accountId: owner.id,
  createdAt: at,
  spotcastId: SpotCastId.make(F.id("spc")),
  waypoints: [{ latitude: 41.49, longitude: -71.31 }, { latitude: 41.17, longitude: -71.58 }],
  departure: DateTime.unsafeMake(Date.UTC(2026, 2, 2, 6)),
  speedKts: 6,
  departureWindowHours: 0,
  preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" },
  // Text a parse and a serialization would change: the store keeps it byte for byte.
  metadata: MetadataText.make(`{ "boat": "Vega", "n": 12345678901234567890, "f": 1.0, "z": -0, "s": "\\u00e9" }`)
})

/** Stores a new route of `owner` at the clock's time (plus `offsetSeconds`), charged `price`. */
export const created = (owner: Pick<Account, "id">, price = 2, offsetSeconds = 0) =>
  Effect.gen(function*() {
    const at = DateTime.add(yield* DateTime.now, { seconds: offsetSeconds })
    const route = routeOf(owner, at)
    const spotcast = F.spotcast(owner, at, { id: route.spotcastId, coordinates: route.waypoints[0]!, numDays: 1 })
    const forecast = F.forecast(spotcast, at)
    const charged = yield* chargeNewRoute({
      route,
      spotcast,
      forecast,
      price,
      chargeId: LedgerEntryId.make(F.id("led")),
      estimatedCompletionSeconds: 10
    })
    return { route, forecast, charged }
  })

const refreshCommand = (route: Route, at: DateTime.Utc, routeId: string = route.id) => ({
  accountId: route.accountId,
  routeId,
  forecast: F.forecast({ id: route.spotcastId, accountId: route.accountId }, at),
  price: 2,
  chargeId: LedgerEntryId.make(F.id("led")),
  estimatedCompletionSeconds: 10
})

const complete = (forecastId: ReturnType<typeof F.forecast>["id"]) =>
  Effect.flatMap(RouteStore, (store) =>
    Effect.flatMap(DateTime.now, (at) => completeForecast({ forecastId, analysis, routeAnalysis, at })))

export const routeStoreContract = (it: ContractIt) =>
  describe("RouteStore", () => {
    it.effect("create charges atomically; the route reads back (its metadata byte for byte); its SpotCast is hidden from SpotCast reads; work finds it", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* RouteStore
        const spotcasts = yield* SpotCastStore
        const owner = yield* F.seed(5)
        const { charged, forecast, route } = yield* created(owner, 3)
        assert.strictEqual(charged._tag, "Created")
        assert.strictEqual(charged.receipt.creditsRemaining, 2)
        assert.strictEqual(charged.receipt.spotcastId, route.spotcastId)
        assert.strictEqual(yield* balance(owner), 2)
        const view = Option.getOrThrow(yield* store.get(owner.id, route.id))
        assert.deepStrictEqual(view.route, route)
        assert.strictEqual(view.latest.id, forecast.id)
        assert.strictEqual(view.forecastCount, 1)
        assert.isUndefined(view.analysis)
        assert.deepStrictEqual(Option.getOrThrow(yield* store.ofSpotCast(owner.id, route.spotcastId)), route)
        assert.isTrue(Option.isNone(yield* spotcasts.get(owner.id, route.spotcastId)))
        assert.deepStrictEqual(yield* spotcasts.list(owner.id, { limit: 10 }), [])
        const work = Option.getOrThrow(yield* store.work(forecast.id))
        assert.deepStrictEqual(work.route, route)
        assert.strictEqual(work.account.id, owner.id)
        // Its job's claim says it is a route's, so the worker reads it here and only here.
        const job = Option.getOrThrow(yield* (yield* JobQueue).claim("route-worker", Duration.minutes(1)))
        assert.strictEqual(job.forecastId, forecast.id)
        assert.strictEqual(job.kind, "route")
        // A SpotCast's forecast is no route's.
        const command = yield* F.createCommand(owner, 2)
        yield* chargeNewSpotCast(command)
        assert.isTrue(Option.isNone(yield* store.work(command.forecast.id)))
        const spotcastJob = Option.getOrThrow(yield* (yield* JobQueue).claim("spotcast-worker", Duration.minutes(1)))
        assert.strictEqual(spotcastJob.forecastId, command.forecast.id)
        assert.strictEqual(spotcastJob.kind, "spotcast")
      })))

    it.effect("complete stores the analysis with the forecast, once; the webhook delivery is written with it", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* RouteStore
        const owner = yield* F.seed(5)
        const { forecast, route } = yield* created(owner)
        const at = yield* DateTime.now
        const delivery = { ...F.delivery(forecast, at), event: "route.forecast.completed" as const }
        assert.isTrue(yield* completeForecast({ forecastId: forecast.id, analysis, routeAnalysis, at, delivery }))
        assert.isFalse(yield* completeForecast({ forecastId: forecast.id, analysis, routeAnalysis: { ...routeAnalysis, summary: "late" }, at }))
        const view = Option.getOrThrow(yield* store.get(owner.id, route.id))
        assert.strictEqual(view.latest.status, "completed")
        assert.deepStrictEqual(view.analysis, routeAnalysis)
        const one = Option.getOrThrow(yield* store.getForecast(owner.id, route.id, forecast.id))
        assert.deepStrictEqual(one.analysis, routeAnalysis)
        assert.strictEqual(one.forecast.status, "completed")
      })))

    it.effect("refresh: refused while unfinished; then charged; a failed forecast is refunded once", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* RouteStore
        const spotcasts = yield* SpotCastStore
        const owner = yield* F.seed(10)
        const { forecast, route } = yield* created(owner)
        const now = yield* DateTime.now
        const early = yield* Effect.either(chargeRouteRefresh(refreshCommand(route, now)))
        assert.isTrue(Either.isLeft(early) && early.left._tag === "RouteRefreshInProgress")
        assert.isTrue(yield* complete(forecast.id))
        const later = DateTime.add(now, { hours: 1 })
        const command = refreshCommand(route, later)
        const charged = yield* chargeRouteRefresh(command)
        assert.strictEqual(charged._tag, "Created")
        assert.strictEqual(yield* balance(owner), 6)
        const view = Option.getOrThrow(yield* store.get(owner.id, route.id))
        assert.strictEqual(view.latest.id, command.forecast.id)
        assert.strictEqual(view.forecastCount, 2)
        assert.isUndefined(view.analysis)
        const history = yield* store.listForecasts(owner.id, route.id, { limit: 10 })
        assert.deepStrictEqual(history.map((f) => f.id), [command.forecast.id, forecast.id])
        const error = { code: "weather_data_unavailable" as const, message: "none" }
        assert.isTrue(yield* failForecast({ forecastId: command.forecast.id, error, at: later, refundId: F.refundId() }))
        assert.isFalse(yield* failForecast({ forecastId: command.forecast.id, error, at: later, refundId: F.refundId() }))
        assert.strictEqual(yield* balance(owner), 8)
        const missing = yield* Effect.either(chargeRouteRefresh(refreshCommand(route, later, F.id("rte"))))
        assert.isTrue(Either.isLeft(missing) && missing.left._tag === "MarineRouteNotFound")
      })))

    it.effect("list and reads: the account's routes only, newest first, keyset after the cursor", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* RouteStore
        const owner = yield* F.seed(20)
        const other = yield* F.seed(20)
        const mine = []
        for (let i = 0; i < 3; i++) mine.push(yield* created(owner, 2, i))
        const theirs = yield* created(other)
        const page = yield* store.list(owner.id, { limit: 2 })
        assert.deepStrictEqual(page.map((v) => v.route.id), [mine[2]!.route.id, mine[1]!.route.id])
        const last = page[1]!.route
        const rest = yield* store.list(owner.id, { limit: 10, after: { createdAtMillis: DateTime.toEpochMillis(last.createdAt), id: last.id } })
        assert.deepStrictEqual(rest.map((v) => v.route.id), [mine[0]!.route.id])
        assert.isTrue(Option.isNone(yield* store.get(other.id, mine[0]!.route.id)))
        assert.isTrue(Option.isNone(yield* store.getForecast(other.id, mine[0]!.route.id, mine[0]!.forecast.id)))
        assert.isTrue(Option.isNone(yield* store.getForecast(owner.id, mine[0]!.route.id, theirs.forecast.id)))
        assert.isTrue(Option.isNone(yield* store.ofSpotCast(other.id, mine[0]!.route.spotcastId)))
        assert.deepStrictEqual(yield* store.listForecasts(other.id, mine[0]!.route.id, { limit: 10 }), [])
      })))

    hiddenSpotCastChargingContract(it, {
      name: "route",
      price: 2,
      create: (owner, price) => Effect.map(created(owner, price), ({ forecast, route }) => ({ made: route, forecast })),
      refresh: (route, at) => Effect.flatMap(RouteStore, (store) => chargeRouteRefresh(refreshCommand(route, at))),
      complete,
      list: (owner) => Effect.flatMap(RouteStore, (store) => store.list(owner.id, { limit: 10 })),
      leftBelow: 2
    })
  })
