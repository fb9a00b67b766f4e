import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { RateWindowStore } from "../../ports/RateWindowStore.js"
import { spanned } from "../../ports/Spans.js"

/** Windows this far behind the newest are swept; a minute's window is never read again after it ends. */
const KEEP_MILLIS = 120_000

/**
 * One row per caller, counted with a single atomic upsert: the same or an earlier window (a process
 * whose clock lags) adds one, a later window starts again at 1. Once per window each process deletes
 * the rows of windows long gone, so the table holds the callers of the last two minutes.
 */
export const layer = Layer.effect(
  RateWindowStore,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    let sweptWindow = 0
    const span = spanned("PostgresRateWindows.increment")
    return {
      increment: (bucket, windowStartMillis) =>
        Effect.suspend(() => {
          const counted = Effect.map(
            sql<{ window_start: string; count: number }>`
              INSERT INTO rate_windows (bucket, window_start, count) VALUES (${bucket}, ${windowStartMillis}, 1)
              ON CONFLICT (bucket) DO UPDATE SET
                count = CASE WHEN EXCLUDED.window_start > rate_windows.window_start THEN 1 ELSE rate_windows.count + 1 END,
                window_start = GREATEST(rate_windows.window_start, EXCLUDED.window_start)
              RETURNING window_start, count`,
            (rows) => ({ windowStartMillis: Number(rows[0]!.window_start), count: rows[0]!.count })
          )
          if (windowStartMillis <= sweptWindow) return counted
          sweptWindow = windowStartMillis
          return Effect.zipRight(sql`DELETE FROM rate_windows WHERE window_start < ${windowStartMillis - KEEP_MILLIS}`, counted)
        }).pipe(Effect.orDie, span)
    }
  })
)
