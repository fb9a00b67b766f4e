// Reads a bench/tail-probe.cjs recording: usage: node bench/tail-report.cjs tail-probe.json [clusters to show=4]
// Prints the server-side latencies, collections by kind, statements by kind, pool checkout waits, how the
// slowest 1 % of requests group in time, and a timeline of collections and slow statements around each group.
const d = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"))
// node:perf_hooks GC kinds
const GC = { 1: "scavenge", 2: "minor mark-compact", 4: "mark-compact", 8: "incremental marking", 16: "weak callbacks" }
const q = (a, p) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(p / 100 * s.length))] }
const f = (x) => x === undefined ? "-" : x.toFixed(1)
const reqs = []; for (let i = 0; i < d.reqs.length; i += 2) reqs.push([d.reqs[i], d.reqs[i + 1] - d.reqs[i]])
const lat = reqs.map((r) => r[1])
const t0 = Math.min(...reqs.map(r => r[0])), t1 = Math.max(...reqs.map(r => r[0] + r[1]))
console.log(`server-side: n ${reqs.length} over ${((t1 - t0) / 1000).toFixed(1)} s; p50 ${f(q(lat, 50))} p90 ${f(q(lat, 90))} p99 ${f(q(lat, 99))} max ${f(Math.max(...lat))}`)
console.log(`eld: ${JSON.stringify(Object.fromEntries(Object.entries(d.eld).map(([k, v]) => [k, +v.toFixed(1)])))}`)
const gk = {}; for (const [s, dur, k] of d.gcs) { (gk[k] ??= []).push(dur) }
for (const [k, v] of Object.entries(gk)) console.log(`gc ${GC[k] ?? k}: n ${v.length} (${(v.length / ((t1 - t0) / 1000)).toFixed(1)}/s) total ${f(v.reduce((a, b) => a + b, 0))} ms (${(100 * v.reduce((a, b) => a + b, 0) / (t1 - t0)).toFixed(1)} %) p50 ${f(q(v, 50))} max ${f(Math.max(...v))}`)
const sk = {}; for (const [s, e, k] of d.stmts) { (sk[k] ??= []).push(e - s) }
for (const [k, v] of Object.entries(sk)) console.log(`stmt ${k.padEnd(40)} n ${String(v.length).padStart(6)} (${(v.length * 1000 / (t1 - t0)).toFixed(0)}/s) p50 ${f(q(v, 50))} p99 ${f(q(v, 99))} max ${f(Math.max(...v))}`)
const co = []; for (let i = 0; i < d.checkouts.length; i += 2) co.push(d.checkouts[i + 1] - d.checkouts[i])
console.log(`checkout wait: n ${co.length} p50 ${f(q(co, 50))} p99 ${f(q(co, 99))} max ${f(Math.max(...co))}`)
// slow requests: overlapping gc time, overlapping auth/touch statements
const thr = q(lat, 99)
const slow = reqs.filter((r) => r[1] >= thr)
let gcOverlap = 0, gcIn = 0, withAuth = 0, withTouch = 0
for (const [s, dur] of slow) {
  const e = s + dur
  let g = 0; for (const [gs, gd] of d.gcs) { const o = Math.min(e, gs + gd) - Math.max(s, gs); if (o > 0) g += o }
  gcIn += g
  if (d.stmts.some(([a, b, k]) => k === "auth" && a < e && b > s)) withAuth++
  if (d.stmts.some(([a, b, k]) => k === "touch" && a < e && b > s)) withTouch++
}
console.log(`slowest 1% (>= ${f(thr)} ms, n ${slow.length}): mean GC inside ${f(gcIn / slow.length)} ms of mean ${f(slow.reduce((a, r) => a + r[1], 0) / slow.length)} ms; overlapping an auth stmt ${withAuth}, a touch ${withTouch}`)
// clustering: slow requests by 50ms bin of start time
const bins = new Map(); for (const [s] of slow) { const b = Math.floor((s - t0) / 50); bins.set(b, (bins.get(b) ?? 0) + 1) }
console.log(`slow requests fall into ${bins.size} 50-ms bins; top: ${[...bins.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([b, n]) => `${b * 50}ms:${n}`).join(" ")}`)
// auth statement times
const auths = d.stmts.filter(s => s[2] === "auth").map(s => (s[0] - t0).toFixed(0))
console.log(`auth stmt starts (first 12): ${auths.slice(0, 12).join(" ")}`)
{
const reqs = []; for (let i = 0; i < d.reqs.length; i += 2) reqs.push([d.reqs[i], d.reqs[i + 1] - d.reqs[i]])
const t0 = Math.min(...reqs.map(r => r[0]))
const lat = reqs.map(r => r[1]).sort((a, b) => a - b); const thr = lat[Math.floor(0.99 * lat.length)]
const slow = reqs.filter(r => r[1] >= thr).sort((a, b) => a[0] - b[0])
// clusters
const clusters = []; for (const r of slow) { const c = clusters.at(-1); if (c && r[0] - c.end < 30) { c.end = Math.max(c.end, r[0]); c.n++; c.maxEnd = Math.max(c.maxEnd, r[0] + r[1]) } else clusters.push({ start: r[0], end: r[0], maxEnd: r[0] + r[1], n: 1 }) }
const rel = (t) => (t - t0).toFixed(1)
for (const c of clusters.filter(c => c.n >= 3).slice(0, +(process.argv[3] ?? 4))) {
  console.log(`--- cluster of ${c.n} slow requests starting ${rel(c.start)}–${rel(c.end)}, last ends ${rel(c.maxEnd)}`)
  const a = c.start - 30, b = c.maxEnd + 5
  const ev = []
  for (const [s, dur, k] of d.gcs) if (s + dur > a && s < b) ev.push([s, `GC ${GC[k] ?? k} ${dur.toFixed(1)} ms`])
  for (const [s, e, k] of d.stmts) if (e > a && s < b && (e - s > 4 || k === "auth" || k === "touch" || !/rate|versions|balance|SELECT s/.test(k))) ev.push([s, `stmt ${k} ${(e - s).toFixed(1)} ms (ends ${rel(e)})`])
  // request completions per 5ms
  let lastDone = null
  ev.sort((x, y) => x[0] - y[0]); for (const [t, m] of ev) console.log(`  ${rel(t)} ${m}`)
  // finishes histogram within window
  const fin = reqs.filter(r => r[0] + r[1] > a && r[0] + r[1] < b).map(r => r[0] + r[1])
  const h = new Map(); for (const t of fin) { const k = Math.floor((t - t0) / 5) * 5; h.set(k, (h.get(k) ?? 0) + 1) }
  console.log(`  finishes per 5ms: ${[...h.entries()].sort((x, y) => x[0] - y[0]).map(([k, n]) => `${k}:${n}`).join(" ")}`)
}
}
