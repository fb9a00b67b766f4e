import type * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Effect, Schema } from "effect"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import { ForecastStatus } from "../../domain/forecast/ForecastStatus.js"
import { jobFor } from "../../domain/forecast/Job.js"
import { AccountId, ForecastId, SpotCastId } from "../../domain/Ids.js"
import { JobFromRow } from "./JobRows.js"
import { ForecastFromRow } from "./SpotCastRows.js"

/**
 * The statements a charged create or refresh shares, whichever store it is (SpotCast, widget, route):
 * the new forecast with its first job, the refresh's look at the newest forecast, and the SpotCast row
 * moved on to the new one.
 */
export const makeNewForecasts = (sql: SqlClient.SqlClient) => {
  const insertForecast = SqlSchema.void({
    Request: ForecastFromRow,
    execute: (row) => sql`INSERT INTO forecasts ${sql.insert(row)}`
  })
  const insertJob = SqlSchema.void({ Request: JobFromRow, execute: (row) => sql`INSERT INTO jobs ${sql.insert(row)}` })
  const statusOf = SqlSchema.single({
    Request: Schema.Struct({ accountId: AccountId, forecastId: ForecastId }),
    Result: Schema.Struct({ status: ForecastStatus }),
    execute: ({ accountId, forecastId }) =>
      sql`SELECT status FROM forecasts WHERE account_id = ${accountId} AND forecast_id = ${forecastId}`
  })
  const bumpSpotCast = SqlSchema.void({
    Request: Schema.Struct({ accountId: AccountId, spotcastId: SpotCastId, latest: ForecastId }),
    execute: ({ accountId, latest, spotcastId }) =>
      sql`UPDATE spotcasts SET forecast_count = forecast_count + 1, latest_forecast_id = ${latest}
          WHERE account_id = ${accountId} AND spotcast_id = ${spotcastId}`
  })

  /** The forecast with its first job, as create and refresh enqueue it. */
  const enqueue = (forecast: Forecast) => Effect.zipRight(insertForecast(forecast), insertJob(jobFor(forecast)))

  return { enqueue, statusOf, bumpSpotCast }
}
