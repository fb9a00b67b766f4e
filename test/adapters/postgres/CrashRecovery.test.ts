import * as SqlClient from "@effect/sql/SqlClient"
import { assert, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import * as PostgresStorage from "../../../src/adapters/postgres/PostgresStorage.js"
import * as CryptoIds from "../../../src/adapters/system/CryptoIds.js"
import * as NaturalEarthGeography from "../../../src/adapters/geography/NaturalEarthGeography.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import { createSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"
import { WebhookUrl } from "../../../src/domain/webhook/WebhookUrl.js"
import { createCommand, firstDate, seedAccount } from "../../support/Accounts.js"
import * as TestSettings from "../../support/TestSettings.js"
import { spawnSpotcast, stop, waitUntil } from "../../support/Spawn.js"
import { describeServer, freshDatabase } from "./TestDatabase.js"

const FORECASTS = 10
const CONCURRENCY = 4

const workerEnv = (url: string, latencyMs: number) => ({
  DATABASE_URL: url,
  SPOTCAST_WEATHER_PROVIDER: "simulated",
  SPOTCAST_SIMULATED_WEATHER_LATENCY_MS: String(latencyMs),
  SPOTCAST_WORKER_CONCURRENCY: String(CONCURRENCY),
  SPOTCAST_WORKER_POLL_MS: "50",
  SPOTCAST_JOB_LEASE_MS: "3000",
  SPOTCAST_SHUTDOWN_GRACE_MS: "0",
  SPOTCAST_DATABASE_POOL_SIZE: "2"
})

const count = (query: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe<{ n: string }>(query)).pipe(
    Effect.map((rows) => Number(rows[0]?.n ?? 0)),
    Effect.orDie
  )

await describeServer("crash recovery with real worker processes", () => {
  it.live("a worker killed with SIGKILL while it holds jobs: another finishes every job once, none charged or refunded twice", () =>
    Effect.gen(function*() {
      const { url } = yield* freshDatabase
      const databaseUrl = Redacted.value(url)
      yield* Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const { account } = yield* seedAccount(100, "sandbox")
        const command = { ...createCommand(firstDate(Date.now()), 1), webhookUrl: WebhookUrl.make("https://hooks.example.com/spotcast") }
        for (let i = 0; i < FORECASTS; i++) yield* createSpotCast(account, command)

        // A stalls in the weather step (a minute per request), so it holds its jobs when it dies.
        const doomed = yield* spawnSpotcast("worker A", ["serve", "--role", "worker"], workerEnv(databaseUrl, 60_000))
        yield* waitUntil(
          `worker A holds ${CONCURRENCY} jobs, each waiting for its weather`,
          Effect.map(
            count(`SELECT count(*) AS n FROM jobs j
                   JOIN forecasts f ON f.account_id = j.account_id AND f.forecast_id = j.forecast_id
                   WHERE j.lease_owner IS NOT NULL AND f.stage = 'fetching_weather'`),
            (n) => n === CONCURRENCY
          ),
          [doomed]
        )
        const held = yield* sql<{ forecast_id: string; attempts: number; stage: string }>`
          SELECT j.forecast_id, j.attempts, f.stage FROM jobs j
          JOIN forecasts f ON f.account_id = j.account_id AND f.forecast_id = j.forecast_id
          WHERE j.lease_owner IS NOT NULL`
        yield* stop(doomed, "SIGKILL")
        assert.isTrue(held.every((h) => h.attempts === 1 && h.stage === "fetching_weather"), JSON.stringify(held))
        assert.strictEqual(yield* count(`SELECT count(*) AS n FROM forecasts WHERE status IN ('completed', 'failed')`), 0)

        const survivor = yield* spawnSpotcast("worker B", ["serve", "--role", "worker"], workerEnv(databaseUrl, 20))
        yield* waitUntil(
          "every forecast has finished",
          Effect.map(count(`SELECT count(*) AS n FROM forecasts WHERE status IN ('completed', 'failed')`), (n) => n === FORECASTS),
          [doomed, survivor]
        )

        assert.strictEqual(yield* count(`SELECT count(*) AS n FROM jobs`), 0)
        const perForecast = yield* sql<{ forecast_id: string; status: string; charges: string; refunds: string; deliveries: string }>`
          SELECT f.forecast_id, f.status,
            (SELECT count(*) FROM ledger_entries e WHERE e.forecast_id = f.forecast_id AND e.kind = 'charge') AS charges,
            (SELECT count(*) FROM ledger_entries e WHERE e.forecast_id = f.forecast_id AND e.kind = 'refund') AS refunds,
            (SELECT count(*) FROM webhook_deliveries d WHERE d.forecast_id = f.forecast_id) AS deliveries
          FROM forecasts f`
        assert.strictEqual(perForecast.length, FORECASTS)
        for (const f of perForecast) {
          assert.strictEqual(f.charges, "1", `${f.forecast_id} charged once`)
          assert.strictEqual(f.refunds, f.status === "failed" ? "1" : "0", `${f.forecast_id} refunded once if failed`)
          assert.strictEqual(f.deliveries, "1", `${f.forecast_id} finished once (one webhook delivery)`)
        }
        const finishedHeld = perForecast.filter((f) => held.some((h) => h.forecast_id === f.forecast_id))
        assert.strictEqual(finishedHeld.length, CONCURRENCY, "the jobs the dead worker held were finished by the other")
        const [balance] = yield* sql<{ ok: boolean }>`
          SELECT credit_balance = total_purchased - total_used AND credit_balance >= 0 AS ok FROM accounts`
        assert.isTrue(balance?.ok)
      }).pipe(Effect.provide(Layer.mergeAll(PostgresStorage.layerUrl(url, { maxConnections: 3 }), CryptoIds.layer, NodeCrypto.layer, TestSettings.layer(), NaturalEarthGeography.layer)))
    }).pipe(Effect.scoped), 120_000)
})
