import { assert, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { freePort, spawnSpotcast, stop, waitUntil } from "../../support/Spawn.js"

const KEY = `sk_test_${"EmbeddedRestart0123456789abcdefg".slice(0, 32)}`

const call = (port: number, method: string, urlPath: string, body?: unknown) =>
  Effect.promise(async () => {
    const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    }).catch(() => undefined)
    return response === undefined ? { status: 0, json: undefined } : { status: response.status, json: await response.json().catch(() => undefined) as any }
  })

it.live("with no database configured, `spotcast serve` keeps its data in SPOTCAST_DATA_DIR across a restart", () =>
  Effect.gen(function*() {
    const root = yield* Effect.acquireRelease(
      Effect.sync(() => fs.mkdtempSync(path.join(os.tmpdir(), "spotcast-serve-"))),
      (dir) => Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true }))
    )
    const port = yield* Effect.promise(freePort)
    const env = {
      PORT: String(port),
      HOST: "127.0.0.1",
      SPOTCAST_DATA_DIR: path.join(root, "data"),
      SPOTCAST_BOOTSTRAP_KEY: KEY,
      SPOTCAST_BOOTSTRAP_CREDITS: "10",
      SPOTCAST_WEATHER_PROVIDER: "simulated",
      SPOTCAST_SHUTDOWN_GRACE_MS: "0"
    }
    const start = (name: string) =>
      Effect.tap(spawnSpotcast(name, ["serve"], env), (p) =>
        waitUntil("the API answers", Effect.map(call(port, "GET", "/v3/account/balance"), (r) => r.status === 200), [p]))

    const first = yield* start("first run")
    const created = yield* call(port, "POST", "/v3/spotcast", {
      latitude: 41.13,
      longitude: -71.71,
      start_date: new Date().toISOString().slice(0, 10),
      num_days: 2,
      metadata: { trip: "restart", z: 1, a: 2 }
    })
    assert.strictEqual(created.status, 202, JSON.stringify(created.json))
    yield* waitUntil(
      "the forecast finishes",
      Effect.map(call(port, "GET", `/v3/spotcast/${created.json.id}/status`), (r) => ["completed", "failed"].includes(r.json?.status)),
      [first]
    )
    const before = yield* call(port, "GET", `/v3/spotcast/${created.json.id}`)
    assert.strictEqual(yield* stop(first, "SIGTERM"), 0, first.output().slice(-2000))

    const second = yield* start("second run")
    const after = yield* call(port, "GET", `/v3/spotcast/${created.json.id}`)
    assert.strictEqual(after.status, 200)
    assert.deepStrictEqual(after.json, before.json)
    assert.strictEqual(JSON.stringify(after.json.metadata), `{"trip":"restart","z":1,"a":2}`)
    const balance = yield* call(port, "GET", "/v3/account/balance")
    assert.strictEqual(balance.json.total_credits_purchased, 10, "the bootstrap grant is not repeated on restart")

    // Killed outright: what it answered is kept, and the lock it leaves behind does not block the next start.
    const again = yield* call(port, "POST", "/v3/spotcast/" + created.json.id + "/refresh", {})
    assert.strictEqual(again.status, 202, JSON.stringify(again.json))
    yield* stop(second, "SIGKILL")
    const third = yield* start("third run")
    const history = yield* call(port, "GET", `/v3/spotcast/${created.json.id}/forecasts`)
    assert.strictEqual(history.status, 200, JSON.stringify(history.json) + third.output())
    assert.deepStrictEqual(
      history.json.data.map((f: { forecast_id: string }) => f.forecast_id).sort(),
      [created.json.forecast_id, again.json.forecast_id].sort()
    )
  }).pipe(Effect.scoped), 120_000)
