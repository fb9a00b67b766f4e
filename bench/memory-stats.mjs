// Summarises bench/memory-get.sh's runs. node bench/memory-stats.mjs <runs.tsv> <subject> <anchor> [other...]
// runs.tsv lines: round label wrk-output-file cpu-ticks rss-max-kB
// Prints per label the median (min–max) of req/s, p50, p99 and CPU µs per request, then each
// label's ratio to the anchor, computed per round (the two ran back to back) and then the median.
import { readFileSync } from "node:fs"

const [file, ...labels] = process.argv.slice(2)
const TICK_US = 1e6 / 100 // /proc/<pid>/stat counts CPU time in clock ticks of 10 ms (CLK_TCK = 100)
const ms = (v, u) => Number(v) * ({ us: 0.001, ms: 1, s: 1000, m: 60000 }[u])
const parse = (text) => {
  const lat = (p) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)`, "m").exec(text)
    return m ? ms(m[1], m[2]) : NaN
  }
  const requests = Number((/(\d+) requests in/.exec(text) ?? [])[1])
  const non2xx = Number((/Non-2xx or 3xx responses:\s+(\d+)/.exec(text) ?? [0, 0])[1])
  return { rps: Number((/Requests\/sec:\s+([\d.]+)/.exec(text) ?? [])[1]), p50: lat(50), p99: lat(99), requests, non2xx }
}
const runs = readFileSync(file, "utf8").trim().split("\n").map((line) => {
  const [round, label, out, ticks, rss] = line.split("\t")
  const w = parse(readFileSync(out, "utf8"))
  return { round: Number(round), label, ...w, cpuUs: (Number(ticks) * TICK_US) / w.requests, rssKb: Number(rss) || undefined }
})
const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b)
  if (s.length === 0) return NaN
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const fmt = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : "-")
const spread = (xs, d = 0) => `${fmt(median(xs), d)} (${fmt(Math.min(...xs), d)}–${fmt(Math.max(...xs), d)})`
const of = (label) => runs.filter((r) => r.label === label)

console.log("label\treq/s median (min–max)\tp50 ms\tp99 ms\tCPU µs/request\tnon-2xx")
for (const label of labels) {
  const rs = of(label)
  console.log([label, spread(rs.map((r) => r.rps)), spread(rs.map((r) => r.p50), 2), spread(rs.map((r) => r.p99), 2),
    spread(rs.map((r) => r.cpuUs)), rs.reduce((n, r) => n + r.non2xx, 0)].join("\t"))
}
const anchor = labels[1]
const byRound = (label) => new Map(of(label).map((r) => [r.round, r]))
const a = byRound(anchor)
for (const label of labels.filter((l) => l !== anchor)) {
  const pairs = of(label).filter((r) => a.has(r.round)).map((r) => [r, a.get(r.round)])
  const rps = pairs.map(([r, x]) => r.rps / x.rps)
  const cpu = pairs.map(([r, x]) => x.cpuUs / r.cpuUs)
  console.log(`ratio ${label}/${anchor}: req/s ${spread(rps, 3)}; by CPU per request (anchor µs / ${label} µs) ${spread(cpu, 3)}`)
}
for (const label of labels) {
  const rss = of(label).map((r) => r.rssKb).filter((x) => x !== undefined)
  if (rss.length > 0) console.log(`${label} RSS max under load: ${fmt(Math.max(...rss) / 1024)} MB (per round: ${rss.map((k) => fmt(k / 1024)).join(", ")} MB)`)
}
