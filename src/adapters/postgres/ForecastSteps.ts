import type * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
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

const at = (instant: DateTime.Utc | undefined) => (instant === undefined ? null : DateTime.formatIso(instant))

/**
 * Finished forecasts as the JSON rows of `saveFinishedAll`'s `json_to_recordset`: the columns finishing
 * sets, the analysis as a JSON object (null for a failure).
 */
const finishedJson = (forecasts: ReadonlyArray<Forecast>): string =>
  JSON.stringify(forecasts.map((f) => ({
    account_id: f.accountId,
    forecast_id: f.id,
    status: f.status,
    stage: f.progress.stage,
    percentage: f.progress.percentage,
    completed_at: at(f.completedAt),
    failed_at: at(f.failedAt),
    analysis: f.analysis ?? null,
    error_code: f.error?.code ?? null,
    error_message: f.error?.message ?? null
  })))

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

  // The finished forecasts as the core made them, and their jobs removed, in one statement; the status
  // condition is the guard: of two workers finishing a forecast at once (one that lost its lease) only the
  // first finds it unfinished, the update's row lock making the second wait, then change nothing. Only
  // the columns finishing sets are written. The rows come as one JSON parameter (`finishedJson`), each
  // analysis as the worker made it (encoding it through its schema again would cost every completion a
  // full validation), kept verbatim as the column's text: `json_to_recordset` over `json` gives an object
  // read as `text` exactly as it was written. Many forecasts at once (BatchedWrites), one alone as a batch
  // of one.
  const saveFinishedAll = (forecasts: ReadonlyArray<Forecast>) =>
    sql<{ account_id: string; forecast_id: string }>`WITH v AS (
        SELECT * FROM json_to_recordset(${finishedJson(forecasts)}::json) AS v(account_id text, forecast_id text,
          status text, stage text, percentage int, completed_at timestamptz, failed_at timestamptz, analysis text,
          error_code text, error_message text)
      ), saved AS (
        UPDATE forecasts f SET status = v.status, stage = v.stage, percentage = v.percentage,
          completed_at = v.completed_at, failed_at = v.failed_at, analysis = v.analysis,
          error_code = v.error_code, error_message = v.error_message,
          completion_seq = CASE WHEN v.status = 'completed' THEN nextval('forecast_completion_seq') ELSE f.completion_seq END
        FROM v WHERE f.account_id = v.account_id AND f.forecast_id = v.forecast_id AND f.status IN ('pending', 'processing')
        RETURNING f.account_id, f.forecast_id
      ), job AS (
        DELETE FROM jobs j USING saved WHERE j.account_id = saved.account_id AND j.forecast_id = saved.forecast_id
      )
      SELECT account_id, forecast_id FROM saved`

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

  /**
   * Writes each finished forecast and removes its job while the stored one is unfinished: for each, whether
   * it was written (false when it had finished already). A forecast named twice (finished twice at once
   * in this process) has its finishes written one after another, the first as alone and the second then
   * finding it finished: one row cannot be updated twice in a statement.
   */
  const saveFinishedMany = (forecasts: ReadonlyArray<Forecast>): Effect.Effect<ReadonlyArray<boolean>, SqlError> =>
    new Set(forecasts.map((f) => f.id)).size < forecasts.length
      ? Effect.forEach(forecasts, saveFinished)
      : Effect.map(saveFinishedAll(forecasts), (rows) => {
        const saved = new Set(rows.map((r) => `${r.account_id}/${r.forecast_id}`))
        return forecasts.map((f) => saved.has(`${f.accountId}/${f.id}`))
      })

  /** Writes the finished forecast and removes its job while the stored one is unfinished; false otherwise. */
  const saveFinished = (forecast: Forecast): Effect.Effect<boolean, SqlError> =>
    Effect.map(saveFinishedAll([forecast]), (rows) => rows.length > 0)

  /** The forecast, its row locked until the transaction ends. */
  const lock = (forecastId: string) => lockForecast({ forecastId })

  return { advance, advanceMany, saveFinished, saveFinishedMany, lock }
}
