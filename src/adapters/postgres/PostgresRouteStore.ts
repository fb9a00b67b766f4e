import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Effect, Layer, Option, Schema } from "effect"
import { AccountId, ForecastId, RouteId, SpotCastId } from "../../domain/Ids.js"
import { Route, RouteAnalysis, type RouteView } from "../../domain/route/Route.js"
import { RouteStore, type RouteStoreShape } from "../../ports/RouteStore.js"
import { AccountPage, afterCursor } from "./AccountPages.js"
import { AccountFromRow } from "./AccountRows.js"
import { Timestamp } from "./Columns.js"
import { insertHiddenSpotCast, makeHiddenSpotCastViews } from "./HiddenSpotCasts.js"
import { makeNewForecasts } from "./NewForecasts.js"
import { ForecastPage, forecastPageQuery, positionOf } from "./SpotCastReads.js"
import { ForecastFromRow } from "./SpotCastRows.js"

const RouteJson = Schema.parseJson(Route)
const AnalysisJson = Schema.parseJson(RouteAnalysis)

/** A route row: the searched columns and the plan as JSON text. */
const RouteRow = Schema.Struct({
  account_id: AccountId,
  route_id: RouteId,
  spotcast_id: SpotCastId,
  created_at: Timestamp,
  body: RouteJson
})

const rowOf = (route: Route) => ({
  account_id: route.accountId,
  route_id: route.id,
  spotcast_id: route.spotcastId,
  created_at: route.createdAt,
  body: route
})

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const { enqueue, statusOf } = makeNewForecasts(sql)
  const insertSpotCast = insertHiddenSpotCast(sql, "route_id", RouteId)
  const insertRoute = SqlSchema.void({ Request: RouteRow, execute: (row) => sql`INSERT INTO routes ${sql.insert(row)}` })
  const insertAnalysis = SqlSchema.void({
    Request: Schema.Struct({ account_id: AccountId, forecast_id: ForecastId, body: AnalysisJson }),
    execute: (row) => sql`INSERT INTO route_analyses ${sql.insert(row)} ON CONFLICT DO NOTHING`
  })
  const findRoute = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, routeId: Schema.String }),
    Result: RouteRow,
    execute: ({ accountId, routeId }) => sql`SELECT * FROM routes WHERE account_id = ${accountId} AND route_id = ${routeId}`
  })
  const findBySpotCast = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, spotcastId: SpotCastId }),
    Result: RouteRow,
    execute: ({ accountId, spotcastId }) =>
      sql`SELECT * FROM routes WHERE account_id = ${accountId} AND spotcast_id = ${spotcastId}`
  })
  // Locking the hidden SpotCast serializes refreshes of one route, as a SpotCast's own refreshes are.
  const lockLatest = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, spotcastId: SpotCastId }),
    Result: Schema.Struct({ latest_forecast_id: ForecastId }),
    execute: ({ accountId, spotcastId }) =>
      sql`SELECT latest_forecast_id FROM spotcasts WHERE account_id = ${accountId} AND spotcast_id = ${spotcastId} FOR UPDATE`
  })
  const pageOf = SqlSchema.findAll({
    Request: AccountPage,
    Result: RouteRow,
    execute: ({ accountId, after, limit }) =>
      sql`SELECT * FROM routes
          WHERE account_id = ${accountId}
            ${afterCursor(sql, "route_id", after)}
          ORDER BY created_at DESC, route_id DESC
          LIMIT ${limit}`
  })
  // A forecast row with the columns joined beside it, each decoded by its own schema.
  const Joined = Schema.Struct({
    spotcast_id: SpotCastId,
    forecast_count: Schema.Int,
    route_analysis: Schema.NullOr(AnalysisJson)
  })
  const decodeForecast = Schema.decodeUnknown(ForecastFromRow)
  const decodeJoined = Schema.decodeUnknown(Joined)
  // Each SpotCast's newest forecast with its joined columns, keyed by the SpotCast for the views.
  const latestOf = (accountId: AccountId, spotcastIds: readonly [string, ...Array<string>]) =>
    Effect.flatMap(
      sql`SELECT f.*, s.forecast_count, a.body AS route_analysis
          FROM spotcasts s
          JOIN forecasts f ON f.account_id = s.account_id AND f.forecast_id = s.latest_forecast_id
          LEFT JOIN route_analyses a ON a.account_id = f.account_id AND a.forecast_id = f.forecast_id
          WHERE s.account_id = ${accountId} AND s.spotcast_id IN ${sql.in(spotcastIds)}`,
      (rows) =>
        Effect.forEach(rows, (row) =>
          Effect.map(Effect.zip(decodeForecast(row), decodeJoined(row)), (latest) => [latest[1].spotcast_id, latest] as const)
        )
    )
  const forecastOf = (accountId: AccountId, spotcastId: SpotCastId, forecastId: string) =>
    Effect.flatMap(
      sql`SELECT f.*, s.forecast_count, a.body AS route_analysis FROM forecasts f
          JOIN spotcasts s ON s.account_id = f.account_id AND s.spotcast_id = f.spotcast_id
          LEFT JOIN route_analyses a ON a.account_id = f.account_id AND a.forecast_id = f.forecast_id
          WHERE f.account_id = ${accountId} AND f.forecast_id = ${forecastId} AND f.spotcast_id = ${spotcastId}`,
      (rows) =>
        rows.length === 0
          ? Effect.succeedNone
          : Effect.map(Effect.zip(decodeForecast(rows[0]), decodeJoined(rows[0])), Option.some)
    )
  const pageOfForecasts = SqlSchema.findAll({
    Request: ForecastPage,
    Result: ForecastFromRow,
    execute: (page) => forecastPageQuery(sql, page)
  })
  // The one query every job pays for (the worker asks whether a job is a route's): none for a SpotCast's.
  const routeOfForecast = SqlSchema.findOne({
    Request: Schema.String,
    Result: RouteRow,
    execute: (forecastId) =>
      sql`SELECT r.* FROM forecasts f
          JOIN routes r ON r.account_id = f.account_id AND r.spotcast_id = f.spotcast_id
          WHERE f.forecast_id = ${forecastId}`
  })
  const forecastById = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, forecastId: Schema.String }),
    Result: ForecastFromRow,
    execute: ({ accountId, forecastId }) =>
      sql`SELECT * FROM forecasts WHERE account_id = ${accountId} AND forecast_id = ${forecastId}`
  })
  const findAccount = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId }),
    Result: AccountFromRow,
    execute: ({ accountId }) => sql`SELECT * FROM accounts WHERE account_id = ${accountId}`
  })

  const { one, views } = makeHiddenSpotCastViews(
    latestOf,
    (r: typeof RouteRow.Type, [forecast, joined]): RouteView => ({
      route: r.body,
      forecastCount: joined.forecast_count,
      latest: forecast,
      analysis: forecast.status === "completed" ? joined.route_analysis ?? undefined : undefined
    })
  )

  const store: RouteStoreShape = {
    insert: (route, spotcast, forecast) =>
      Effect.all([
        insertSpotCast({ spotcast, latest: forecast.id, owner: route.id }),
        insertRoute(rowOf(route)),
        enqueue(forecast)
      ], { discard: true }).pipe(Effect.orDie, Effect.withSpan("RouteStore.insert")),

    lockLatest: (accountId, routeId) =>
      Effect.gen(function*() {
        const route = yield* findRoute({ accountId, routeId })
        if (Option.isNone(route)) return Option.none()
        const current = yield* lockLatest({ accountId, spotcastId: route.value.spotcast_id })
        if (Option.isNone(current)) return Option.none()
        const id = current.value.latest_forecast_id
        const { status } = yield* statusOf({ accountId, forecastId: id })
        return Option.some({ route: route.value.body, latest: { id, status } })
      }).pipe(Effect.orDie, Effect.withSpan("RouteStore.lockLatest")),

    get: (accountId, routeId) =>
      findRoute({ accountId, routeId }).pipe(
        Effect.flatMap(one),
        Effect.orDie,
        Effect.withSpan("RouteStore.get")
      ),

    ofSpotCast: (accountId, spotcastId) =>
      findBySpotCast({ accountId, spotcastId }).pipe(
        Effect.map(Option.map((r) => r.body)),
        Effect.orDie,
        Effect.withSpan("RouteStore.ofSpotCast")
      ),

    list: (accountId, page) =>
      pageOf({ accountId, limit: page.limit, after: positionOf(page.after) }).pipe(
        Effect.flatMap(views),
        Effect.orDie,
        Effect.withSpan("RouteStore.list")
      ),

    listForecasts: (accountId, routeId, page) =>
      Effect.gen(function*() {
        const route = yield* findRoute({ accountId, routeId })
        if (Option.isNone(route)) return []
        return yield* pageOfForecasts({
          accountId,
          spotcastId: route.value.spotcast_id,
          limit: page.limit,
          after: positionOf(page.after)
        })
      }).pipe(Effect.orDie, Effect.withSpan("RouteStore.listForecasts")),

    getForecast: (accountId, routeId, forecastId) =>
      Effect.gen(function*() {
        const route = yield* findRoute({ accountId, routeId })
        if (Option.isNone(route)) return Option.none()
        const found = yield* forecastOf(accountId, route.value.spotcast_id, forecastId)
        return Option.map(found, ([forecast, joined]) => ({
          forecast,
          analysis: forecast.status === "completed" ? joined.route_analysis ?? undefined : undefined
        }))
      }).pipe(Effect.orDie, Effect.withSpan("RouteStore.getForecast")),

    work: (forecastId) =>
      Effect.gen(function*() {
        const route = yield* routeOfForecast(forecastId)
        if (Option.isNone(route)) return Option.none()
        const forecast = yield* forecastById({ accountId: route.value.account_id, forecastId })
        const account = yield* findAccount({ accountId: route.value.account_id })
        if (Option.isNone(forecast) || Option.isNone(account)) return Option.none()
        return Option.some({ account: account.value, route: route.value.body, forecast: forecast.value })
      }).pipe(
        Effect.orDie,
        Effect.withSpan("RouteStore.work")
      ),

    saveAnalysis: (forecast, analysis) =>
      insertAnalysis({ account_id: forecast.accountId, forecast_id: forecast.id, body: analysis }).pipe(
        Effect.orDie,
        Effect.withSpan("RouteStore.saveAnalysis")
      )
  }
  return RouteStore.of(store)
})

export const layer = Layer.effect(RouteStore, make)
