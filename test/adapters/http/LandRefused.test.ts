import { HttpClientRequest } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { LAND, WATER, WRONG_SIGN } from "../../support/Places.js"
import { account, authed, createBody, get, postJson } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

const WIDGETS = "/v3/spotcast/widgets"
const balance = (key: string) => Effect.map(get("/v3/account/balance", key), (r) => r.json.credit_balance as number)
const listed = (path: string, key: string) => Effect.map(get(path, key), (r) => (r.json.data as Array<unknown>).length)
const widgetBody = (latitude: number, longitude: number) => ({ name: "Marina", latitude, longitude, num_days: 2, display_type: "mini" })
const tomorrowNoon = () => {
  const d = new Date(Date.now() + 24 * 3_600_000)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12)).toISOString()
}

/** The 400 of a point on land: the coordinate named, nothing else said about the request. */
const assertRefused = (r: { status: number; json: any; text: string }, param: string, what: string) => {
  assert.strictEqual(r.status, 400, `${what}: ${r.text}`)
  assert.strictEqual(r.json.error.code, "invalid_coordinates", what)
  assert.strictEqual(r.json.error.param, param, what)
  assert.match(r.json.error.message, /on land more than 10 km from any sea or large lake/)
}

// A sample of each table (every row is checked on the port); each create here is a real request.
const inland = [LAND[0]!, LAND[1]!, LAND[2]!, WRONG_SIGN[0]!]
const water = [WATER[0]!, WATER[1]!, WATER[15]!, WATER[19]!]

layer(TestServer.layer({ workers: false }), { excludeTestServices: true })("points on land are refused before any charge", (it) => {
  it.effect("SpotCast create: Denver, Kansas, the Sahara and Boston with +71 are 400, nothing charged or listed, even with an Idempotency-Key", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      for (const p of inland) {
        const r = yield* postJson("/v3/spotcast", createBody({ latitude: p.latitude, longitude: p.longitude }), key, { "idempotency-key": `land-${p.name}` })
        assertRefused(r, "coordinates", p.name)
      }
      assert.strictEqual(yield* balance(key), 20)
      assert.strictEqual(yield* listed("/v3/spotcasts", key), 0)
      // The key was never recorded: the same key with a body on the water is a first request.
      const ok = yield* postJson("/v3/spotcast", createBody(), key, { "idempotency-key": `land-${inland[0]!.name}` })
      assert.strictEqual(ok.status, 202, ok.text)
      assert.isUndefined(ok.headers["idempotent-replayed"])
    }))

  it.effect("SpotCast create: a sea, a harbour and two lakes are accepted and charged", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      for (const p of water) {
        const r = yield* postJson("/v3/spotcast", createBody({ latitude: p.latitude, longitude: p.longitude }), key)
        assert.strictEqual(r.status, 202, `${p.name}: ${r.text}`)
      }
      assert.strictEqual(yield* balance(key), 20 - 2 * water.length)
      assert.strictEqual(yield* listed("/v3/spotcasts", key), water.length)
    }))

  it.effect("widget create and update: land is 400 and changes nothing; a lake is accepted", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      for (const p of inland) assertRefused(yield* postJson(WIDGETS, widgetBody(p.latitude, p.longitude), key), "coordinates", p.name)
      assert.strictEqual(yield* balance(key), 20)
      assert.strictEqual(yield* listed(WIDGETS, key), 0)

      const created = yield* postJson(WIDGETS, widgetBody(43.64, -79.38), key) // Toronto harbour
      assert.strictEqual(created.status, 201, created.text)
      const id = created.json.id as string
      const put = (body: unknown) =>
        TestServer.raw(HttpClientRequest.put(`${WIDGETS}/${id}`).pipe(authed(key), HttpClientRequest.bodyUnsafeJson(body)))
      assertRefused(yield* put({ latitude: 39.7392, longitude: -104.9903 }), "coordinates", "widget moved to Denver")
      // Only the longitude sent, its sign flipped: the widget would move from Toronto to inland China.
      assertRefused(yield* put({ longitude: 79.38 }), "coordinates", "widget's longitude flipped")
      const after = yield* get(`${WIDGETS}/${id}`, key)
      assert.deepStrictEqual(after.json.coordinates, { latitude: 43.64, longitude: -79.38 })
      const moved = yield* put({ latitude: 41.73, longitude: -87.54 }) // Calumet Harbor, Lake Michigan
      assert.strictEqual(moved.status, 200, moved.text)
      assert.strictEqual(yield* balance(key), 18)
    }))

  it.effect("route create: the first waypoint on land is named, nothing is charged; on the water it is accepted", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const waypoints = [
        { latitude: 41.49, longitude: -71.31 }, // Newport
        { latitude: 41.17, longitude: -71.58 }, // Block Island
        { latitude: 41.07, longitude: -71.86 } // Montauk
      ]
      const body = (w: typeof waypoints) => ({ waypoints: w, departure_time: tomorrowNoon(), speed_kts: 6 })
      const viaLand = [waypoints[0]!, { latitude: 41.17, longitude: 71.58 }, waypoints[2]!] // Block Island with +71
      assertRefused(yield* postJson("/v3/route", body(viaLand), key), "waypoints.1", "route via a wrong-sign waypoint")
      const fromDenver = [{ latitude: 39.7392, longitude: -104.9903 }, ...waypoints.slice(1)]
      assertRefused(yield* postJson("/v3/route", body(fromDenver), key), "waypoints.0", "route from Denver")
      assert.strictEqual(yield* balance(key), 20)
      assert.strictEqual(yield* listed("/v3/routes", key), 0)
      const ok = yield* postJson("/v3/route", body(waypoints), key)
      assert.strictEqual(ok.status, 202, ok.text)
      assert.isBelow(yield* balance(key), 20)
    }))
})
