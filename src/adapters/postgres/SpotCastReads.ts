import type * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { DateTime, Effect, Option, Schema } from "effect"
import type { CursorPosition } from "../../domain/paging/Cursor.js"
import type { SpotCastView } from "../../domain/spotcast/SpotCast.js"
import type { PageRequest } from "../../ports/SpotCastStore.js"
import { Timestamp } from "./Columns.js"
import { ForecastFromRow, SpotCastHeadFromRow } from "./SpotCastRows.js"

const Position = Schema.NullOr(Schema.Struct({ createdAt: Timestamp, id: Schema.String }))

export const positionOf = (after: CursorPosition | undefined) =>
  after === undefined ? null : { createdAt: DateTime.unsafeMake(after.createdAtMillis), id: after.id }

export const SpotCastPage = Schema.Struct({ accountId: Schema.String, limit: Schema.Int, after: Position })
export const ForecastPage = Schema.Struct({ ...SpotCastPage.fields, spotcastId: Schema.String })

/**
 * One page of SpotCasts: a range scan of the index `(account_id, created_at DESC, spotcast_id DESC)`
 * that starts after the cursor and stops after `limit` rows. Exported for the EXPLAIN test and bench.
 */
export const spotcastPageQuery = (sql: SqlClient.SqlClient, { accountId, after, limit }: typeof SpotCastPage.Encoded) =>
  sql`SELECT * FROM spotcasts
      WHERE account_id = ${accountId} AND widget_id IS NULL AND route_id IS NULL
        ${after === null ? sql`` : sql`AND (created_at, spotcast_id) < (${after.createdAt}, ${after.id})`}
      ORDER BY created_at DESC, spotcast_id DESC
      LIMIT ${limit}`

/** One page of a SpotCast's forecasts, on `(account_id, spotcast_id, created_at DESC, forecast_id DESC)`. */
export const forecastPageQuery = (
  sql: SqlClient.SqlClient,
  { accountId, after, limit, spotcastId }: typeof ForecastPage.Encoded
) =>
  sql`SELECT * FROM forecasts
      WHERE account_id = ${accountId} AND spotcast_id = ${spotcastId}
        ${after === null ? sql`` : sql`AND (created_at, forecast_id) < (${after.createdAt}, ${after.id})`}
      ORDER BY created_at DESC, forecast_id DESC
      LIMIT ${limit}`

/**
 * Reads and keyset pages. A page is one index range scan plus one lookup of the page's newest
 * forecasts: its cost depends on the page size, not on how many rows the account has.
 */
export const makeSpotCastReads = (sql: SqlClient.SqlClient) => {
  // A widget's or route's hidden SpotCast is found only by the worker (`includeWidgets`), never as the account's.
  const findHead = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: Schema.String, spotcastId: Schema.String, includeWidgets: Schema.Boolean }),
    Result: SpotCastHeadFromRow,
    execute: ({ accountId, includeWidgets, spotcastId }) =>
      sql`SELECT * FROM spotcasts WHERE account_id = ${accountId} AND spotcast_id = ${spotcastId}
          ${includeWidgets ? sql`` : sql`AND widget_id IS NULL AND route_id IS NULL`}`
  })
  const pageOfHeads = SqlSchema.findAll({
    Request: SpotCastPage,
    Result: SpotCastHeadFromRow,
    execute: (page) => spotcastPageQuery(sql, page)
  })
  const forecastsIn = SqlSchema.findAll({
    Request: Schema.Struct({ accountId: Schema.String, forecastIds: Schema.NonEmptyArray(Schema.String) }),
    Result: ForecastFromRow,
    execute: ({ accountId, forecastIds }) =>
      sql`SELECT * FROM forecasts WHERE account_id = ${accountId} AND forecast_id IN ${sql.in(forecastIds)}`
  })
  const findForecast = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: Schema.String, spotcastId: Schema.String, forecastId: Schema.String }),
    Result: ForecastFromRow,
    execute: ({ accountId, forecastId, spotcastId }) =>
      sql`SELECT * FROM forecasts
          WHERE account_id = ${accountId} AND forecast_id = ${forecastId} AND spotcast_id = ${spotcastId}`
  })
  const forecastById = SqlSchema.findOne({
    Request: Schema.String,
    Result: ForecastFromRow,
    execute: (forecastId) => sql`SELECT * FROM forecasts WHERE forecast_id = ${forecastId}`
  })
  const pageOfForecasts = SqlSchema.findAll({
    Request: ForecastPage,
    Result: ForecastFromRow,
    execute: (page) => forecastPageQuery(sql, page)
  })

  const views = (accountId: string, heads: ReadonlyArray<typeof SpotCastHeadFromRow.Type>) =>
    Effect.gen(function*() {
      const [first, ...rest] = heads.map((h) => h.latestForecastId as string)
      if (first === undefined) return []
      const latest = new Map((yield* forecastsIn({ accountId, forecastIds: [first, ...rest] })).map((f) => [f.id, f]))
      return heads.flatMap((h): Array<SpotCastView> => {
        const forecast = latest.get(h.latestForecastId)
        return forecast === undefined ? [] : [{ spotcast: h.spotcast, forecastCount: h.forecastCount, latest: forecast }]
      })
    })

  return {
    get: (accountId: string, spotcastId: string, includeWidgets = false) =>
      Effect.flatMap(findHead({ accountId, spotcastId, includeWidgets }), (head) =>
        Option.isNone(head)
          ? Effect.succeedNone
          : Effect.map(views(accountId, [head.value]), (found) => Option.fromNullable(found[0]))),
    getForecast: (accountId: string, spotcastId: string, forecastId: string) =>
      findForecast({ accountId, spotcastId, forecastId }),
    forecastById,
    list: (accountId: string, page: PageRequest) =>
      Effect.flatMap(
        pageOfHeads({ accountId, limit: page.limit, after: positionOf(page.after) }),
        (heads) => views(accountId, heads)
      ),
    listForecasts: (accountId: string, spotcastId: string, page: PageRequest) =>
      pageOfForecasts({ accountId, spotcastId, limit: page.limit, after: positionOf(page.after) })
  }
}
