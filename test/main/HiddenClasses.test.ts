import { afterAll, assert, describe, it } from "@effect/vitest"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { vi } from "vitest"
import { callServed, startServer } from "../support/Spawn.js"

vi.setConfig({ testTimeout: 180_000 })

const dir = mkdtempSync(join(tmpdir(), "spotcast-hidden-classes-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const KEY = "sk_live_HiddenClasses0123456789abcdefghi"
/**
 * The reads sent in turn, with the status each answers. Not an error answer: a 404 still makes about 3
 * maps inside Effect's and the platform's error path (docs/performance.md).
 */
const READS: ReadonlyArray<readonly [path: string, status: number]> = [
  ["/v3/account/balance", 200],
  ["/v3/spotcast/{id}", 200],
  ["/v3/spotcasts?limit=20", 200],
  ["/v3/spotcast/{id}/status", 200],
  ["/v3/spotcast/{id}/forecasts", 200],
  ["/v3/developer/info", 200],
  ["/v3/spotcast/widgets", 200],
  ["/v3/routes", 200]
]

/**
 * The map (hidden class) events V8 logged in a `spotcast serve` (memory storage) that answered one create
 * and then `rounds` rounds of 4 reads at a time, taken in turn from READS; counted once it has exited.
 */
const mapEvents = async (rounds: number) => {
  const log = join(dir, `maps-${rounds}.log`)
  const served = await startServer({
    SPOTCAST_STORAGE: "memory",
    SPOTCAST_BOOTSTRAP_KEY: KEY,
    SPOTCAST_WEATHER_PROVIDER: "simulated",
    SPOTCAST_REQUEST_LOG: "false",
    SPOTCAST_RATE_LIMIT_PER_MINUTE: "100000000"
  }, [], [
    "--log-maps",
    `--logfile=${log}`,
    "--no-logfile-per-isolate",
    // Sizing the young generation here leaves out HeapTuning's watch on collections: Node makes each
    // collection's performance entry with new hidden classes, so their number would follow the number of
    // collections, which a loaded machine's longer start-up changes, not the requests.
    "--max-semi-space-size=8"
  ])
  try {
    const created = await callServed(served, KEY, "POST", "/v3/spotcast", {
      latitude: 41.13,
      longitude: -71.71,
      start_date: new Date().toISOString().slice(0, 10),
      num_days: 2,
      vessel_info: { type: "sailboat", length_ft: 30 }
    })
    assert.strictEqual(created.status, 202, JSON.stringify(created.json))
    const reads = READS.map(([path, status]) => [path.replace("{id}", created.json.id), status] as const)
    for (let round = 0; round < rounds; round++) {
      const sent = [0, 1, 2, 3].map((i) => reads[(round * 4 + i) % reads.length]!)
      const answers = await Promise.all(sent.map(([path]) => callServed(served, KEY, "GET", path)))
      answers.forEach((answer, i) => assert.strictEqual(answer.status, sent[i]![1], sent[i]![0]))
    }
  } finally {
    await served.stop()
  }
  return readFileSync(log, "utf8").split("\n").filter((line) => line.startsWith("map,")).length
}

/**
 * A request must not make V8 new hidden classes: they are made in the old generation, and a few a
 * request filled it as fast as everything promoted (HttpServerResponse.setHeaders and a generator
 * function made per request, docs/performance.md "What filled the old generation"). Two servers, the
 * second answering 1,200 more reads than the first: the difference in V8's own count is what those
 * reads made. A count, not a time: the same on a busy machine. Before the change it was about 5 a request.
 */
describe("a read makes no hidden classes (V8's map log)", () => {
  it("balance, GET one, the list, status, forecasts, developer info, widgets, routes: fewer than one per 5 requests", async () => {
    const warm = await mapEvents(150)
    const more = await mapEvents(450)
    const perRequest = (more - warm) / (300 * 4)
    assert.isBelow(perRequest, 0.2, `${more} - ${warm} map events over 1,200 requests`)
  })
})
