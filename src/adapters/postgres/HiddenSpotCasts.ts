import type * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Effect, Option, Schema } from "effect"
import { type AccountId, ForecastId, type SpotCastId } from "../../domain/Ids.js"
import { SpotCastFromRow } from "./SpotCastRows.js"

/**
 * Inserts the hidden SpotCast of a widget or a route, with its first forecast as the newest; `column`
 * (`widget_id`, `route_id`) names its owner, which is what keeps it out of SpotCast reads.
 */
export const insertHiddenSpotCast = <Id extends string>(
  sql: SqlClient.SqlClient,
  column: "widget_id" | "route_id",
  OwnerId: Schema.Schema<Id, string>
) =>
  SqlSchema.void({
    Request: Schema.Struct({ spotcast: SpotCastFromRow, latest: ForecastId, owner: OwnerId }),
    execute: ({ latest, owner, spotcast }) =>
      sql`INSERT INTO spotcasts ${sql.insert({ ...spotcast, forecast_count: 1, latest_forecast_id: latest, [column]: owner })}`
  })

/** A widget or route row: the columns that tie it to its account and hidden SpotCast. */
interface OwnedRow {
  readonly account_id: AccountId
  readonly spotcast_id: SpotCastId
}

/**
 * Views of one account's widget or route rows, each with what `latestOf` reads of its hidden SpotCast's
 * newest forecast (keyed by SpotCast id), in one query for a whole page; a row without it is left out.
 */
export const makeHiddenSpotCastViews = <Row extends OwnedRow, Latest, View, E, R>(
  latestOf: (
    accountId: AccountId,
    spotcastIds: readonly [string, ...Array<string>]
  ) => Effect.Effect<ReadonlyArray<readonly [string, Latest]>, E, R>,
  view: (row: Row, latest: Latest) => View
) => {
  const views = (rows: ReadonlyArray<Row>): Effect.Effect<Array<View>, E, R> =>
    Effect.gen(function*() {
      const [first, ...rest] = rows
      if (first === undefined) return []
      const latest = new Map(yield* latestOf(first.account_id, [first.spotcast_id, ...rest.map((r) => r.spotcast_id)]))
      return rows.flatMap((r) => {
        const found = latest.get(r.spotcast_id)
        return found === undefined ? [] : [view(r, found)]
      })
    })
  const one = (row: Option.Option<Row>) =>
    Option.isNone(row) ? Effect.succeedNone : Effect.map(views([row.value]), (v) => Option.fromNullable(v[0]))
  return { views, one }
}
