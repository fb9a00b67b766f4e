// Issue 14's route forecasts through the built server: a live key's route on Open-Meteo (a loopback
// fake serving the recorded answers), a sandbox key's route with a departure window on simulated
// weather and a signed route.forecast.completed webhook, and a refund when the upstream is down.
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { createHmac } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Scope } from "effect"
import { makeCertificate, type Received, startReceiver } from "../adapters/webhook/fixtures/HttpsReceiver.js"
import { redated } from "../adapters/weather/OpenMeteoFake.js"
import { callServed, listenLoopback, type Served, startServer } from "../support/Spawn.js"

const LIVE_KEY = "sk_live_" + "R0uteKey".repeat(4)
const ADMIN = "e2e-routes-admin-token-0123456789"
const HOUR = 3_600_000

const certificate = makeCertificate()
const certDir = mkdtempSync(join(tmpdir(), "spotcast-e2e-routes-ca-"))
const caFile = join(certDir, "ca.pem")
writeFileSync(caFile, certificate.cert)


const finished = async (served: Served, key: string, routeId: string) => {
  for (let i = 0; i < 300; i++) {
    const status = await callServed(served, key, "GET", `/v3/route/${routeId}/status`)
    if (status.json.status === "completed" || status.json.status === "failed") {
      return (await callServed(served, key, "GET", `/v3/route/${routeId}?include=samples`)).json
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`the route forecast did not finish\n${served.output()}`)
}

// Off Hoek van Holland (the recorded place), out to sea and back along the coast: about 30 nm.
const NORTH_SEA = [
  { latitude: 52.006, longitude: 4.1 },
  { latitude: 52.25, longitude: 4.05 },
  { latitude: 52.4, longitude: 4.45 }
]

describe("route forecasts end to end through the server", () => {
  let upstream: Server
  let upstreamUp = true
  const forecastCalls: Array<URLSearchParams> = []
  let served: Served
  let receiver: { readonly port: number; readonly received: Array<Received> }
  const scope = Effect.runSync(Scope.make())
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://localhost")
      if (!upstreamUp) return res.writeHead(503).end(`{"error":true,"reason":"The service is overloaded"}`)
      if (url.pathname === "/v1/forecast") forecastCalls.push(url.searchParams)
      const name = url.pathname === "/v1/forecast" ? "hoek-van-holland.forecast.json" : "hoek-van-holland.marine.json"
      res.writeHead(200, { "content-type": "application/json" }).end(redated(name, url.searchParams))
    })
    const port = await listenLoopback(upstream)
    receiver = await Effect.runPromise(Scope.extend(startReceiver(certificate, () => ({ status: 200 })), scope))
    served = await startServer({
      SPOTCAST_STORAGE: "memory",
      SPOTCAST_BOOTSTRAP_KEY: LIVE_KEY,
      SPOTCAST_BOOTSTRAP_CREDITS: "20",
      SPOTCAST_ADMIN_TOKEN: ADMIN,
      SPOTCAST_OPEN_METEO_FORECAST_URL: `http://127.0.0.1:${port}/v1/forecast`,
      SPOTCAST_OPEN_METEO_MARINE_URL: `http://127.0.0.1:${port}/v1/marine`,
      SPOTCAST_OPEN_METEO_RETRIES: "1",
      SPOTCAST_WORKER_POLL_MS: "50",
      // Status is polled every 100 ms: the default 60 a minute would refuse the polls of a slow run.
      SPOTCAST_RATE_LIMIT_PER_MINUTE: "100000",
      SPOTCAST_WEBHOOK_POLL_MS: "50",
      SPOTCAST_WEBHOOK_ALLOW_PRIVATE: "true",
      NODE_EXTRA_CA_CERTS: caFile
    })
  }, 120_000)
  afterAll(async () => {
    await served?.stop()
    upstream?.close()
    await Effect.runPromise(Scope.close(scope, Exit.void))
    rmSync(certDir, { recursive: true, force: true })
  })

  it("a live key's route completes on Open-Meteo, one upstream call per grid cell, with legs and samples", async () => {
    const created = await callServed(served, LIVE_KEY, "POST", "/v3/route", {
      waypoints: NORTH_SEA,
      departure_time: new Date(Date.now() + HOUR).toISOString(),
      speed_kts: 6,
      vessel_info: { type: "sailboat", length_ft: 34 }
    })
    assert.strictEqual(created.status, 202, JSON.stringify(created.json))
    const route = await finished(served, LIVE_KEY, created.json.id)
    assert.strictEqual(route.status, "completed", JSON.stringify(route))
    const analysis = route.latest_forecast.ai_analysis
    assert.strictEqual(analysis.legs.length, 2)
    assert.isAtLeast(analysis.samples.length, 4)
    assert.include(["GO", "CAUTION", "AVOID"], analysis.classification)
    const cells = forecastCalls.map((p) => `${p.get("latitude")},${p.get("longitude")}`)
    assert.isAtLeast(cells.length, 2)
    assert.strictEqual(new Set(cells).size, cells.length, `one call per cell: ${cells.join(" ")}`)
    assert.isAtMost(cells.length, analysis.samples.length)
  })

  it("a sandbox key's route with a window completes on simulated weather; a signed route.forecast.completed arrives", async () => {
    const made = await fetch(`${served.baseUrl}/admin/v1/accounts`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Sandbox sailor", mode: "sandbox", credits: 10 })
    }).then((r) => r.json() as Promise<any>)
    const key: string = made.api_key.key
    const secret: string = (await callServed(served, key, "GET", "/v3/developer/info")).json.webhook.secret
    const created = await callServed(served, key, "POST", "/v3/route", {
      waypoints: [{ latitude: 43.3, longitude: 5.35 }, { latitude: 43.0, longitude: 6.2 }, { latitude: 43.55, longitude: 7.0 }],
      departure_time: new Date(Date.now() + 3 * HOUR).toISOString(),
      speed_kts: 7,
      departure_window_hours: 30,
      preferences: { language: "it", speed_units: "kts" },
      webhook_url: `https://127.0.0.1:${receiver.port}/hooks/route`,
      metadata: { boat: "Gitana" }
    })
    assert.strictEqual(created.status, 202, JSON.stringify(created.json))
    const route = await finished(served, key, created.json.id)
    assert.strictEqual(route.status, "completed", JSON.stringify(route))
    const analysis = route.latest_forecast.ai_analysis
    assert.strictEqual(analysis.departures.length, 11)
    // The simulated weather is seeded by the route's id: one departure is recommended, or none when all are AVOID.
    const allAvoid = analysis.departures.every((d: any) => d.classification === "AVOID")
    assert.strictEqual(analysis.departures.filter((d: any) => d.recommended).length, allAvoid ? 0 : 1)
    if (allAvoid) assert.include(analysis.summary, "Nessuna partenza è consigliata")
    for (const d of analysis.departures) assert.strictEqual(Date.parse(d.departure_local), Date.parse(d.departure_time))
    assert.include(analysis.summary, "Traversata di")
    for (let i = 0; i < 100 && receiver.received.length === 0; i++) await new Promise((r) => setTimeout(r, 100))
    assert.strictEqual(receiver.received.length, 1)
    const got = receiver.received[0]!
    assert.strictEqual(got.headers["x-service-event"], "route.forecast.completed")
    assert.strictEqual(got.headers["x-service-signature"], `sha256=${createHmac("sha256", secret).update(got.rawBody).digest("hex")}`)
    const event = JSON.parse(got.rawBody.toString("utf8"))
    assert.strictEqual(event.event, "route.forecast.completed")
    assert.strictEqual(event.data.route_id, created.json.id)
    assert.strictEqual(event.data.best_departure?.departure_time, analysis.best_departure?.departure_time)
    assert.strictEqual(event.data.best_departure === undefined, allAvoid)
    assert.deepStrictEqual(event.data.metadata, { boat: "Gitana" })
  })

  it("with the upstream down the route forecast fails with weather_data_unavailable and the credits come back", async () => {
    upstreamUp = false
    try {
      const before = (await callServed(served, LIVE_KEY, "GET", "/v3/account/balance")).json.credit_balance
      // Other cells than the first test's: the adapter's cache would answer those without the upstream.
      const created = await callServed(served, LIVE_KEY, "POST", "/v3/route", {
        waypoints: NORTH_SEA.map((w) => ({ latitude: w.latitude + 1, longitude: w.longitude })),
        departure_time: new Date(Date.now() + 2 * HOUR).toISOString(),
        speed_kts: 5
      })
      assert.strictEqual(created.json.credits_remaining, before - 2)
      const route = await finished(served, LIVE_KEY, created.json.id)
      assert.strictEqual(route.status, "failed")
      assert.strictEqual(route.latest_forecast.error.code, "weather_data_unavailable")
      assert.strictEqual((await callServed(served, LIVE_KEY, "GET", "/v3/account/balance")).json.credit_balance, before)
    } finally {
      upstreamUp = true
    }
  })
})
