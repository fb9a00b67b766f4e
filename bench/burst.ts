/**
 * A burst of forecasts: N SpotCasts created at once at distinct sea points, `serve` on a Postgres server
 * (a scratch database), loopback fakes for the upstreams: Open-Meteo answering in WEATHER_MS (200 ms)
 * and an OpenAI-compatible model in LLM_MS (2,500 ms), whose answers pass the text floor.
 *
 * Reports: drain time (first create → last completed, from the rows' own times), p50/p99 of each
 * forecast's time to complete (created → completed), how many failed, the peak RSS of each process
 * (VmHWM from /proc), and the upstream calls each fake received.
 *
 * Env: N (300), PROCS (1: one `serve`; 2: one `serve` and one `serve --role worker`), BIN (the
 * `dist/main/bin.js` to run: another checkout's build measures that code, e.g. main's for "before"),
 * LABEL, WEATHER_MS, LLM_MS, DAYS (forecast days, 2), CREATE_CONC (creates in flight, 32),
 * SERVE_ENV (extra settings for every process, "NAME=value NAME=value"), TEST_DATABASE_URL.
 * Run: `npx vite-node bench/burst.ts` (or `bash bench/burst.sh` for the scenarios side by side).
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Redacted } from "effect"
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { fakeModel, type ModelReply } from "../test/adapters/analyst/LlmFake.js"
import { fakeOpenMeteo, ok, redated } from "../test/adapters/weather/OpenMeteoFake.js"
import { spawn } from "node:child_process"
import { freePort, type Spawned, stop } from "../test/support/Spawn.js"
import { scratchDatabase } from "./ScratchDatabase.js"

const env = process.env
const N = Number(env.N ?? 300)
const PROCS = Number(env.PROCS ?? 1)
const BIN = resolve(env.BIN ?? resolve(import.meta.dirname, "../dist/main/bin.js"))
const LABEL = env.LABEL ?? "burst"
const WEATHER_MS = Number(env.WEATHER_MS ?? 200)
const LLM_MS = Number(env.LLM_MS ?? 2500)
const DAYS = Number(env.DAYS ?? 2)
const CREATE_CONC = Number(env.CREATE_CONC ?? 32)
const SERVE_ENV = Object.fromEntries(
  (env.SERVE_ENV ?? "").split(/\s+/).filter((kv) => kv.includes("=")).map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)])
)
const KEY = "sk_live_" + "Bur5tKey".repeat(4)

/** Distinct open-sea points of the North Sea (54–57° N, 2–5° E): a 0.03° grid, each in its own weather cell. */
const point = (i: number) => ({ latitude: 54 + Math.floor(i / 100) * 0.03, longitude: 2 + (i % 100) * 0.03 })

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)

/** The model writes only what its facts say, so the text floor keeps its texts (no fallback, no retry). */
const reply = (_: number, body: any): ModelReply => {
  const facts = JSON.parse(body.messages[1].content)
  const days = facts.days.map((d: any) => ({
    date: d.date,
    classification: d.rules_classification,
    summary: d.rules_classification === "GO" ? "Model text: a fine day on the water for this boat." : "Model text: take care on this day."
  }))
  return { text: JSON.stringify({ summary: "Model summary: watch the wind over the period.", days }) }
}

/** `node BIN ...args` with only `vars` of SpotCast's settings (the parent's SPOTCAST_* left out). */
const launch = (name: string, args: ReadonlyArray<string>, vars: Record<string, string>): Spawned => {
  const clean = Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith("SPOTCAST_") && !["DATABASE_URL", "PORT", "HOST"].includes(k)))
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...clean, ...vars } })
  const chunks: Array<string> = []
  child.stdout!.on("data", (d) => chunks.push(String(d)))
  child.stderr!.on("data", (d) => chunks.push(String(d)))
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)))
  return { name, child, output: () => chunks.join(""), exited }
}

const rssOf = (pid: number, field: "VmRSS" | "VmHWM") => {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))
    return m === null ? 0 : Number(m[1]) / 1024
  } catch {
    return 0
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 1/100 s). */
const cpuOf = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

const pct = (xs: ReadonlyArray<number>, p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}

const waitHealthy = (baseUrl: string, p: Spawned) =>
  Effect.promise(async () => {
    const deadline = Date.now() + 180_000
    for (;;) {
      if (p.child.exitCode !== null) throw new Error(`${p.name} exited:\n${p.output()}`)
      if (await fetch(`${baseUrl}/v3/openapi.json`).then(() => true, () => false)) return
      if (Date.now() > deadline) throw new Error(`${p.name} did not start:\n${p.output()}`)
      await new Promise((r) => setTimeout(r, 200))
    }
  })

const program = Effect.gen(function*() {
  const db = yield* scratchDatabase
  const weather = yield* fakeOpenMeteo({
    forecast: (params) => ok(redated("hoek-van-holland.forecast.json", params)),
    marine: (params) => ok(redated("hoek-van-holland.marine.json", params)),
    delayMs: WEATHER_MS
  })
  const model = yield* fakeModel("openai-compatible", reply, LLM_MS)
  const port = yield* Effect.promise(freePort)
  const baseUrl = `http://127.0.0.1:${port}`
  const common = {
    DATABASE_URL: Redacted.value(db.url),
    HOST: "127.0.0.1",
    SPOTCAST_BOOTSTRAP_KEY: KEY,
    SPOTCAST_BOOTSTRAP_CREDITS: String(10 * N + 100),
    SPOTCAST_RATE_LIMIT_PER_MINUTE: "1000000",
    SPOTCAST_OPEN_METEO_FORECAST_URL: weather.forecastUrl,
    SPOTCAST_OPEN_METEO_MARINE_URL: weather.marineUrl,
    SPOTCAST_LLM_PROVIDER: "openai-compatible",
    SPOTCAST_LLM_BASE_URL: model.baseUrl,
    SPOTCAST_LLM_MODEL: "fake",
    SPOTCAST_REQUEST_LOG: "false",
    ...SERVE_ENV
  }
  const procs: Array<Spawned> = []
  yield* Effect.addFinalizer(() => Effect.forEach(procs, (p) => stop(p, "SIGKILL"), { discard: true }))
  const main = launch("serve", ["serve"], { ...common, PORT: String(port) })
  procs.push(main)
  yield* waitHealthy(baseUrl, main)
  if (PROCS >= 2) {
    for (let i = 1; i < PROCS; i++) {
      const w = launch(`worker${i}`, ["serve", "--role", "worker"], { ...common, PORT: String(yield* Effect.promise(freePort)) })
      procs.push(w)
    }
    yield* Effect.promise(async () => {
      const deadline = Date.now() + 180_000
      while (!procs.slice(1).every((p) => /worker pool started/.test(p.output()))) {
        if (Date.now() > deadline) throw new Error(`workers did not start:\n${procs.map((p) => p.output()).join("\n")}`)
        await new Promise((r) => setTimeout(r, 200))
      }
    })
  }
  const sql = yield* PgClient.make({ url: db.url, maxConnections: 1 })
  const rssPeak = procs.map(() => 0)
  const sampling = setInterval(() => procs.forEach((p, i) => (rssPeak[i] = Math.max(rssPeak[i]!, rssOf(p.child.pid!, "VmRSS")))), 250)
  const idleRss = procs.map((p) => rssOf(p.child.pid!, "VmRSS"))
  const cpuBefore = procs.map((p) => cpuOf(p.child.pid!))

  const start = tomorrow()
  const t0 = Date.now()
  let next = 0
  let refused = 0
  const refusals: Record<string, number> = {}
  yield* Effect.promise(() =>
    Promise.all(Array.from({ length: CREATE_CONC }, async () => {
      while (next < N) {
        const i = next++
        const res = await fetch(`${baseUrl}/v3/spotcast`, {
          method: "POST",
          headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
          body: JSON.stringify({ ...point(i), start_date: start, num_days: DAYS })
        })
        const body = await res.text()
        if (res.status !== 202) {
          refused++
          const why = `${res.status} ${/"code":"([^"]+)"/.exec(body)?.[1] ?? ""}`.trim()
          refusals[why] = (refusals[why] ?? 0) + 1
        }
      }
    }))
  )
  const createdIn = Date.now() - t0
  // Drained when no job is left (jobs are removed as forecasts finish).
  for (;;) {
    const [{ n }] = (yield* sql`SELECT count(*)::int AS n FROM jobs`) as unknown as [{ n: number }]
    if (n === 0) break
    if (Date.now() - t0 > 1_800_000) throw new Error("not drained after 30 minutes")
    yield* Effect.sleep("250 millis")
  }
  const wall = Date.now() - t0
  clearInterval(sampling)
  const hwm = procs.map((p) => rssOf(p.child.pid!, "VmHWM"))
  const cpu = procs.map((p, i) => cpuOf(p.child.pid!) - cpuBefore[i]!)
  const rows = (yield* sql`SELECT status, extract(epoch FROM created_at) * 1000 AS created, extract(epoch FROM completed_at) * 1000 AS done
    FROM forecasts`) as unknown as ReadonlyArray<{ status: string; created: string; done: string | null }>
  const finished = rows.filter((r) => r.done !== null)
  const first = Math.min(...rows.map((r) => Number(r.created)))
  const last = Math.max(...finished.map((r) => Number(r.done)))
  const ttc = finished.map((r) => (Number(r.done) - Number(r.created)) / 1000)
  const result = {
    label: LABEL,
    n: N,
    procs: PROCS,
    created: rows.length,
    refused,
    refusals,
    completed: rows.filter((r) => r.status === "completed").length,
    failed: rows.filter((r) => r.status === "failed").length,
    createsSeconds: createdIn / 1000,
    drainSeconds: (last - first) / 1000,
    wallSeconds: wall / 1000,
    p50: pct(ttc, 50),
    p99: pct(ttc, 99),
    rssIdleMB: idleRss.map(Math.round),
    rssPeakMB: procs.map((_, i) => Math.round(Math.max(rssPeak[i]!, hwm[i]!))),
    cpuSeconds: cpu.map((c) => Math.round(c * 10) / 10),
    cpuMsPerForecast: Math.round((cpu.reduce((a, b) => a + b, 0) * 1000) / N),
    weatherCalls: weather.calls.length,
    modelCalls: model.calls.length,
    load: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")
  }
  console.log(
    `${LABEL}: ${result.completed}/${N} completed (${result.failed} failed, ${refused} refused ${JSON.stringify(refusals)}) | drain ${result.drainSeconds.toFixed(1)} s` +
      ` | time to complete p50 ${result.p50.toFixed(1)} s, p99 ${result.p99.toFixed(1)} s | RSS peak ${result.rssPeakMB.join(" + ")} MB` +
      ` (idle ${result.rssIdleMB.join(" + ")}) | CPU ${result.cpuSeconds.join(" + ")} s (${result.cpuMsPerForecast} ms per forecast, create included) | upstream: ${result.weatherCalls} weather, ${result.modelCalls} model | creates took ${result.createsSeconds.toFixed(1)} s | load ${result.load}`
  )
  console.log(`RESULT ${JSON.stringify(result)}`)
}).pipe(Effect.scoped, Effect.provide(Reactivity.layer))

Effect.runPromise(program).then(() => process.exit(0), (e) => {
  console.error(e)
  process.exit(1)
})
