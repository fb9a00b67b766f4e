import type * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { DateTime, Effect, Option, Schema } from "effect"
import type { ForecastStatus } from "../../domain/forecast/ForecastStatus.js"
import type { ForecastId, SpotCastId } from "../../domain/Ids.js"
import type { CursorPosition } from "../../domain/paging/Cursor.js"
import type { SpotCastView } from "../../ports/SpotCastStore.js"
import type { PageRequest, SpotCastSummary } from "../../ports/SpotCastStore.js"
import { Timestamp } from "./Columns.js"
import { AccountFromRow } from "./AccountRows.js"
import type { OpenAccountRows } from "./KeyWithAccount.js"
import { FORECAST_COLUMNS_AS_F, forecastOfRow, type Row, SPOTCAST_COLUMNS_AS_S, spotcastOfRow } from "./ReadRows.js"
import { type Coalesce, uncoalesced } from "./CoalescedReads.js"
import { makeKnownViews, type RowVersions, sameVersions } from "./KnownViews.js"
import { ForecastFromRow } from "./SpotCastRows.js"
import { GUARDED_MOVE, type Move, movesFrom } from "./ForecastSteps.js"

const Position = Schema.NullOr(Schema.Struct({ createdAt: Timestamp, id: Schema.String }))

export const positionOf = (after: CursorPosition | undefined) =>
  after === undefined ? null : { createdAt: DateTime.unsafeMake(after.createdAtMillis), id: after.id }

export const SpotCastPage = Schema.Struct({ accountId: Schema.String, limit: Schema.Int, after: Position })
export const ForecastPage = Schema.Struct({ ...SpotCastPage.fields, spotcastId: Schema.String })

/**
 * One page of SpotCasts: a range scan of the index `(account_id, created_at DESC, spotcast_id DESC)`
 * that starts after the cursor and stops after `limit` rows, with the columns a list prints and the
 * key of the newest forecast. Exported for the EXPLAIN test and bench.
 */
export const spotcastPageQuery = (sql: SqlClient.SqlClient, { accountId, after, limit }: typeof SpotCastPage.Encoded) =>
  sql`SELECT account_id, spotcast_id, created_at, latitude, longitude, latest_forecast_id FROM spotcasts
      WHERE account_id = ${accountId} AND ${sql.unsafe(notHidden())}
        ${after === null ? sql`` : sql`AND (created_at, spotcast_id) < (${after.createdAt}, ${after.id})`}
      ORDER BY created_at DESC, spotcast_id DESC
      LIMIT ${limit}`

/** One page of a SpotCast's forecasts, on `(account_id, spotcast_id, created_at DESC, forecast_id DESC)`. */
export const forecastPageQuery = (
  sql: SqlClient.SqlClient,
  { accountId, after, limit, spotcastId }: typeof ForecastPage.Encoded,
  visibleOnly = false
) =>
  sql`SELECT * FROM forecasts
      WHERE account_id = ${accountId} AND spotcast_id = ${spotcastId}
        ${visibleOnly ? sql`AND ${sql.unsafe(VISIBLE_SPOTCAST)}` : sql``}
        ${after === null ? sql`` : sql`AND (created_at, forecast_id) < (${after.createdAt}, ${after.id})`}
      ORDER BY created_at DESC, forecast_id DESC
      LIMIT ${limit}`

/**
 * The one rule for a widget's or route's hidden SpotCast: it is none of the account's SpotCasts, so
 * no SpotCast read (the SpotCast, its forecasts, a page of them, a refresh's lock) finds it.
 */
export const notHidden = (alias = "") => `${alias}widget_id IS NULL AND ${alias}route_id IS NULL`
const VISIBLE_SPOTCAST = `EXISTS (SELECT 1 FROM spotcasts v WHERE v.account_id = forecasts.account_id
  AND v.spotcast_id = forecasts.spotcast_id AND ${notHidden("v.")})`

/** The SpotCast columns with its newest forecast's as `f_…`: one index lookup each, one round trip. */
const withLatest = `s.*, ${FORECAST_COLUMNS_AS_F}`

/**
 * Reads and keyset pages. A read is one statement: the SpotCast joined to its newest forecast, or, for
 * a SpotCast this process read before, its two rows' versions only (KnownViews). A page
 * is one index range scan joined to the page's newest forecasts, reading only the columns the list
 * prints: its cost depends on the page size, not on how many rows the account has. Rows are mapped
 * without decoding them again (ReadRows).
 */
export const makeSpotCastReads = (
  sql: SqlClient.SqlClient,
  openAccountRows: OpenAccountRows = (rows) => rows,
  coalesce: Coalesce = uncoalesced
) => {
  const decodeAccount = Schema.decodeUnknown(AccountFromRow)
  const findForecast = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: Schema.String, spotcastId: Schema.String, forecastId: Schema.String }),
    Result: ForecastFromRow,
    execute: ({ accountId, forecastId, spotcastId }) =>
      sql`SELECT * FROM forecasts
          WHERE account_id = ${accountId} AND forecast_id = ${forecastId} AND spotcast_id = ${spotcastId}
            AND ${sql.unsafe(VISIBLE_SPOTCAST)}`
  })
  const pageOfForecasts = SqlSchema.findAll({
    Request: ForecastPage,
    Result: ForecastFromRow,
    execute: (page) => forecastPageQuery(sql, page, true)
  })

  const versionsOf = (row: Row): RowVersions => ({
    spotcast: row.v_spotcast as string,
    forecast: row.v_forecast as string
  })

  const viewOfRow = (row: Row): SpotCastView => ({
    spotcast: spotcastOfRow(row),
    forecastCount: row.forecast_count as number,
    latest: forecastOfRow(row, "f_")
  })

  // A widget's or route's hidden SpotCast is found only by the worker (`includeWidgets`), never as the account's.
  // The full read also returns the rows' versions (KnownViews), read in the same snapshot as the columns.
  const fullRead = (accountId: string, spotcastId: string, includeWidgets: boolean) =>
    sql<Row>`SELECT ${sql.unsafe(withLatest)}, s.xmin::text AS v_spotcast, f.xmin::text AS v_forecast
        FROM spotcasts s JOIN forecasts f ON f.account_id = s.account_id AND f.forecast_id = s.latest_forecast_id
        WHERE s.account_id = ${accountId} AND s.spotcast_id = ${spotcastId}
        ${includeWidgets ? sql`` : sql`AND ${sql.unsafe(notHidden("s."))}`}`

  const known = makeKnownViews()
  /** Reads the whole view and keeps it with its versions. */
  const readAndRemember = (accountId: string, spotcastId: string) =>
    Effect.map(fullRead(accountId, spotcastId, false), (rows) => {
      const row = rows[0]
      if (row === undefined) {
        known.forget(accountId, spotcastId)
        return Option.none<SpotCastView>()
      }
      const view = viewOfRow(row)
      known.remember(accountId, spotcastId, versionsOf(row), view)
      return Option.some(view)
    })

  /**
   * The account's SpotCast with its newest forecast. A SpotCast read before is checked by its rows'
   * versions only (one narrow statement); unchanged, the view kept is answered, changed, it is read
   * whole again. Never read before: read whole at once (one statement).
   */
  const readView = ({ accountId, spotcastId }: { readonly accountId: string; readonly spotcastId: string }) => {
    const kept = known.find(accountId, spotcastId)
    if (kept === undefined) return Effect.orDie(readAndRemember(accountId, spotcastId))
    return Effect.flatMap(
      sql<Row>`SELECT s.xmin::text AS v_spotcast, f.xmin::text AS v_forecast
          FROM spotcasts s JOIN forecasts f ON f.account_id = s.account_id AND f.forecast_id = s.latest_forecast_id
          WHERE s.account_id = ${accountId} AND s.spotcast_id = ${spotcastId} AND ${sql.unsafe(notHidden("s."))}`,
      (rows) => {
        const row = rows[0]
        if (row === undefined) {
          known.forget(accountId, spotcastId)
          return Effect.succeedNone
        }
        if (!sameVersions(versionsOf(row), kept.versions)) return readAndRemember(accountId, spotcastId)
        known.touch(accountId, spotcastId)
        return Effect.succeedSome(kept.view)
      }
    ).pipe(Effect.orDie)
  }
  // The same SpotCast asked by several requests at once: one read for those waiting (CoalescedReads).
  const sharedRead = coalesce(({ accountId, spotcastId }) => `${accountId} ${spotcastId}`, readView)
  const get = (accountId: string, spotcastId: string, includeWidgets = false) => {
    if (includeWidgets) {
      return Effect.map(fullRead(accountId, spotcastId, true), (rows) => Option.map(Option.fromNullable(rows[0]), viewOfRow))
    }
    return sharedRead({ accountId, spotcastId })
  }

  /**
   * The worker's one read of a SpotCast job: the forecast with its SpotCast (widgets' included) and its
   * account. The account's columns keep their names (`a.*`) and are opened and decoded as
   * `SELECT * FROM accounts` rows are (`openAccountRows`: pass the account store's). With `start`
   * (percentage), an unfinished forecast is moved to that stage in the same statement (as `advance`
   * does); the row read is the one from before (one snapshot). A route's job is read by the route store
   * (the claim says which), so this read knows nothing of routes.
   */
  const work = (forecastId: string, start?: { readonly stage: string; readonly percentage: number }) =>
    Effect.map(workOf([forecastId], start === undefined ? undefined : [{ forecastId, ...start }]), (found) => found[0]!)

  /**
   * `work` with a start for many forecasts in one statement (BatchedWrites): each moved as `work` moves
   * it, each read from the snapshot before; answers in the order asked (none for a forecast not found).
   */
  const workMany = (asked: ReadonlyArray<Move>) => workOf(asked.map((m) => m.forecastId), asked)

  /** The work of `forecastIds`, in their order, after `moves` (the guarded move `advance` makes) when given. */
  const workOf = (forecastIds: ReadonlyArray<string>, moves?: ReadonlyArray<Move>) =>
    Effect.flatMap(
      sql<Row>`${
        moves === undefined ? sql`` : sql`WITH moved AS (
            UPDATE forecasts m SET ${sql.unsafe(GUARDED_MOVE.set)} FROM ${movesFrom(sql, moves)} WHERE ${sql.unsafe(GUARDED_MOVE.where)}
          ) `
      }SELECT a.*, ${sql.unsafe(SPOTCAST_COLUMNS_AS_S)}, ${sql.unsafe(FORECAST_COLUMNS_AS_F)}
          FROM forecasts f
          JOIN spotcasts s ON s.account_id = f.account_id AND s.spotcast_id = f.spotcast_id
          JOIN accounts a ON a.account_id = f.account_id
          WHERE f.forecast_id IN ${sql.in(forecastIds)}`,
      (rows) => {
        const byId = new Map(openAccountRows(rows).map((row) => [row.f_forecast_id as string, row]))
        return Effect.forEach(forecastIds, (id) => workOfRow(byId.get(id)))
      }
    )
  const workOfRow = (row: Row | undefined) =>
    row === undefined
      ? Effect.succeedNone
      : Effect.map(decodeAccount(row), (account) =>
        Option.some({
          account,
          spotcast: spotcastOfRow(row, "s_"),
          forecast: forecastOfRow(row, "f_")
        }))

  const readPage = ({ accountId, page }: { readonly accountId: string; readonly page: PageRequest }) => {
    const after = page.after === undefined ? null : { createdAt: new Date(page.after.createdAtMillis), id: page.after.id }
    return Effect.map(
      sql<Row>`SELECT s.spotcast_id, s.created_at, s.latitude, s.longitude, f.forecast_id, f.status
          FROM (${spotcastPageQuery(sql, { accountId, limit: page.limit, after })}) s
          JOIN forecasts f ON f.account_id = s.account_id AND f.forecast_id = s.latest_forecast_id
          ORDER BY s.created_at DESC, s.spotcast_id DESC`,
      (rows) =>
        rows.map((r): SpotCastSummary => ({
          spotcast: {
            id: r.spotcast_id as SpotCastId,
            createdAt: DateTime.unsafeMake(r.created_at as Date),
            coordinates: { latitude: r.latitude as number, longitude: r.longitude as number }
          },
          latest: { id: r.forecast_id as ForecastId, status: r.status as ForecastStatus }
        }))
    ).pipe(Effect.orDie)
  }
  // The same page asked by several requests at once: one read for those waiting (CoalescedReads).
  const sharedPage = coalesce(
    ({ accountId, page }) => `${accountId} ${page.limit} ${page.after?.createdAtMillis ?? ""} ${page.after?.id ?? ""}`,
    readPage
  )
  const list = (accountId: string, page: PageRequest) => sharedPage({ accountId, page })

  return {
    get,
    getForecast: (accountId: string, spotcastId: string, forecastId: string) =>
      findForecast({ accountId, spotcastId, forecastId }),
    work,
    workMany,
    list,
    listForecasts: (accountId: string, spotcastId: string, page: PageRequest) =>
      pageOfForecasts({ accountId, spotcastId, limit: page.limit, after: positionOf(page.after) })
  }
}
