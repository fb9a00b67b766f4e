import * as SqlClient from "@effect/sql/SqlClient"
import { assert, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import * as PostgresStorage from "../../../src/adapters/postgres/PostgresStorage.js"
import { freePort, spawnSpotcast, type Spawned, waitUntil } from "../../support/Spawn.js"
import { describeServer, freshDatabase } from "./TestDatabase.js"

const FORECASTS = 24
const KEY = `sk_test_${"MultiProcess0123456789abcdefghij".slice(0, 32)}`

const call = (port: number, method: string, path: string, body?: unknown) =>
  Effect.promise(async () => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    }).catch(() => undefined)
    return response === undefined ? { status: 0, json: undefined } : { status: response.status, json: await response.json().catch(() => undefined) as any }
  })

await describeServer("several processes on one Postgres server", () => {
  it.live("two API and two worker processes, started together, complete a batch with each forecast exactly once", () =>
    Effect.gen(function*() {
      const { url } = yield* freshDatabase
      const common = {
        DATABASE_URL: Redacted.value(url),
        SPOTCAST_WEATHER_PROVIDER: "simulated",
        SPOTCAST_DATABASE_POOL_SIZE: "2",
        SPOTCAST_SHUTDOWN_GRACE_MS: "0"
      }
      const ports = [yield* Effect.promise(freePort), yield* Effect.promise(freePort)]
      const apiEnv = (port: number) => ({
        ...common,
        PORT: String(port),
        HOST: "127.0.0.1",
        SPOTCAST_BOOTSTRAP_KEY: KEY,
        SPOTCAST_BOOTSTRAP_CREDITS: "100",
        SPOTCAST_RATE_LIMIT_PER_MINUTE: "100000"
      })
      const workerEnv = {
        ...common,
        SPOTCAST_SIMULATED_WEATHER_LATENCY_MS: "150",
        SPOTCAST_WORKER_CONCURRENCY: "2",
        SPOTCAST_WORKER_POLL_MS: "30",
        SPOTCAST_JOB_LEASE_MS: "5000"
      }
      const answers = (port: number, processes: ReadonlyArray<Spawned>) =>
        waitUntil(`the API on ${port} answers`, Effect.map(call(port, "GET", "/v3/account/balance"), (r) => r.status === 200), processes)
      // All four start at once: they migrate the empty database concurrently, and both API processes
      // race to bootstrap the same key (one makes the account, the other finds it).
      const processes: Array<Spawned> = yield* Effect.all([
        spawnSpotcast("api 1", ["serve", "--role", "api"], apiEnv(ports[0]!)),
        spawnSpotcast("api 2", ["serve", "--role", "api"], apiEnv(ports[1]!)),
        spawnSpotcast("worker 1", ["serve", "--role", "worker"], workerEnv),
        spawnSpotcast("worker 2", ["serve", "--role", "worker"], workerEnv)
      ])
      yield* answers(ports[0]!, processes)
      yield* answers(ports[1]!, processes)

      const body = {
        latitude: 41.13,
        longitude: -71.71,
        start_date: new Date().toISOString().slice(0, 10),
        num_days: 1,
        webhook_url: "https://hooks.example.com/spotcast"
      }
      const created = yield* Effect.forEach(
        Array.from({ length: FORECASTS }, (_, i) => ports[i % 2]!),
        (port) => call(port, "POST", "/v3/spotcast", body),
        { concurrency: 8 }
      )
      assert.deepStrictEqual(created.map((r) => r.status), Array(FORECASTS).fill(202), JSON.stringify(created[0]?.json))

      yield* Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const owners = new Set<string>()
        yield* waitUntil(
          "every forecast has finished",
          Effect.gen(function*() {
            for (const r of yield* sql<{ lease_owner: string }>`SELECT DISTINCT lease_owner FROM jobs WHERE lease_owner IS NOT NULL`) {
              owners.add(r.lease_owner)
            }
            const [row] = yield* sql<{ n: string }>`SELECT count(*) AS n FROM forecasts WHERE status IN ('completed', 'failed')`
            return Number(row?.n) === FORECASTS
          }),
          processes
        )
        assert.strictEqual(owners.size, 2, `both worker processes took jobs: ${[...owners].join(", ")}`)
        const rows = yield* sql<{ status: string; charges: string; refunds: string; deliveries: string }>`
          SELECT f.status,
            (SELECT count(*) FROM ledger_entries e WHERE e.forecast_id = f.forecast_id AND e.kind = 'charge') AS charges,
            (SELECT count(*) FROM ledger_entries e WHERE e.forecast_id = f.forecast_id AND e.kind = 'refund') AS refunds,
            (SELECT count(*) FROM webhook_deliveries d WHERE d.forecast_id = f.forecast_id) AS deliveries
          FROM forecasts f`
        assert.strictEqual(rows.length, FORECASTS)
        for (const r of rows) {
          assert.deepStrictEqual(
            [r.charges, r.refunds, r.deliveries],
            ["1", r.status === "failed" ? "1" : "0", "1"],
            "charged once, refunded only if failed, finished once"
          )
        }
        const [jobs] = yield* sql<{ n: string }>`SELECT count(*) AS n FROM jobs`
        assert.strictEqual(jobs?.n, "0")
        const [accounts] = yield* sql<{ n: string }>`SELECT count(*) AS n FROM accounts`
        assert.strictEqual(accounts?.n, "1", "the two API processes bootstrapped one account")
      }).pipe(Effect.provide(PostgresStorage.clientUrl(url, { maxConnections: 2 })))

      // Each API process reads what the other created, as the workers left it.
      for (const [i, r] of created.entries()) {
        const status = yield* call(ports[(i + 1) % 2]!, "GET", `/v3/spotcast/${r.json.id}/status`)
        assert.strictEqual(status.status, 200)
        assert.oneOf(status.json.status, ["completed", "failed"])
      }
      const balance = yield* call(ports[0]!, "GET", "/v3/account/balance")
      assert.strictEqual(balance.json.credit_balance, balance.json.total_credits_purchased - balance.json.total_credits_used)
    }).pipe(Effect.scoped), 120_000)
})
