import { assert, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { freePort, spawnSpotcast, waitUntil } from "../../support/Spawn.js"
import { describeServer, freshDatabase } from "./TestDatabase.js"

const KEY = `sk_test_${"WorkerProbes0123456789abcdefghijk".slice(0, 32)}`

const text = (url: string, init?: RequestInit) =>
  Effect.promise(() =>
    fetch(url, init).then(async (r) => ({ status: r.status, body: await r.text() }), () => ({ status: 0, body: "" }))
  )

await describeServer("a worker process's probes and metrics (SPOTCAST_PROBE_PORT)", () => {
  it.live("the worker answers /healthz, /readyz and /metrics, with the forecasts it produced", () =>
    Effect.scoped(Effect.gen(function*() {
      const { url } = yield* freshDatabase
      const [apiPort, probePort] = [yield* Effect.promise(freePort), yield* Effect.promise(freePort)]
      const common = { DATABASE_URL: Redacted.value(url), SPOTCAST_DATABASE_POOL_SIZE: "2", HOST: "127.0.0.1", SPOTCAST_SHUTDOWN_GRACE_MS: "0" }
      const processes = yield* Effect.all([
        spawnSpotcast("api", ["serve", "--role", "api"], { ...common, PORT: String(apiPort), SPOTCAST_BOOTSTRAP_KEY: KEY }),
        spawnSpotcast("worker", ["serve", "--role", "worker"], {
          ...common,
          SPOTCAST_PROBE_PORT: String(probePort),
          SPOTCAST_WORKER_POLL_MS: "50"
        })
      ])
      const api = `http://127.0.0.1:${apiPort}`
      const worker = `http://127.0.0.1:${probePort}`
      yield* waitUntil("the API is ready", Effect.map(text(`${api}/readyz`), (r) => r.status === 200), processes)
      yield* waitUntil("the worker is ready", Effect.map(text(`${worker}/readyz`), (r) => r.status === 200), processes)
      assert.strictEqual((yield* text(`${worker}/healthz`)).status, 200)

      const created = yield* Effect.promise(() =>
        fetch(`${api}/v3/spotcast`, {
          method: "POST",
          headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
          body: JSON.stringify({ latitude: 41.13, longitude: -71.71, start_date: new Date().toISOString().slice(0, 10), num_days: 1 })
        }).then((r) => r.status)
      )
      assert.strictEqual(created, 202)
      yield* waitUntil(
        "the worker's metrics show the forecast",
        Effect.map(text(`${worker}/metrics`), (r) => /spotcast_forecasts_total\{outcome="completed"\} 1\b/.test(r.body)),
        processes
      )
      const metrics = (yield* text(`${worker}/metrics`)).body
      assert.match(metrics, /spotcast_queue_wait_seconds_count 1\b/)
      assert.match(metrics, /spotcast_db_connections\{state="/)
    })), 120_000)
})
