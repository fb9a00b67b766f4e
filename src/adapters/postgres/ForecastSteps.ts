import type * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { DateTime, Effect, Schema } from "effect"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import { type Stage, stagePercentage } from "../../domain/forecast/Progress.js"
import { ForecastFromRow } from "./SpotCastRows.js"

/** One forecast's move to a stage, as the batched statements take it. */
export interface Move {
  readonly forecastId: string
  readonly stage: string
  readonly percentage: number
}

/** A forecast asked to move on to a stage (its percentage is the stage's). */
export interface StageMove {
  readonly forecastId: string
  readonly stage: Exclude<Stage, "completed">
}

/**
 * Moves as the JSON rows (`forecast_id`, `stage`, `percentage`) of `json_to_recordset`, a forecast named
 * twice once, at the later of its stages (one row cannot be updated twice in a statement).
 */
export const movesJson = (moves: ReadonlyArray<Move>): string => {
  const furthest = new Map<string, Move>()
  for (const move of moves) {
    const seen = furthest.get(move.forecastId)
    if (seen === undefined || seen.percentage < move.percentage) furthest.set(move.forecastId, move)
  }
  return JSON.stringify([...furthest.values()].map((m) => ({ forecast_id: m.forecastId, stage: m.stage, percentage: m.percentage })))
}

/** `advance`'s guarded move of each forecast `m` named in the moves `v` (`movesFrom`), as SET and WHERE. */
export const GUARDED_MOVE = {
  set: `status = CASE WHEN m.percentage < v.percentage THEN 'processing' ELSE m.status END,
        stage = CASE WHEN m.percentage < v.percentage THEN v.stage ELSE m.stage END,
        percentage = GREATEST(m.percentage, v.percentage)`,
  where: `m.forecast_id = v.forecast_id AND m.status IN ('pending', 'processing')`
} as const

const at = (instant: DateTime.Utc | undefined) => (instant === undefined ? null : new Date(DateTime.toEpochMillis(instant)))

/** The moves as the rows `v` (`forecast_id`, `stage`, `percentage`), one parameter. */
export const movesFrom = (sql: SqlClient.SqlClient, moves: ReadonlyArray<Move>) =>
  sql`json_to_recordset(${movesJson(moves)}::json) AS v(forecast_id text, stage text, percentage int)`

/** The worker-side steps: move an unfinished forecast on, and write it finished. */
export const makeForecastSteps = (sql: SqlClient.SqlClient) => {
  const lockForecast = SqlSchema.findOne({
    Request: Schema.Struct({ forecastId: Schema.String }),
    Result: ForecastFromRow,
    execute: ({ forecastId }) => sql`SELECT * FROM forecasts WHERE forecast_id = ${forecastId} FOR UPDATE`
  })
  // The stage is the core's choice; this keeps the guard at the write that the domain's `advanced`
  // states (docs/architecture.md, "Where decisions live"): progress never goes back and a finished
  // forecast never moves. One conditional statement, no transaction, no read first: an unfinished
  // forecast moves to a later stage (status processing), or stays where it is when already there or
  // beyond; a finished one is not touched (no row back). Memory's `moveOn` keeps the same guard. Many
  // forecasts at once (BatchedWrites), a move alone as a batch of one: the guard is written once
  // (`GUARDED_MOVE`, which the work read's first move uses too). Answers the forecasts it moved.
  const advanceAll = (moves: ReadonlyArray<Move>) =>
    sql<{ forecast_id: string }>`UPDATE forecasts m SET ${sql.unsafe(GUARDED_MOVE.set)}
        FROM ${movesFrom(sql, moves)} WHERE ${sql.unsafe(GUARDED_MOVE.where)}
        RETURNING m.forecast_id`

  // The finished forecast as the core made it, and its job removed, in one statement; the status
  // condition is the guard: of two workers finishing it at once (one that lost its lease) only the
  // first finds it unfinished, the update's row lock making the second wait, then change nothing.
  // Only the columns finishing sets are written, the analysis as JSON text (as the worker made it:
  // encoding it through its schema again would cost every completion a full validation).
  const saveFinishedRow = (f: Forecast) =>
    sql<{ forecast_id: string }>`WITH saved AS (
        UPDATE forecasts SET status = ${f.status}, stage = ${f.progress.stage}, percentage = ${f.progress.percentage},
          completed_at = ${at(f.completedAt)}, failed_at = ${at(f.failedAt)},
          analysis = ${f.analysis === undefined ? null : JSON.stringify(f.analysis)},
          error_code = ${f.error?.code ?? null}, error_message = ${f.error?.message ?? null}
          ${f.status === "completed" ? sql`, completion_seq = nextval('forecast_completion_seq')` : sql``}
        WHERE account_id = ${f.accountId} AND forecast_id = ${f.id} AND status IN ('pending', 'processing')
        RETURNING account_id, forecast_id
      ), job AS (
        DELETE FROM jobs j USING saved WHERE j.account_id = saved.account_id AND j.forecast_id = saved.forecast_id
      )
      SELECT forecast_id FROM saved`

  /** Moves unfinished forecasts to their stages (or leaves them beyond): for each, whether it moved (false when it has finished). */
  const advanceMany = (moves: ReadonlyArray<StageMove>) =>
    Effect.map(
      advanceAll(moves.map(({ forecastId, stage }) => ({ forecastId, stage, percentage: stagePercentage[stage] }))),
      (rows) => {
        const moved = new Set(rows.map((r) => r.forecast_id))
        return moves.map((m) => moved.has(m.forecastId))
      }
    )

  /** Moves an unfinished forecast to `stage` (or leaves it beyond); false when it has finished. */
  const advance = (forecastId: string, stage: Exclude<Stage, "completed">) =>
    Effect.map(advanceMany([{ forecastId, stage }]), (moved) => moved[0]!)

  /** Writes the finished forecast and removes its job while the stored one is unfinished; false otherwise. */
  const saveFinished = (forecast: Forecast) => Effect.map(saveFinishedRow(forecast), (rows) => rows.length > 0)

  /** The forecast, its row locked until the transaction ends. */
  const lock = (forecastId: string) => lockForecast({ forecastId })

  return { advance, advanceMany, saveFinished, lock }
}
