import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Exit, Layer, Runtime } from "effect"
import { type CountedWindow, RateWindowStore } from "../../ports/RateWindowStore.js"
import { spanned } from "../../ports/Spans.js"

/** Windows this far behind the newest are swept; a minute's window is never read again after it ends. */
const KEEP_MILLIS = 120_000

/** One request waiting for its place in its caller's window. */
interface Waiter {
  readonly windowStartMillis: number
  readonly resume: (exit: Exit.Exit<CountedWindow>) => void
}

/** A caller's requests: whether a count is on its way to the database, and those that came meanwhile. */
interface Bucket {
  running: boolean
  queue: Array<Waiter>
}

/**
 * One row per caller, counted with a single atomic upsert: the same or an earlier window (a process
 * whose clock lags) adds `n`, a later window starts again at `n`. Once per window each process deletes
 * the rows of windows long gone, so the table holds the callers of the last two minutes.
 *
 * Coalesced per caller: while one count of a caller is on its way, that caller's further requests in
 * this process wait, and the next statement counts all of them at once (`count + n`); the row answers
 * the window's total, and the requests of the batch take the places `total - n + 1 … total` in the
 * order they came. Every request is still counted in the shared row before it is answered, and places
 * are unique across processes (each statement is atomic on the row): two processes share one window and
 * one countdown exactly as with one statement per request. What changes is only how many statements a
 * busy caller costs: one per round trip instead of one per request (under 32 concurrent requests of one
 * key, a statement counts about 10 to 30 of them). A request waits at most for the count already on its
 * way, then its own.
 */
export const layer = Layer.effect(
  RateWindowStore,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    // The counts run on their own fibers (a batch is not owned by whichever request came first: that
    // request may be interrupted, its client gone, while others wait on the same statement).
    const runtime = yield* Effect.runtime<never>()
    const runFork = Runtime.runFork(runtime)
    let sweptWindow = 0
    const buckets = new Map<string, Bucket>()
    const span = spanned("PostgresRateWindows.increment")

    const count = (bucket: string, windowStartMillis: number, n: number) =>
      Effect.map(
        sql<{ window_start: string; count: number }>`
          INSERT INTO rate_windows (bucket, window_start, count) VALUES (${bucket}, ${windowStartMillis}, ${n})
          ON CONFLICT (bucket) DO UPDATE SET
            count = CASE WHEN EXCLUDED.window_start > rate_windows.window_start
              THEN EXCLUDED.count ELSE rate_windows.count + EXCLUDED.count END,
            window_start = GREATEST(rate_windows.window_start, EXCLUDED.window_start)
          RETURNING window_start, count`,
        (rows) => ({ windowStartMillis: Number(rows[0]!.window_start), count: rows[0]!.count })
      )

    /** Counts `waiters` (one window) in one statement and gives each its place, in the order they came. */
    const countBatch = (bucket: string, waiters: ReadonlyArray<Waiter>) => {
      const windowStartMillis = waiters[0]!.windowStartMillis
      const counted = count(bucket, windowStartMillis, waiters.length)
      const swept = windowStartMillis <= sweptWindow ? counted : Effect.zipRight(
        Effect.sync(() => {
          sweptWindow = Math.max(sweptWindow, windowStartMillis)
        }),
        Effect.zipRight(sql`DELETE FROM rate_windows WHERE window_start < ${windowStartMillis - KEEP_MILLIS}`, counted)
      )
      return Effect.onExit(Effect.orDie(swept), (exit) =>
        Effect.sync(() => {
          if (Exit.isFailure(exit)) {
            for (const waiter of waiters) waiter.resume(Exit.failCause(exit.cause))
            return
          }
          const total = exit.value
          waiters.forEach((waiter, i) =>
            waiter.resume(Exit.succeed({ windowStartMillis: total.windowStartMillis, count: total.count - waiters.length + 1 + i }))
          )
        }))
    }

    /** Sends everything waiting on `bucket`, window by window (two only across a minute's turn); then the next batch. */
    const flush = (key: string, bucket: Bucket): void => {
      const waiting = bucket.queue
      if (waiting.length === 0) {
        bucket.running = false
        buckets.delete(key)
        return
      }
      bucket.running = true
      bucket.queue = []
      const windows = new Map<number, Array<Waiter>>()
      for (const waiter of waiting) {
        const same = windows.get(waiter.windowStartMillis)
        if (same === undefined) windows.set(waiter.windowStartMillis, [waiter])
        else same.push(waiter)
      }
      const batches = [...windows.values()].sort((a, b) => a[0]!.windowStartMillis - b[0]!.windowStartMillis)
      const fiber = runFork(Effect.forEach(batches, (waiters) => Effect.exit(countBatch(key, waiters))))
      fiber.addObserver((exit) => {
        // A failed count (the database unreachable, a timeout) fails the requests that came meanwhile too,
        // at once, uncounted: a second statement would make them wait out the same deadline again.
        const failed = Exit.isFailure(exit) ? exit : Exit.isSuccess(exit) ? exit.value.find(Exit.isFailure) : undefined
        if (failed !== undefined) {
          for (const waiter of bucket.queue) waiter.resume(Exit.failCause(failed.cause))
          bucket.queue = []
        }
        flush(key, bucket)
      })
    }

    return {
      increment: (bucket, windowStartMillis) =>
        Effect.async<CountedWindow>((resume) => {
          let state = buckets.get(bucket)
          if (state === undefined) {
            state = { running: false, queue: [] }
            buckets.set(bucket, state)
          }
          state.queue.push({ windowStartMillis, resume: (exit) => resume(exit) })
          if (!state.running) flush(bucket, state)
        }).pipe(span)
    }
  })
)
