import type * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { type DateTime, Effect, Either, Option, Schema } from "effect"
import type { Analysis } from "../../domain/forecast/Analysis.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import { progressAt, type Stage, stagePercentage } from "../../domain/forecast/Progress.js"
import { AccountId, ForecastId, type LedgerEntryId } from "../../domain/Ids.js"
import { refundEntry } from "../../domain/billing/Ledger.js"
import { Timestamp } from "./Columns.js"
import { DeliveryFromRow } from "./DeliveryRows.js"
import { LedgerEntryFromRow } from "./LedgerRows.js"
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
  const findCharge = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, forecastId: ForecastId }),
    Result: LedgerEntryFromRow,
    execute: ({ accountId, forecastId }) =>
      sql`SELECT * FROM ledger_entries WHERE account_id = ${accountId} AND forecast_id = ${forecastId} AND kind = 'charge'`
  })
  // The unique (account_id, refund_of) constraint lets a charge's refund exist once; only a refund
  // written now gives its credits back.
  const insertRefund = SqlSchema.void({
    Request: LedgerEntryFromRow,
    execute: (row) =>
      sql`WITH refund AS (
            INSERT INTO ledger_entries ${sql.insert(row)}
            ON CONFLICT (account_id, refund_of) DO NOTHING
            RETURNING amount
          )
          UPDATE accounts SET credit_balance = credit_balance + refund.amount, total_used = total_used - refund.amount
          FROM refund WHERE accounts.account_id = ${row.account_id}`
  })

  // The domain's `advanced` as one conditional statement, with no transaction: an unfinished forecast
  // moves to a later stage (status processing), or stays where it is when already there or beyond;
  // a finished one is not touched (no row back).
  const advanceTo = SqlSchema.findOne({
    Request: Schema.Struct({ forecastId: Schema.String, stage: Schema.String, percentage: Schema.Int }),
    Result: Schema.Struct({ forecast_id: Schema.String }),
    execute: ({ forecastId, percentage, stage }) =>
      sql`UPDATE forecasts SET
            status = CASE WHEN percentage < ${percentage} THEN 'processing' ELSE status END,
            stage = CASE WHEN percentage < ${percentage} THEN ${stage} ELSE stage END,
            percentage = GREATEST(percentage, ${percentage})
          WHERE forecast_id = ${forecastId} AND status IN ('pending', 'processing')
          RETURNING forecast_id`
  })
  // The domain's `completed` as one conditional statement that also removes the job: the update takes
  // the forecast's row lock, so of two workers finishing it at once (one that lost its lease) only the
  // first finds it unfinished; the other gets no row back and changes nothing.
  const completeNow = SqlSchema.findOne({
    Request: Schema.Struct({
      forecastId: Schema.String,
      analysis: Schema.String,
      at: Timestamp,
      stage: Schema.String,
      percentage: Schema.Int
    }),
    Result: Schema.Struct({ account_id: AccountId }),
    execute: ({ analysis, at, forecastId, percentage, stage }) =>
      sql`WITH done AS (
            UPDATE forecasts SET status = 'completed', stage = ${stage}, percentage = ${percentage},
              completed_at = ${at}, analysis = ${analysis}, completion_seq = nextval('forecast_completion_seq')
            WHERE forecast_id = ${forecastId} AND status IN ('pending', 'processing')
            RETURNING account_id, forecast_id
          ), job AS (
            DELETE FROM jobs j USING done WHERE j.account_id = done.account_id AND j.forecast_id = done.forecast_id
          )
          SELECT account_id FROM done`
  })

  /** Moves an unfinished forecast to `stage` (or leaves it beyond); false when it has finished. */
  const advance = (forecastId: string, stage: Exclude<Stage, "completed">) =>
    Effect.map(advanceTo({ forecastId, stage, percentage: stagePercentage[stage] }), Option.isSome)

  /** Completes an unfinished forecast and removes its job; false when it had finished. */
  const complete = (forecastId: string, analysis: Analysis, at: DateTime.Utc) => {
    const done = progressAt("completed")
    return Effect.map(
      completeNow({ forecastId, analysis: JSON.stringify(analysis), at, stage: done.stage, percentage: done.percentage }),
      Option.isSome
    )
  }

  /**
   * Locks the forecast and moves it on with the domain's `move`; none when the forecast is missing or
   * has finished (a worker that lost its lease then changes nothing).
   */
  const step = (forecastId: string, move: (forecast: Forecast) => Either.Either<Forecast, unknown>) =>
    Effect.map(lockForecast({ forecastId }), (found) =>
      Option.flatMap(found, (before) => Option.map(Either.getRight(move(before)), (after) => ({ before, after }))))

  const save = (forecast: Forecast, completed = false) => saveForecast({ forecast, completed })

  /** Refunds the forecast's charge, if it has one (as the domain's `refundEntry` writes it). */
  const refundCharge = (forecast: Forecast, refundId: LedgerEntryId, at: DateTime.Utc) =>
    Effect.flatMap(findCharge({ accountId: forecast.accountId, forecastId: forecast.id }), (charge) =>
      Option.match(charge, {
        onNone: () => Effect.void,
        onSome: (charged) => insertRefund(refundEntry(charged, refundId, at))
      }))

  return { advance, complete, step, save, deleteJob, insertDelivery, refundCharge }
}
