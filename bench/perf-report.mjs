// node bench/perf-report.mjs <results.tsv>: the summary table of bench/perf.sh.
// Lines of the tsv: "<round>\t<label>\t<per second>\t<p50 ms>\t<p99 ms>\t<errors>". Each scenario pairs
// SpotCast's label with its anchor's; ratios are taken per round (same round, same machine load), then
// the median of the rounds is shown with the min-max.
import { readFileSync } from "node:fs"
const seen = new Set()
const rows = readFileSync(process.argv[2], "utf8").trim().split("\n").filter(Boolean).map((l) => l.split("\t"))
  .filter((r) => !seen.has(`${r[0]}\t${r[1]}`) && seen.add(`${r[0]}\t${r[1]}`))
const med = (xs) => { const s = [...xs].sort((a, b) => a - b); const n = s.length; return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2 }
// per CPU second of the server (or worker): requests done / CPU seconds it used in the run
const of = (label) => rows.filter((r) => r[1] === label).map((r) => ({ round: r[0], rps: +r[2], p50: +r[3], p99: +r[4], errors: r[5] ?? "",
  perCpu: r[6] !== undefined && +r[6] > 0 ? +r[7] / +r[6] : NaN }))
const scenarios = [
  { name: "GET /v3/spotcast/{id}, Postgres", a: "spotcast_get", b: "baseline_get", anchor: "node:http + pg", goal: "≥ 0.8×, p99 ≤ 1.5×", min: 0.8, p99max: 1.5 },
  { name: "GET /v3/spotcasts?limit=20", a: "spotcast_list", b: "baseline_list", anchor: "node:http + pg", goal: "≥ 0.8×, p99 ≤ 1.5×", min: 0.8, p99max: 1.5 },
  { name: "GET /v3/account/balance", a: "spotcast_balance", b: "baseline_balance", anchor: "node:http + pg", goal: "≥ 0.8×, p99 ≤ 1.5×", min: 0.8, p99max: 1.5 },
  // BEFORE=<checkout> (bench/perf.sh): this build against that one, same rounds
  { name: "GET /v3/spotcast/{id}: now / before", a: "spotcast_get", b: "before_get", anchor: "before", goal: "—", min: 0 },
  { name: "GET /v3/spotcasts?limit=20: now / before", a: "spotcast_list", b: "before_list", anchor: "before", goal: "—", min: 0 },
  { name: "GET /v3/account/balance: now / before", a: "spotcast_balance", b: "before_balance", anchor: "before", goal: "—", min: 0 },
  { name: "POST /v3/spotcast, Postgres", a: "spotcast_create", b: "pgbench_create", anchor: "pgbench, same transaction", goal: "≥ 0.5×", min: 0.5 },
  { name: "pipeline, one worker process, simulated weather", a: "pipeline", anchor: "—", goal: "≥ 300/s, none failed", floor: 300 },
  { name: "pipeline: now / before", a: "pipeline", b: "before_pipeline", anchor: "before", goal: "—", min: 0 }
]
const f0 = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString("en-US") : "—")
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : "—")
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : "—")
const out = ["| scenario | SpotCast | anchor | ratio | goal | met |", "|---|---|---|---|---|---|"]
const cpu = ["", "Per CPU second of the serving process (work done / CPU time it used; a busy machine disturbs this less):", "",
  "| scenario | SpotCast | anchor | ratio |", "|---|---|---|---|"]
for (const s of scenarios) {
  const A = of(s.a)
  if (A.length === 0) continue
  if (s.b === undefined) {
    const rate = med(A.map((r) => r.rps)), failed = A.reduce((n, r) => n + Number(r.errors || 0), 0)
    out.push(`| ${s.name} | ${f0(rate)} forecasts/s (min ${f0(Math.min(...A.map((r) => r.rps)))}), failed ${failed}; ${f0(med(A.map((r) => r.perCpu)))} per CPU-s | ${s.anchor} | — | ${s.goal} | ${rate >= s.floor && failed === 0 ? "yes" : "no"} |`)
    cpu.push(`| ${s.name} | ${f0(med(A.map((r) => r.perCpu)))} forecasts per worker CPU-s | — | — |`)
    continue
  }
  const B = of(s.b)
  if (B.length === 0) continue
  const pairs = A.map((a) => [a, B.find((b) => b.round === a.round)]).filter(([, b]) => b !== undefined)
  const rr = pairs.map(([a, b]) => a.rps / b.rps), pr = pairs.map(([a, b]) => a.p99 / b.p99)
  const ratio = med(rr), p99r = med(pr)
  const errs = A.filter((r) => r.errors !== "" && r.errors !== "0").length
  const lat = (xs) => (Number.isFinite(med(xs)) && med(xs) > 0 ? `, p99 ${f1(med(xs))} ms` : "")
  const cr = pairs.map(([a, b]) => a.perCpu / b.perCpu).filter(Number.isFinite)
  cpu.push(`| ${s.name} | ${f0(med(A.map((r) => r.perCpu)))}/CPU-s | ${Number.isFinite(med(B.map((r) => r.perCpu))) ? `${f0(med(B.map((r) => r.perCpu)))}/CPU-s` : "(database: not measured)"} | ${cr.length ? `${f2(med(cr))}×` : "—"} |`)
  const met = ratio >= s.min && (s.p99max === undefined || p99r <= s.p99max) && errs === 0
  out.push(`| ${s.name} | ${f0(med(A.map((r) => r.rps)))}/s${lat(A.map((r) => r.p99))} | ${s.anchor}: ${f0(med(B.map((r) => r.rps)))}/s${lat(B.map((r) => r.p99))} | ` +
    `${f2(ratio)}× (${f2(Math.min(...rr))}–${f2(Math.max(...rr))})${s.p99max === undefined ? "" : `, p99 ${f2(p99r)}×`} | ${s.goal} | ${met ? "yes" : "no"}${errs ? ` (${errs} runs with errors)` : ""} |`)
}
console.log([...out, ...cpu].join("\n"))
