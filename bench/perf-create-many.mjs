// node bench/perf-create-many.mjs <base url> <key> <n> <num_days> [concurrency]: creates n SpotCasts
// through the API and prints their ids, one a line; exits 1 if any create was refused.
const [base, key, n, days, conc = "8"] = process.argv.slice(2)
const today = new Date().toISOString().slice(0, 10)
const body = JSON.stringify({ latitude: 41.13, longitude: -71.71, start_date: today, num_days: Number(days),
  vessel_info: { type: "sailboat", length_ft: 30 }, trip_duration_hours: 4 })
let next = 0, failed = 0
const ids = []
const worker = async () => {
  while (next < Number(n)) {
    next++
    const r = await fetch(`${base}/v3/spotcast`, { method: "POST", body,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" } })
    const j = await r.json()
    if (r.status !== 202) { failed++; if (failed < 3) console.error(r.status, JSON.stringify(j)) } else ids.push(j.id)
  }
}
await Promise.all(Array.from({ length: Number(conc) }, worker))
console.log(ids.join("\n"))
if (failed) { console.error(`${failed} creates failed`); process.exit(1) }
