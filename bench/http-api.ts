/**
 * Throughput and latency of the public API over real HTTP: the full stack (gate with key lookup and
 * rate limit, auth middleware, handler, use case on memory storage, response schema, error envelope),
 * against a bare node:http server on the same machine for scale. The load comes from a separate node
 * process (keep-alive, fixed concurrency). Run: `npx vite-node bench/http-api.ts` (optionally
 * `-- <seconds per scenario> <connections> [tracer-off]`; tracer-off runs the server with Effect's
 * tracer disabled, i.e. no spans at all).
 */
import { spawn } from "node:child_process"
import { createServer } from "node:http"
import { HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, Logger, LogLevel, Option, Redacted } from "effect"
import * as HttpServerLive from "../src/adapters/http/HttpServerLive.js"
import * as NaturalEarthGeography from "../src/adapters/geography/NaturalEarthGeography.js"
import * as MemoryStorage from "../src/adapters/memory/MemoryStorage.js"
import * as CryptoIds from "../src/adapters/system/CryptoIds.js"
import * as NodeCrypto from "../src/adapters/system/NodeCrypto.js"
import { createAccount } from "../src/application/account/ManageAccounts.js"
import { Settings } from "../src/ports/Settings.js"

const seconds = Number(process.argv[2] ?? 5)
const connections = Number(process.argv[3] ?? 32)
const tracer = process.argv[4] !== "tracer-off"

/** The load generator: `connections` keep-alive loops for `seconds`, then latencies as JSON on stdout. */
const loader = `
const http = require("node:http")
const [port, path, method, body, key, seconds, connections] = JSON.parse(process.argv[1])
const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
const latencies = []
const statuses = {}
const end = Date.now() + seconds * 1000
const one = () => new Promise((resolve) => {
  const t0 = process.hrtime.bigint()
  const req = http.request({ port, path, method, agent, headers: {
    authorization: "Bearer " + key, "content-type": "application/json" } }, (res) => {
    res.resume()
    res.on("end", () => {
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6)
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
      resolve()
    })
  })
  req.on("error", () => resolve())
  req.end(body || undefined)
})
const loop = async () => { while (Date.now() < end) await one() }
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  latencies.sort((a, b) => a - b)
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  process.stdout.write(JSON.stringify({ count: latencies.length, p50: p(0.5), p99: p(0.99), statuses }))
  agent.destroy()
})
`

interface Scenario {
  readonly label: string
  readonly path: string
  readonly method?: string
  readonly body?: string
}

const load = (port: number, key: string, scenario: Scenario) =>
  Effect.async<{ count: number; p50: number; p99: number; statuses: Record<string, number> }>((resume) => {
    const args = [port, scenario.path, scenario.method ?? "GET", scenario.body ?? "", key, seconds, connections]
    const child = spawn(process.execPath, ["-e", loader, JSON.stringify(args)], { stdio: ["ignore", "pipe", "inherit"] })
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    child.on("close", () => resume(Effect.succeed(JSON.parse(out))))
  })

const report = (label: string, r: { count: number; p50: number; p99: number; statuses: Record<string, number> }) =>
  console.log(
    `${label.padEnd(34)} ${String(Math.round(r.count / seconds)).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${
      r.p99.toFixed(2)
    } ms  ${JSON.stringify(r.statuses)}`
  )

const settings = Layer.succeed(Settings, {
  publicBaseUrl: "http://localhost",
  forecastHorizonDays: 16,
  cursorSecret: Redacted.make("bench"),
  rateLimitPerMinute: 100_000_000
})

const bench = Effect.gen(function*() {
  const { key } = yield* createAccount({ name: "bench", mode: "live", credits: 100_000_000 })
  const address = (yield* HttpServer.HttpServer).address
  const port = address._tag === "TcpAddress" ? address.port : 0
  const created = yield* load(port, key.secret, {
    label: "",
    path: "/v3/spotcast",
    method: "POST",
    body: JSON.stringify({ latitude: 41.1, longitude: -71.7, start_date: new Date().toISOString().slice(0, 10), num_days: 2 })
  })
  report("POST /v3/spotcast (create, 202)", created)
  const list: any = yield* Effect.promise(() =>
    fetch(`http://127.0.0.1:${port}/v3/spotcasts?limit=1`, { headers: { authorization: `Bearer ${key.secret}` } })
      .then((r) => r.json())
  )
  const id = list.data[0].id
  for (
    const scenario of [
      { label: "GET /v3/account/balance (200)", path: "/v3/account/balance" },
      { label: "GET /v3/spotcast/{id} (200)", path: `/v3/spotcast/${id}` },
      { label: "GET /v3/spotcasts?limit=20 (200)", path: "/v3/spotcasts?limit=20" },
      { label: "GET /v3/spotcast/{missing} (404)", path: "/v3/spotcast/spc_missing" },
      { label: "GET /nowhere (404 route)", path: "/nowhere" }
    ]
  ) report(scenario.label, yield* load(port, key.secret, scenario))
})

const baseline = Effect.gen(function*() {
  const server = createServer((_, res) => {
    res.writeHead(200, { "content-type": "application/json" })
    res.end("{\"credit_balance\":1}")
  })
  yield* Effect.async<void>((resume) => {
    server.listen(0, "127.0.0.1", () => resume(Effect.void))
  })
  const port = (server.address() as { port: number }).port
  report("bare node:http (reference)", yield* load(port, "x", { label: "", path: "/" }))
  server.close()
})

const stack = HttpServerLive.app({ adminToken: Option.some(Redacted.make("bench-admin-token")) }).pipe(
  Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
  Layer.provideMerge(Layer.mergeAll(MemoryStorage.layer, CryptoIds.layer, NodeCrypto.layer, settings, NaturalEarthGeography.layer))
)

console.log(
  `${seconds} s per scenario, ${connections} keep-alive connections, load from a separate process, tracer ${
    tracer ? "on" : "off"
  }`
)
await Effect.runPromise(
  Effect.zipRight(baseline, bench).pipe(
    Effect.provide(stack),
    Logger.withMinimumLogLevel(LogLevel.Warning),
    Effect.withTracerEnabled(tracer)
  )
)
