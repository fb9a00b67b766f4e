// The stall client (bench/stall.sh runs it): one account's GET /v3/account/balance in a closed loop
// (one request at a time, keep-alive) while another account creates N maximum-size routes (50
// waypoints, 72 h departure window) at once; the loop runs from the creates until every route is
// finished. Prints one JSON line: balance latency p50/p99/max (ms) during the route work, the number of
// balance answers, how long the routes took, and the largest route GET body (default and with samples).
// usage: node bench/stall.mjs <base> <route-key> <balance-key> [routes=4]
import http from "node:http"

const [base, routeKey, balanceKey, n = "4"] = process.argv.slice(2)
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
const call = (method, path, key, body) =>
  new Promise((resolve, reject) => {
    const req = http.request(base + path, {
      method, agent,
      headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) }
    }, (res) => {
      const chunks = []
      res.on("data", (c) => chunks.push(c)).on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }))
    })
    req.on("error", reject)
    req.end(body ? JSON.stringify(body) : undefined)
  })

const departure = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 86_400_000 + 6 * 3_600_000).toISOString()
// The largest route: 50 waypoints zigzagging across the open Pacific (49 legs of about 310 nm, 15,000
// nm: about 1,520 samples), at 60 kn (the fastest allowed, to end within the horizon), every 3 hours of a 72 h window rated (25 departures).
const routeBody = (i) => ({
  waypoints: Array.from({ length: 50 }, (_, k) => ({ latitude: 2 + i * 2 + k * 0.1, longitude: -170 + (k % 2) * 5.2 })),
  departure_time: departure,
  speed_kts: 60,
  departure_window_hours: 72
})

// Warm up first (a fresh server loads its geography and compiles its code on the first route): one
// small route, finished before the measurement starts.
const awaitRoute = async (id) => {
  for (;;) {
    const s = JSON.parse((await call("GET", `/v3/route/${id}/status`, routeKey)).body)
    if (s.status === "failed") throw new Error(`route ${id} failed: ${JSON.stringify(s.error)}`)
    if (s.status === "completed") return
    await new Promise((r) => setTimeout(r, 100))
  }
}
{
  const r = await call("POST", "/v3/route", routeKey, {
    waypoints: [{ latitude: 10, longitude: -150 }, { latitude: 10.5, longitude: -149 }],
    departure_time: departure, speed_kts: 10, departure_window_hours: 6
  })
  if (r.status !== 202) throw new Error(`warm-up route answered ${r.status}: ${r.body}`)
  await awaitRoute(JSON.parse(r.body).id)
  for (let i = 0; i < 50; i++) await call("GET", "/v3/account/balance", balanceKey)
}

// The anchor: the same loop for 5 s with no route work, in the same run (the machine is shared).
const idle = []
for (const until = performance.now() + 5000; performance.now() < until;) {
  const t = performance.now()
  await call("GET", "/v3/account/balance", balanceKey)
  idle.push(performance.now() - t)
}

const latencies = []
let running = true
const loop = (async () => {
  while (running) {
    const t0 = performance.now()
    const r = await call("GET", "/v3/account/balance", balanceKey)
    if (r.status !== 200) throw new Error(`balance answered ${r.status}`)
    latencies.push(performance.now() - t0)
  }
})()

const t0 = performance.now()
const created = await Promise.all(Array.from({ length: Number(n) }, async (_, i) => {
  const r = await call("POST", "/v3/route", routeKey, routeBody(i))
  if (r.status !== 202) throw new Error(`route create answered ${r.status}: ${r.body}`)
  return JSON.parse(r.body).id
}))
const finished = new Set()
while (finished.size < created.length) {
  for (const id of created) {
    if (finished.has(id)) continue
    const s = JSON.parse((await call("GET", `/v3/route/${id}/status`, routeKey)).body)
    if (s.status === "completed" || s.status === "failed") {
      if (s.status === "failed") throw new Error(`route ${id} failed: ${JSON.stringify(s.error)}`)
      finished.add(id)
    }
  }
  await new Promise((r) => setTimeout(r, 100))
}
const routesMs = performance.now() - t0
running = false
await loop
let bodyDefault = 0, bodySamples = 0
for (const id of created) {
  bodyDefault = Math.max(bodyDefault, (await call("GET", `/v3/route/${id}`, routeKey)).body.length)
  bodySamples = Math.max(bodySamples, (await call("GET", `/v3/route/${id}?include=samples`, routeKey)).body.length)
}
const samples = JSON.parse((await call("GET", `/v3/route/${created[0]}`, routeKey)).body).latest_forecast.ai_analysis.sample_count
const sorted = [...latencies].sort((a, b) => a - b)
const q = (p, xs = sorted) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]
const idleSorted = idle.sort((a, b) => a - b)
console.log(JSON.stringify({
  idle_p50_ms: +q(0.5, idleSorted).toFixed(1), idle_p99_ms: +q(0.99, idleSorted).toFixed(1),
  balance_n: sorted.length,
  p50_ms: +q(0.5).toFixed(1), p99_ms: +q(0.99).toFixed(1), max_ms: +sorted[sorted.length - 1].toFixed(1),
  routes_s: +(routesMs / 1000).toFixed(1), samples_per_route: samples,
  route_get_bytes: bodyDefault, route_get_with_samples_bytes: bodySamples
}))
agent.destroy()
