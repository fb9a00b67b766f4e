// Graceful shutdown of the built server on SIGTERM: the running forecast finishes within the grace
// period, or, with no grace, goes back to the queue at once (not after its lease) and another start
// finishes it. Embedded storage, so the second start sees what the first left.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { type Served, startServer } from "../support/Spawn.js"

const KEY = "sk_test_" + "Shutd0wn".repeat(4)

const call = async (served: Served, path: string, init: RequestInit = {}) => {
  const res = await fetch(`${served.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" }
  })
  return (await res.json()) as any
}

const until = async <A>(what: string, probe: () => Promise<A | undefined>, ms = 30_000): Promise<A> => {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const scenario = async (graceMs: number) => {
  const dataDir = mkdtempSync(join(tmpdir(), "spotcast-shutdown-"))
  const env = {
    SPOTCAST_DATA_DIR: dataDir,
    SPOTCAST_BOOTSTRAP_KEY: KEY,
    SPOTCAST_SIMULATED_WEATHER_LATENCY_MS: "2500",
    SPOTCAST_SHUTDOWN_GRACE_MS: String(graceMs),
    SPOTCAST_WORKER_POLL_MS: "50",
    SPOTCAST_JOB_LEASE_MS: "60000",
    // The test polls every 50 ms: under the default 60 a minute, a slow start (a busy machine, the compute
    // thread started on the first simulated forecast) left every poll refused with 429 until the deadline.
    SPOTCAST_RATE_LIMIT_PER_MINUTE: "100000"
  }
  try {
    const first = await startServer(env)
    const created = await call(first, "/v3/spotcast", {
      method: "POST",
      body: JSON.stringify({ latitude: 41.13, longitude: -71.71, start_date: new Date().toISOString().slice(0, 10), num_days: 1 })
    })
    await until("a worker to take the forecast", async () => {
      const status = await call(first, `/v3/spotcast/${created.id}/status`)
      return status.progress.stage === "fetching_weather" ? status : undefined
    })
    const stoppedAt = Date.now()
    const code = await first.stop("SIGTERM")
    const stoppedAfter = Date.now() - stoppedAt

    const second = await startServer(env)
    try {
      const restartedAt = Date.now()
      const status = await until("the forecast to finish", async () => {
        const s = await call(second, `/v3/spotcast/${created.id}/status`)
        return s.status === "completed" ? s : undefined
      })
      return { code, stoppedAfter, status, restartedAt, output: first.output() }
    } finally {
      await second.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

describe("graceful shutdown on SIGTERM", () => {
  it("lets the running forecast finish within the grace period", async () => {
    const { code, output, restartedAt, status, stoppedAfter } = await scenario(10_000)
    assert.strictEqual(code, 0, output)
    assert.isAtLeast(stoppedAfter, 1000, "it waited for the forecast instead of dropping it")
    assert.isBelow(Date.parse(status.completed_at), restartedAt, "it was completed before the restart")
    assert.include(output, "stopped")
  }, 90_000)

  it("with no grace, returns the forecast to the queue at once, and the next start finishes it", async () => {
    const { code, output, restartedAt, status, stoppedAfter } = await scenario(0)
    assert.strictEqual(code, 0, output)
    assert.isBelow(stoppedAfter, 2000, "it did not wait for the forecast")
    const completedAt = Date.parse(status.completed_at)
    assert.isAbove(completedAt, restartedAt, "the second start finished it")
    assert.isBelow(completedAt - restartedAt, 20_000, "well before its 60 s lease would have expired")
  }, 90_000)
})
