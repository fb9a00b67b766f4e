import * as Reactivity from "@effect/experimental/Reactivity"
import * as SqlClient from "@effect/sql/SqlClient"
import { assert, it } from "@effect/vitest"
import { Effect, Either, Layer, Redacted } from "effect"
import { isOutage } from "../../../src/adapters/postgres/PostgresHealth.js"
import { clientUrl, PROBE_TIMEOUT_MS, SILENCE_TIMEOUT_MS } from "../../../src/adapters/postgres/PostgresStorage.js"
import { REPORT_STATEMENT_TIMEOUT_MS, withStatementTimeout } from "../../../src/adapters/postgres/StatementTimeout.js"
import { proxy } from "./FaultyProxy.js"
import { describeServer, freshDatabase } from "./TestDatabase.js"

/** A pool through a faulty proxy in front of a fresh database, with a session timeout a 10 s statement fits in. */
const pool = Effect.gen(function*() {
  const { url } = yield* freshDatabase
  const tcp = yield* proxy(new URL(Redacted.value(url)))
  const viaProxy = new URL(Redacted.value(url))
  viaProxy.hostname = "127.0.0.1"
  viaProxy.port = String(tcp.port)
  viaProxy.searchParams.set("statement_timeout", "30000")
  const context = yield* Layer.build(
    clientUrl(Redacted.make(viaProxy.toString()), { maxConnections: 2 }).pipe(Layer.provide(Reactivity.layer))
  )
  const sql = yield* Effect.provide(SqlClient.SqlClient, context)
  return { sql, set: tcp.set }
})

const timed = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.gen(function*() {
    const start = Date.now()
    const result = yield* Effect.either(effect)
    return { result, ms: Date.now() - start }
  })

/** The deadlines themselves (silence, then the probe), plus a loaded machine's margin; never the statement's length. */
const DETECTED_WITHIN_MS = SILENCE_TIMEOUT_MS + PROBE_TIMEOUT_MS + 1_500

await describeServer("a slow statement is not a dead server", () => {
  it.live("a 10-second statement finishes while, beside it, a black-holed server is found out within ~2 s, even in the middle of a statement", () =>
    Effect.gen(function*() {
      const live = yield* pool
      const dying = yield* pool
      const dead = yield* pool
      yield* dead.sql`SELECT 1`
      yield* dying.sql`SELECT 1`
      dead.set("blackhole")
      const [slow, lost, cutOff] = yield* Effect.all([
        // On a live server: the probe is answered, however long the statement runs.
        timed(live.sql<{ slept: string }>`SELECT pg_sleep(10)::text AS slept`),
        // A server that stopped answering: the statement fails as an outage, after the deadlines and not the statement's length.
        timed(dead.sql`SELECT 1`),
        // A long statement under way when the server goes away.
        timed(Effect.zipRight(
          Effect.sync(() => setTimeout(() => dying.set("blackhole"), 1_000)),
          dying.sql`SELECT pg_sleep(10)`
        ))
      ], { concurrency: "unbounded" })

      assert.isTrue(Either.isRight(slow.result), `the slow statement failed: ${String(Either.getLeft(slow.result))}`)
      assert.isAtLeast(slow.ms, 10_000)

      assert.isTrue(Either.isLeft(lost.result), "a statement on a black-holed server cannot succeed")
      if (Either.isLeft(lost.result)) assert.isTrue(isOutage(lost.result.left), String(lost.result.left))
      assert.isBelow(lost.ms, DETECTED_WITHIN_MS, `found out after ${lost.ms} ms`)

      assert.isTrue(Either.isLeft(cutOff.result), "the statement cut off cannot succeed")
      if (Either.isLeft(cutOff.result)) assert.isTrue(isOutage(cutOff.result.left), String(cutOff.result.left))
      assert.isBelow(cutOff.ms, 1_000 + DETECTED_WITHIN_MS, `found out after ${cutOff.ms} ms`)

      // Back again: the pool opens new connections by itself.
      dead.set("pass")
      assert.deepStrictEqual(yield* dead.sql<{ one: number }>`SELECT 1 AS one`, [{ one: 1 }])
    }).pipe(Effect.scoped), 60_000)

  it.live("statements are bounded by the session's statement_timeout; a report raises it for its own transaction only", () =>
    Effect.gen(function*() {
      const { url } = yield* freshDatabase
      const context = yield* Layer.build(clientUrl(url, { maxConnections: 1 }).pipe(Layer.provide(Reactivity.layer)))
      const sql = yield* Effect.provide(SqlClient.SqlClient, context)
      const setting = sql<{ ms: string }>`SELECT current_setting('statement_timeout') AS ms`.pipe(Effect.map((rows) => rows[0]!.ms))
      assert.strictEqual(yield* setting, "5s")
      assert.strictEqual(yield* withStatementTimeout(sql, REPORT_STATEMENT_TIMEOUT_MS)(setting), "30s")
      assert.strictEqual(yield* setting, "5s")
      const cancelled = yield* Effect.flip(sql`SELECT pg_sleep(6)`)
      assert.isTrue(isOutage(cancelled), "a statement past the timeout is cancelled by the server: 57014")
    }).pipe(Effect.scoped), 60_000)
})
