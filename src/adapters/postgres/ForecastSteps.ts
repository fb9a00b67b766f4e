import type * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Effect, Either, Option, Schema } from "effect"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import { type LifecycleEvent, transition } from "../../domain/forecast/ForecastLifecycle.js"
import { AccountId, ForecastId, LedgerEntryId } from "../../domain/Ids.js"
import { DeliveryFromRow } from "./QueueRows.js"
import { ForecastFromRow } from "./SpotCastRows.js"

/** The worker-side steps: move a locked, unfinished forecast on, and what finishing it writes. */
export const makeForecastSteps = (sql: SqlClient.SqlClient) => {
  const lockForecast = SqlSchema.findOne({
    Request: Schema.Struct({ forecastId: Schema.String }),
    Result: ForecastFromRow,
    execute: ({ forecastId }) => sql`SELECT * FROM forecasts WHERE forecast_id = ${forecastId} FOR UPDATE`
  })
  const saveForecast = SqlSchema.void({
    Request: Schema.Struct({ forecast: ForecastFromRow, completed: Schema.Boolean }),
    execute: ({ completed, forecast }) =>
      sql`UPDATE forecasts SET ${sql.update(forecast, ["account_id", "forecast_id"])}
            ${completed ? sql`, completion_seq = nextval('forecast_completion_seq')` : sql``}
          WHERE account_id = ${forecast.account_id} AND forecast_id = ${forecast.forecast_id}`
  })
  const deleteJob = SqlSchema.void({
    Request: Schema.Struct({ accountId: AccountId, forecastId: ForecastId }),
    execute: ({ accountId, forecastId }) =>
      sql`DELETE FROM jobs WHERE account_id = ${accountId} AND forecast_id = ${forecastId}`
  })
  const insertDelivery = SqlSchema.void({
    Request: DeliveryFromRow,
    execute: (row) => sql`INSERT INTO webhook_deliveries ${sql.insert(row)}`
  })
  // The refund names its charge; the unique (account_id, refund_of) constraint lets it exist once.
  const refundCharge = SqlSchema.void({
    Request: Schema.Struct({
      accountId: AccountId,
      forecastId: ForecastId,
      refundId: LedgerEntryId,
      at: Schema.DateTimeUtcFromDate
    }),
    execute: ({ accountId, at, forecastId, refundId }) =>
      sql`WITH charge AS (
            SELECT entry_id, amount FROM ledger_entries
            WHERE account_id = ${accountId} AND forecast_id = ${forecastId} AND kind = 'charge'
          ), refund AS (
            INSERT INTO ledger_entries (account_id, entry_id, kind, amount, forecast_id, refund_of, created_at)
            SELECT ${accountId}, ${refundId}, 'refund', amount, ${forecastId}, entry_id, ${at} FROM charge
            ON CONFLICT (account_id, refund_of) DO NOTHING
            RETURNING amount
          )
          UPDATE accounts SET credit_balance = credit_balance + refund.amount, total_used = total_used - refund.amount
          FROM refund WHERE accounts.account_id = ${accountId}`
  })

  /**
   * Locks the forecast and applies a lifecycle event with the domain's state machine; none when the
   * forecast is missing or has finished (a worker that lost its lease then changes nothing).
   */
  const step = (forecastId: string, event: LifecycleEvent) =>
    Effect.map(lockForecast({ forecastId }), (found) =>
      Option.flatMap(found, (forecast) => {
        const next = transition(forecast, event)
        return Either.isRight(next) ? Option.some({ before: forecast, after: { ...forecast, ...next.right } as Forecast }) : Option.none()
      }))

  const save = (forecast: Forecast, completed = false) => saveForecast({ forecast, completed })

  return { step, save, deleteJob, insertDelivery, refundCharge }
}
