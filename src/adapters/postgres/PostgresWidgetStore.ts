import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { ForecastStatus } from "../../domain/forecast/ForecastStatus.js"
import { AccountId, ForecastId, SpotCastId, WidgetId } from "../../domain/Ids.js"
import { Widget, type WidgetView } from "../../domain/widget/Widget.js"
import { WidgetStore, type WidgetStoreShape } from "../../ports/WidgetStore.js"
import { AccountPage, afterCursor } from "./AccountPages.js"
import { OptionalTimestamp, Timestamp } from "./Columns.js"
import { insertHiddenSpotCast, makeHiddenSpotCastViews } from "./HiddenSpotCasts.js"
import { makeNewForecasts } from "./NewForecasts.js"
import { positionOf } from "./SpotCastReads.js"
import { ForecastFromRow, SpotCastFromRow } from "./SpotCastRows.js"

const WidgetJson = Schema.parseJson(Widget)

/** A widget row: the searched columns and the configuration as JSON text. */
const WidgetRow = Schema.Struct({
  account_id: AccountId,
  widget_id: WidgetId,
  spotcast_id: SpotCastId,
  created_at: Timestamp,
  next_refresh_at: OptionalTimestamp,
  body: WidgetJson
})

const rowOf = (widget: Widget) => ({
  account_id: widget.accountId,
  widget_id: widget.id,
  spotcast_id: widget.spotcastId,
  created_at: widget.createdAt,
  next_refresh_at: widget.nextRefreshAt ?? null,
  body: widget
})

const LIVE = "deleted_at IS NULL"

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const { enqueue } = makeNewForecasts(sql)
  const insertSpotCast = insertHiddenSpotCast(sql, "widget_id", WidgetId)
  const insertWidget = SqlSchema.void({
    Request: Schema.Struct({ ...WidgetRow.fields, created_body: WidgetJson }),
    execute: (row) => sql`INSERT INTO widgets ${sql.insert(row)}`
  })
  const saveWidget = SqlSchema.void({
    Request: WidgetRow,
    execute: (row) =>
      sql`UPDATE widgets SET body = ${row.body}, next_refresh_at = ${row.next_refresh_at}
          WHERE account_id = ${row.account_id} AND widget_id = ${row.widget_id}`
  })
  // Re-aims the hidden SpotCast at the widget's configuration and records its newest forecast.
  const aimSpotCast = SqlSchema.void({
    Request: Schema.Struct({ spotcast: SpotCastFromRow, latest: ForecastId }),
    execute: ({ latest, spotcast: s }) =>
      sql`UPDATE spotcasts SET latitude = ${s.latitude}, longitude = ${s.longitude}, start_at = ${s.start_at},
            num_days = ${s.num_days}, trip_duration_hours = ${s.trip_duration_hours}, language = ${s.language},
            distance_units = ${s.distance_units}, speed_units = ${s.speed_units}, height_units = ${s.height_units},
            temperature_units = ${s.temperature_units}, vessel_type = ${s.vessel_type},
            vessel_length_ft = ${s.vessel_length_ft}, forecast_count = forecast_count + 1,
            latest_forecast_id = ${latest}
          WHERE account_id = ${s.account_id} AND spotcast_id = ${s.spotcast_id}`
  })
  const findOwned = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, widgetId: Schema.String, lock: Schema.Boolean }),
    Result: WidgetRow,
    execute: ({ accountId, lock, widgetId }) =>
      sql`SELECT * FROM widgets WHERE account_id = ${accountId} AND widget_id = ${widgetId} AND ${sql.unsafe(LIVE)}
          ${lock ? sql`FOR UPDATE` : sql``}`
  })
  const findPublic = SqlSchema.findOne({
    Request: Schema.String,
    Result: WidgetRow,
    execute: (widgetId) => sql`SELECT * FROM widgets WHERE widget_id = ${widgetId} AND ${sql.unsafe(LIVE)}`
  })
  const findCreated = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, spotcastId: SpotCastId }),
    Result: Schema.Struct({ created_body: WidgetJson }),
    execute: ({ accountId, spotcastId }) =>
      sql`SELECT created_body FROM widgets WHERE account_id = ${accountId} AND spotcast_id = ${spotcastId}`
  })
  const pageOf = SqlSchema.findAll({
    Request: AccountPage,
    Result: WidgetRow,
    execute: ({ accountId, after, limit }) =>
      sql`SELECT * FROM widgets
          WHERE account_id = ${accountId} AND ${sql.unsafe(LIVE)}
            ${afterCursor(sql, "widget_id", after)}
          ORDER BY created_at DESC, widget_id DESC
          LIMIT ${limit}`
  })
  const latestOf = SqlSchema.findAll({
    Request: Schema.Struct({ accountId: AccountId, spotcastIds: Schema.NonEmptyArray(Schema.String) }),
    Result: ForecastFromRow,
    execute: ({ accountId, spotcastIds }) =>
      sql`SELECT f.* FROM spotcasts s
          JOIN forecasts f ON f.account_id = s.account_id AND f.forecast_id = s.latest_forecast_id
          WHERE s.account_id = ${accountId} AND s.spotcast_id IN ${sql.in(spotcastIds)}`
  })
  const latestStatus = SqlSchema.single({
    Request: Schema.Struct({ accountId: AccountId, spotcastId: SpotCastId }),
    Result: Schema.Struct({ forecast_id: ForecastId, status: ForecastStatus }),
    execute: ({ accountId, spotcastId }) =>
      sql`SELECT f.forecast_id, f.status FROM spotcasts s
          JOIN forecasts f ON f.account_id = s.account_id AND f.forecast_id = s.latest_forecast_id
          WHERE s.account_id = ${accountId} AND s.spotcast_id = ${spotcastId}`
  })
  const markDeleted = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, widgetId: Schema.String, at: Timestamp }),
    Result: Schema.Struct({ widget_id: Schema.String }),
    execute: ({ accountId, at, widgetId }) =>
      sql`UPDATE widgets SET deleted_at = ${at}, next_refresh_at = NULL
          WHERE account_id = ${accountId} AND widget_id = ${widgetId} AND ${sql.unsafe(LIVE)}
          RETURNING widget_id`
  })
  // SKIP LOCKED: processes that look at once take different widgets; a widget being refreshed is skipped.
  const lockDue = SqlSchema.findAll({
    Request: Schema.Struct({ now: Timestamp, limit: Schema.Int }),
    Result: WidgetRow,
    execute: ({ limit, now }) =>
      sql`SELECT * FROM widgets
          WHERE next_refresh_at <= ${now} AND next_refresh_at IS NOT NULL AND ${sql.unsafe(LIVE)}
          ORDER BY next_refresh_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED`
  })

  const { one, views } = makeHiddenSpotCastViews(
    (accountId, spotcastIds) =>
      Effect.map(latestOf({ accountId, spotcastIds }), (forecasts) => forecasts.map((f) => [f.spotcastId, f] as const)),
    (r: typeof WidgetRow.Type, forecast): WidgetView => ({ widget: r.body, latest: forecast })
  )

  const store: WidgetStoreShape = {
    insert: (widget, spotcast, forecast) =>
      Effect.all([
        insertSpotCast({ spotcast, latest: forecast.id, owner: widget.id }),
        insertWidget({ ...rowOf(widget), created_body: widget }),
        enqueue(forecast)
      ], { discard: true }).pipe(Effect.orDie, Effect.withSpan("WidgetStore.insert")),

    lockLatest: (accountId, widgetId) =>
      Effect.gen(function*() {
        const row = yield* findOwned({ accountId, widgetId, lock: true })
        if (Option.isNone(row)) return Option.none()
        const widget = row.value.body
        const latest = yield* latestStatus({ accountId, spotcastId: widget.spotcastId })
        return Option.some({ widget, latest: { id: latest.forecast_id, status: latest.status } })
      }).pipe(Effect.orDie, Effect.withSpan("WidgetStore.lockLatest")),

    addForecast: (forecast, spotcast, widget) =>
      Effect.all([
        enqueue(forecast),
        aimSpotCast({ spotcast, latest: forecast.id }),
        saveWidget(rowOf(widget))
      ], { discard: true }).pipe(Effect.orDie, Effect.withSpan("WidgetStore.addForecast")),

    get: (accountId, widgetId) =>
      findOwned({ accountId, widgetId, lock: false }).pipe(
        Effect.flatMap(one),
        Effect.orDie,
        Effect.withSpan("WidgetStore.get")
      ),

    getPublic: (widgetId) =>
      findPublic(widgetId).pipe(Effect.flatMap(one), Effect.orDie, Effect.withSpan("WidgetStore.getPublic")),

    created: (accountId, spotcastId) =>
      findCreated({ accountId, spotcastId }).pipe(
        Effect.map(Option.map((r) => r.created_body)),
        Effect.orDie,
        Effect.withSpan("WidgetStore.created")
      ),

    list: (accountId, page) =>
      pageOf({ accountId, limit: page.limit, after: positionOf(page.after) }).pipe(
        Effect.flatMap(views),
        Effect.orDie,
        Effect.withSpan("WidgetStore.list")
      ),

    update: (accountId, widgetId, update) =>
      sql.withTransaction(Effect.gen(function*() {
        const row = yield* findOwned({ accountId, widgetId, lock: true })
        if (Option.isNone(row)) return Option.none()
        yield* saveWidget(rowOf(update(row.value.body)))
        return yield* one(yield* findOwned({ accountId, widgetId, lock: false }))
      })).pipe(Effect.orDie, Effect.withSpan("WidgetStore.update")),

    remove: (accountId, widgetId, at) =>
      markDeleted({ accountId, widgetId, at }).pipe(
        Effect.map(Option.isSome),
        Effect.orDie,
        Effect.withSpan("WidgetStore.remove")
      ),

    claimDue: (now, limit, leaseSeconds) =>
      sql.withTransaction(Effect.gen(function*() {
        const dueAt = DateTime.add(now, { seconds: leaseSeconds })
        const rows = yield* lockDue({ now, limit })
        return yield* Effect.forEach(rows, (row) => {
          const claimed = { ...row.body, nextRefreshAt: dueAt }
          return Effect.as(saveWidget(rowOf(claimed)), { widget: claimed, dueAt })
        })
      })).pipe(Effect.orDie, Effect.withSpan("WidgetStore.claimDue"))
  }
  return WidgetStore.of(store)
})

export const layer = Layer.effect(WidgetStore, make)
