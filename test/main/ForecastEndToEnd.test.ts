// Issue 5's end-to-end checks through the built server: live keys on Open-Meteo (a loopback fake
// serving the recorded answers), sandbox keys on simulated weather, and an upstream outage.
import { createServer, type Server } from "node:http"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { fixture, redated } from "../adapters/weather/OpenMeteoFake.js"
import { callServed, listenLoopback, type Served, startServer } from "../support/Spawn.js"

const LIVE_KEY = "sk_live_" + "L1veKey0".repeat(4)
const SANDBOX_ADMIN = "e2e-admin-token-0123456789"


const finished = async (served: Served, key: string, spotcastId: string) => {
  for (let i = 0; i < 150; i++) {
    const status = await callServed(served, key, "GET", `/v3/spotcast/${spotcastId}/status`)
    if (status.json.status === "completed" || status.json.status === "failed") return status.json
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error("the forecast did not finish")
}

const today = () => new Date().toISOString().slice(0, 10)
const HOEK = { latitude: 52.006, longitude: 4.292 }

describe("forecasts end to end through the server", () => {
  let upstream: Server
  let upstreamUp = true
  let served: Served
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://localhost")
      if (!upstreamUp) return res.writeHead(503).end(`{"error":true,"reason":"The service is overloaded"}`)
      const name = url.pathname === "/v1/forecast" ? "hoek-van-holland.forecast.json" : "hoek-van-holland.marine.json"
      res.writeHead(200, { "content-type": "application/json" }).end(redated(name, url.searchParams))
    })
    const port = await listenLoopback(upstream)
    served = await startServer({
      SPOTCAST_STORAGE: "memory",
      SPOTCAST_BOOTSTRAP_KEY: LIVE_KEY,
      SPOTCAST_BOOTSTRAP_CREDITS: "20",
      SPOTCAST_ADMIN_TOKEN: SANDBOX_ADMIN,
      SPOTCAST_OPEN_METEO_FORECAST_URL: `http://127.0.0.1:${port}/v1/forecast`,
      SPOTCAST_OPEN_METEO_MARINE_URL: `http://127.0.0.1:${port}/v1/marine`,
      SPOTCAST_OPEN_METEO_RETRIES: "1",
      SPOTCAST_WORKER_POLL_MS: "50",
      // Status is polled every 100 ms: the default 60 a minute would refuse the polls of a slow run.
      SPOTCAST_RATE_LIMIT_PER_MINUTE: "100000"
    })
  }, 60_000)
  afterAll(async () => {
    await served?.stop()
    upstream?.close()
  })

  it("a live key's forecast completes with the recorded numbers (no simulated notice)", async () => {
    const created = await callServed(served, LIVE_KEY, "POST", "/v3/spotcast", { ...HOEK, start_date: today(), num_days: 1 })
    assert.strictEqual(created.status, 202)
    const status = await finished(served, LIVE_KEY, created.json.id)
    assert.strictEqual(status.status, "completed", JSON.stringify(status))
    const spotcast = await callServed(served, LIVE_KEY, "GET", `/v3/spotcast/${created.json.id}`)
    const day = spotcast.json.latest_forecast.ai_analysis.daily_classifications[0]
    // The text quotes the window's highest sustained wind and gust: each must be one of the recorded
    // first day's hourly values (the fixture is in knots, wind_speed_unit=kn), not a made-up number.
    const hourly = fixture("hoek-van-holland.forecast.json").hourly
    const firstDay = (values: Array<number>) => new Set(values.slice(0, 24).map((v) => Number(v.toFixed(1))))
    // "Wind southwest 15–17.3 kt" / "wind 17.3 kt"; "gusts to 32.7 kt" / "gusting 32.7 kt".
    const wind = Number(/\b[Ww]ind (?:of |[a-z]+ )?(?:\d+(?:\.\d)?–)?(\d+(?:\.\d)?) kt/.exec(day.summary)?.[1])
    const gust = Number(/\bgust(?:s to|ing|s) (\d+(?:\.\d)?) kt/.exec(day.summary)?.[1])
    assert.isTrue(firstDay(hourly.wind_speed_10m).has(wind), `${wind} kt in ${day.summary}`)
    assert.isTrue(firstDay(hourly.wind_gusts_10m).has(gust), `${gust} kt in ${day.summary}`)
    assert.notMatch(spotcast.json.latest_forecast.ai_analysis.summary, /[Ss]imulated/)
  })

  it("a sandbox key's forecast completes offline on simulated data and says so", async () => {
    const created = await fetch(`${served.baseUrl}/admin/v1/accounts`, {
      method: "POST",
      headers: { authorization: `Bearer ${SANDBOX_ADMIN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Sandbox", mode: "sandbox", credits: 10 })
    }).then((r) => r.json() as Promise<any>)
    const key: string = created.api_key.key
    assert.match(key, /^sk_test_/)
    const made = await callServed(served, key, "POST", "/v3/spotcast", {
      latitude: -33.86, longitude: 151.21, start_date: today(), num_days: 2, preferences: { language: "es" }
    })
    assert.strictEqual((await finished(served, key, made.json.id)).status, "completed")
    const spotcast = await callServed(served, key, "GET", `/v3/spotcast/${made.json.id}`)
    assert.include(spotcast.json.latest_forecast.ai_analysis.summary, "Datos simulados")
  })

  it("with the upstream down the forecast fails with weather_data_unavailable and the credits come back", async () => {
    upstreamUp = false
    try {
      const before = (await callServed(served, LIVE_KEY, "GET", "/v3/account/balance")).json.credit_balance
      const created = await callServed(served, LIVE_KEY, "POST", "/v3/spotcast", { ...HOEK, start_date: today(), num_days: 3 })
      assert.strictEqual(created.json.credits_remaining, before - 3)
      const status = await finished(served, LIVE_KEY, created.json.id)
      assert.strictEqual(status.status, "failed")
      assert.strictEqual(status.error.code, "weather_data_unavailable")
      assert.strictEqual((await callServed(served, LIVE_KEY, "GET", "/v3/account/balance")).json.credit_balance, before)
    } finally {
      upstreamUp = true
    }
  })
})
