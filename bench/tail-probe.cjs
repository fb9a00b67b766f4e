// Where the reads' tail comes from (docs/performance.md, "The reads' tail"): preloaded into an API process
// (node --require bench/tail-probe.cjs dist/main/bin.js serve --role api), it records from SIGUSR1 to SIGUSR2 each
// request's start and end, each pg statement's (by kind), each pool checkout's wait, each collection and the
// event loop's delay, and writes them to $PROBE_OUT (default ./tail-probe.json) for bench/tail-report.cjs.
const http = require("node:http")
const { performance, PerformanceObserver, monitorEventLoopDelay } = require("node:perf_hooks")
const fs = require("node:fs")
const reqs = [], stmts = [], gcs = [], checkouts = []
let on = false
const origEmit = http.Server.prototype.emit
http.Server.prototype.emit = function (ev, req, res) {
  if (ev === "request" && on) {
    const t0 = performance.now()
    res.once("finish", () => reqs.push(t0, performance.now()))
  }
  return origEmit.apply(this, arguments)
}
try {
  const pgPath = require.resolve("pg", { paths: [process.cwd(), __dirname] })
  const pg = require(pgPath)
  const oq = pg.Client.prototype.query
  pg.Client.prototype.query = function (config, values, cb) {
    if (!on) return oq.apply(this, arguments)
    const text = typeof config === "string" ? config : config?.text ?? ""
    const kind = /rate_windows/.test(text) ? "rate" : /api_keys k JOIN/.test(text) ? "auth" : /UPDATE api_keys/.test(text) ? "touch" : /xmin/.test(text) ? "versions" : /credit_balance/.test(text) ? "balance" : text.replace(/\s+/g, " ").slice(0, 40)
    const t0 = performance.now()
    const done = () => stmts.push([t0, performance.now(), kind])
    if (typeof cb === "function") return oq.call(this, config, values, function () { done(); return cb.apply(this, arguments) })
    if (typeof values === "function") return oq.call(this, config, function () { done(); return values.apply(this, arguments) })
    const r = oq.apply(this, arguments)
    if (r && typeof r.then === "function") r.then(done, done)
    else if (config && typeof config.on === "function") { config.once("end", done); config.once("error", done) }
    return r
  }
  const oc = pg.Pool.prototype.connect
  pg.Pool.prototype.connect = function (cb) {
    if (!on || typeof cb !== "function") return oc.apply(this, arguments)
    const t0 = performance.now()
    return oc.call(this, function () { checkouts.push(t0, performance.now()); return cb.apply(this, arguments) })
  }
} catch (e) { console.error("probe: no pg", e.message) }
new PerformanceObserver((l) => { if (on) for (const e of l.getEntries()) gcs.push([e.startTime, e.duration, e.detail?.kind ?? e.kind]) }).observe({ entryTypes: ["gc"] })
const eld = monitorEventLoopDelay({ resolution: 5 })
process.on("SIGUSR1", () => { on = true; reqs.length = 0; checkouts.length = 0; stmts.length = 0; gcs.length = 0; eld.reset(); eld.enable() })
process.on("SIGUSR2", () => {
  on = false; eld.disable()
  fs.writeFileSync(process.env.PROBE_OUT ?? "tail-probe.json", JSON.stringify({ reqs, stmts, gcs, checkouts,
    eld: { p50: eld.percentile(50) / 1e6, p99: eld.percentile(99) / 1e6, max: eld.max / 1e6, mean: eld.mean / 1e6 } }))
})
