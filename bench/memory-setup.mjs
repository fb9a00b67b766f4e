// Creates one SpotCast, waits until it is completed and saves its GET body. Prints its id.
// node bench/memory-setup.mjs <base> <key> <bodyfile>
import { writeFileSync } from "node:fs"

const [base, key, out] = process.argv.slice(2)
const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" }
const created = await fetch(`${base}/v3/spotcast`, {
  method: "POST",
  headers,
  body: JSON.stringify({
    latitude: 41.13, longitude: -71.71, start_date: new Date().toISOString().slice(0, 10), num_days: 2,
    vessel_info: { type: "sailboat", length_ft: 30 }, trip_duration_hours: 4
  })
})
const { id } = await created.json()
if (created.status !== 202) throw new Error(`create answered ${created.status}`)
for (let i = 0; i < 1200; i++) {
  const status = await (await fetch(`${base}/v3/spotcast/${id}/status`, { headers })).json()
  if (status.status === "completed") break
  if (status.status === "failed") throw new Error("the SpotCast failed")
  await new Promise((r) => setTimeout(r, 100))
}
const got = await fetch(`${base}/v3/spotcast/${id}`, { headers })
if (got.status !== 200) throw new Error(`GET answered ${got.status}`)
writeFileSync(out, Buffer.from(await got.arrayBuffer()))
console.log(id)
