import { assert, layer } from "@effect/vitest"
import { DateTime, Effect, Schedule } from "effect"
import { MemoryDatabase } from "../../../src/adapters/memory/MemoryDatabase.js"
import type { AccountId } from "../../../src/domain/Ids.js"
import { account, createBody, get, ISO_UTC, postJson } from "./support/Fixtures.js"
import { NO_WEATHER_LATITUDE } from "./support/TestDoubles.js"
import * as TestServer from "./support/TestServer.js"

const HOUR = 3_600_000
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString()
/**
 * The next 13:00 UTC at least an hour away: the ~6 h passage off Newport then sails in daylight in every
 * season (sunrise by 12:15 UTC, sunset after 21:10 UTC), so issue 11's darkness rule does not make the
 * class depend on the hour the test runs (a departure two hours from now arrived after dark late in the day).
 */
const daylightDeparture = () => {
  const at = new Date(Date.now() + HOUR)
  const departure = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 13)
  return new Date(departure >= at.getTime() ? departure : departure + 24 * HOUR).toISOString()
}

const WAYPOINTS = [
  { latitude: 41.49, longitude: -71.31 }, // Newport
  { latitude: 41.17, longitude: -71.58 }, // Block Island
  { latitude: 41.07, longitude: -71.86 } // Montauk
]

const routeBody = (overrides: Record<string, unknown> = {}) => ({
  waypoints: WAYPOINTS,
  departure_time: daylightDeparture(),
  speed_kts: 6,
  ...overrides
})

const balance = (key: string) => Effect.map(get("/v3/account/balance", key), (r) => r.json.credit_balance as number)
const ledgerOf = (accountId: AccountId) => Effect.map(MemoryDatabase, (db) => db.ledger.get(accountId) ?? [])

const awaitRoute = (id: string, key: string) =>
  get(`/v3/route/${id}/status`, key).pipe(
    Effect.filterOrFail((r) => r.json?.status === "completed" || r.json?.status === "failed", () => "unfinished"),
    Effect.retry({ schedule: Schedule.spaced("20 millis"), times: 500 }),
    Effect.zipRight(get(`/v3/route/${id}?include=samples`, key)),
    Effect.map((r) => r.json),
    Effect.orDieWith(() => new Error(`the forecast of route ${id} did not finish`))
  )

layer(TestServer.layer(), { excludeTestServices: true })("route forecasts end to end", (it) => {
  it.effect("create → 202 rte_; processed → GET with legs, samples and passage; ledger names the route; webhook queued", () =>
    Effect.gen(function*() {
      const { account: acct, key } = yield* account(10)
      const r = yield* postJson("/v3/route", routeBody({ webhook_url: "https://hooks.example.com/r", metadata: { boat: "Vega" } }), key)
      assert.strictEqual(r.status, 202, r.text)
      assert.match(r.json.id, /^rte_[0-9A-Za-z]{22}$/)
      assert.match(r.json.forecast_id, /^fcst_/)
      assert.strictEqual(r.json.status, "processing")
      assert.strictEqual(r.json.credits_charged, 2)
      assert.strictEqual(r.json.credits_remaining, 8)
      assert.strictEqual(r.json.links.self, `https://spotcast.test/v3/route/${r.json.id}`)
      assert.strictEqual(r.json.links.status, `https://spotcast.test/v3/route/${r.json.id}/status`)
      assert.isNumber(r.json.estimated_completion_seconds)

      const route = yield* awaitRoute(r.json.id, key)
      assert.strictEqual(route.status, "completed")
      assert.strictEqual(route.waypoints.length, 3)
      assert.isAbove(route.total_distance_nm, 30)
      assert.isBelow(route.total_distance_nm, 40)
      assert.closeTo(route.duration_hours, route.total_distance_nm / 6, 0.01)
      assert.match(route.arrival_time, ISO_UTC)
      assert.deepStrictEqual(route.metadata, { boat: "Vega" })
      const analysis = route.latest_forecast.ai_analysis
      assert.strictEqual(analysis.classification, "GO")
      assert.strictEqual(analysis.legs.length, 2)
      assert.include(analysis.summary, "Passage of")
      for (const leg of analysis.legs) {
        assert.match(leg.eta_start, ISO_UTC)
        assert.match(leg.eta_end, ISO_UTC)
        assert.include(["GO", "CAUTION", "AVOID"], leg.classification)
        assert.isNumber(leg.conditions.wind_speed_kt)
      }
      assert.isAtLeast(analysis.samples.length, 5)
      for (let i = 1; i < analysis.samples.length; i++) {
        assert.isAtMost(analysis.samples[i].distance_nm - analysis.samples[i - 1].distance_nm, 10.0001)
        assert.isTrue(analysis.samples[i].eta >= analysis.samples[i - 1].eta)
      }
      assert.notProperty(analysis, "departures")

      const ledger = yield* ledgerOf(acct.id)
      const charge = ledger.find((e) => e.kind === "charge")!
      assert.strictEqual(charge.routeId, r.json.id)
      assert.strictEqual(charge.amount, 2)

      const db = yield* MemoryDatabase
      const delivery = [...db.deliveries.values()].find((d) => d.forecastId === r.json.forecast_id)!
      assert.strictEqual(delivery.event, "route.forecast.completed")
      assert.strictEqual(delivery.url, "https://hooks.example.com/r")
      const event = JSON.parse(delivery.body)
      assert.strictEqual(event.data.route_id, r.json.id)
      assert.strictEqual(event.data.classification, "GO")
      assert.deepStrictEqual(event.data.metadata, { boat: "Vega" })

      // The hidden SpotCast is not one of the account's SpotCasts.
      const spotcasts = yield* get("/v3/spotcasts", key)
      assert.deepStrictEqual(spotcasts.json.data, [])
    }))

  it.effect("a departure window rates every hour and flags one best departure with its reason", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const r = yield* postJson("/v3/route", routeBody({ departure_window_hours: 6, preferences: { language: "fr", distance_units: "km" } }), key)
      assert.strictEqual(r.status, 202, r.text)
      const analysis = (yield* awaitRoute(r.json.id, key)).latest_forecast.ai_analysis
      assert.strictEqual(analysis.departures.length, 7)
      assert.strictEqual(analysis.departures.filter((d: any) => d.recommended).length, 1)
      assert.isString(analysis.best_departure.reason)
      assert.strictEqual(analysis.best_departure.departure_time, analysis.departures.find((d: any) => d.recommended).departure_time)
      assert.include(analysis.summary, "Traversée de")
      assert.include(analysis.summary, " km")
    }))

  it.effect("validation: every bad input is a 400 with its code and dotted param, and charges nothing", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const many = Array.from({ length: 51 }, (_, i) => ({ latitude: 41 + i * 0.01, longitude: -71 }))
      const cases: ReadonlyArray<readonly [Record<string, unknown>, string, string | undefined]> = [
        [{ waypoints: [WAYPOINTS[0]] }, "invalid_waypoints", "waypoints"],
        [{ waypoints: many }, "invalid_waypoints", "waypoints"],
        [{ waypoints: "here" }, "invalid_waypoints", "waypoints"],
        [{ waypoints: [WAYPOINTS[0], { latitude: 95, longitude: 0 }] }, "invalid_coordinates", "waypoints.1.latitude"],
        [{ waypoints: [WAYPOINTS[0], { latitude: 41 }] }, "invalid_coordinates", "waypoints.1.longitude"],
        [{ waypoints: [WAYPOINTS[0], { latitude: 41, longitude: -71, alt: 3 }] }, "invalid_waypoints", "waypoints.1.alt"],
        [{ waypoints: [{ latitude: 41.49, longitude: -71.31 }, { latitude: 36.9, longitude: -76.3 }, { latitude: 50, longitude: -5 }] }, "invalid_waypoints", "waypoints.2"],
        [{ departure_time: inHours(-1) }, "invalid_departure_time", "departure_time"],
        [{ departure_time: "tomorrow" }, "invalid_departure_time", "departure_time"],
        [{ departure_time: inHours(24 * 17) }, "invalid_departure_time", "departure_time"],
        [{ speed_kts: 0.5, departure_window_hours: 72, waypoints: [{ latitude: 41.49, longitude: -71.31 }, { latitude: 36.9, longitude: -62 }] }, "invalid_departure_time", "departure_time"],
        [{ speed_kts: 0.1 }, "invalid_speed", "speed_kts"],
        [{ speed_kts: 61 }, "invalid_speed", "speed_kts"],
        [{ departure_window_hours: 73 }, "invalid_departure_window", "departure_window_hours"],
        [{ departure_window_hours: 1.5 }, "invalid_departure_window", "departure_window_hours"],
        [{ vessel_info: { type: "raft", length_ft: 10 } }, "invalid_vessel_info", "vessel_info.type"],
        [{ preferences: { language: "de" } }, "invalid_language", "preferences.language"],
        [{ webhook_url: "http://insecure.example.com" }, "invalid_webhook_url", "webhook_url"],
        [{ start_date: "2026-01-01" }, "invalid_request", "start_date"]
      ]
      for (const [overrides, code, param] of cases) {
        const r = yield* postJson("/v3/route", routeBody(overrides), key)
        assert.strictEqual(r.status, 400, `${JSON.stringify(overrides).slice(0, 80)}: ${r.text}`)
        assert.strictEqual(r.json.error.code, code, `${JSON.stringify(overrides).slice(0, 80)}: ${r.text}`)
        assert.strictEqual(r.json.error.param, param, `${JSON.stringify(overrides).slice(0, 80)}: ${r.text}`)
      }
      const { speed_kts: _, ...withoutSpeed } = routeBody()
      const missing = yield* postJson("/v3/route", withoutSpeed, key)
      assert.strictEqual(missing.json.error.code, "invalid_speed")
      assert.strictEqual(yield* balance(key), 10)
      assert.deepStrictEqual((yield* get("/v3/routes", key)).json.data, [])
    }))

  it.effect("idempotent replay answers the first 202 byte for byte and charges once; another body with the key is refused", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const headers = { "Idempotency-Key": "route-replay-1" }
      const body = routeBody()
      const first = yield* postJson("/v3/route", body, key, headers)
      const second = yield* postJson("/v3/route", body, key, headers)
      assert.strictEqual(first.status, 202)
      assert.strictEqual(second.status, 202)
      assert.strictEqual(second.text, first.text)
      assert.strictEqual(second.headers["idempotent-replayed"], "true")
      assert.strictEqual(yield* balance(key), 8)
      const other = yield* postJson("/v3/route", routeBody({ speed_kts: 7 }), key, headers)
      assert.strictEqual(other.status, 400)
      assert.strictEqual(other.json.error.code, "idempotency_key_reused")
    }))

  it.effect("a provider failure fails the forecast, refunds it once and queues route.forecast.failed", () =>
    Effect.gen(function*() {
      const { account: acct, key } = yield* account(10)
      const r = yield* postJson("/v3/route", routeBody({
        waypoints: [{ latitude: NO_WEATHER_LATITUDE, longitude: 151.6 }, { latitude: NO_WEATHER_LATITUDE, longitude: 151.8 }],
        webhook_url: "https://hooks.example.com/r"
      }), key)
      assert.strictEqual(r.status, 202, r.text)
      const route = yield* awaitRoute(r.json.id, key)
      assert.strictEqual(route.status, "failed")
      assert.strictEqual(route.latest_forecast.error.code, "weather_data_unavailable")
      assert.strictEqual(yield* balance(key), 10)
      const refunds = (yield* ledgerOf(acct.id)).filter((e) => e.kind === "refund")
      assert.strictEqual(refunds.length, 1)
      assert.strictEqual(refunds[0]!.routeId, r.json.id)
      const db = yield* MemoryDatabase
      const delivery = [...db.deliveries.values()].find((d) => d.forecastId === r.json.forecast_id)!
      assert.strictEqual(delivery.event, "route.forecast.failed")
    }))

  it.effect("refresh: 409 while in progress is impossible once finished; a finished route refreshes (202, history of 2)", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const r = yield* postJson("/v3/route", routeBody(), key)
      yield* awaitRoute(r.json.id, key)
      const refreshed = yield* postJson(`/v3/route/${r.json.id}/refresh`, {}, key)
      assert.strictEqual(refreshed.status, 202, refreshed.text)
      assert.strictEqual(refreshed.json.id, r.json.id)
      assert.notStrictEqual(refreshed.json.forecast_id, r.json.forecast_id)
      const again = yield* postJson(`/v3/route/${r.json.id}/refresh`, {}, key)
      assert.include([202, 409], again.status)
      if (again.status === 409) assert.strictEqual(again.json.error.code, "forecast_in_progress")
      const done = yield* awaitRoute(r.json.id, key)
      assert.isAtLeast(done.forecast_count, 2)
      const history = yield* get(`/v3/route/${r.json.id}/forecasts?limit=1`, key)
      assert.strictEqual(history.json.route_id, r.json.id)
      assert.strictEqual(history.json.data.length, 1)
      assert.isTrue(history.json.has_more)
      const one = yield* get(`/v3/route/${r.json.id}/forecast/${r.json.forecast_id}`, key)
      assert.strictEqual(one.status, 200)
      assert.strictEqual(one.json.route_id, r.json.id)
      assert.strictEqual(one.json.status, "completed")
      assert.isArray(one.json.ai_analysis.legs)
    }))

  it.effect("GET leaves the samples out unless ?include=samples (the count always given); any other include is a 400", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const r = yield* postJson("/v3/route", { waypoints: WAYPOINTS, departure_time: new Date(Date.now() + 2 * HOUR).toISOString(), speed_kts: 6 }, key)
      const full = (yield* awaitRoute(r.json.id, key)).latest_forecast.ai_analysis
      assert.isAtLeast(full.samples.length, 5)
      assert.strictEqual(full.sample_count, full.samples.length)
      const trimmed = (yield* get(`/v3/route/${r.json.id}`, key)).json.latest_forecast.ai_analysis
      assert.notProperty(trimmed, "samples")
      assert.strictEqual(trimmed.sample_count, full.samples.length)
      const { samples: _, ...rest } = full
      assert.deepStrictEqual(trimmed, rest)
      const one = (yield* get(`/v3/route/${r.json.id}/forecast/${r.json.forecast_id}`, key)).json.ai_analysis
      assert.notProperty(one, "samples")
      const oneFull = (yield* get(`/v3/route/${r.json.id}/forecast/${r.json.forecast_id}?include=samples`, key)).json.ai_analysis
      assert.deepStrictEqual(oneFull.samples, full.samples)
      for (const path of [`/v3/route/${r.json.id}?include=legs`, `/v3/route/${r.json.id}/forecast/${r.json.forecast_id}?include=`]) {
        const bad = yield* get(path, key)
        assert.strictEqual(bad.status, 400, path)
        assert.isString(bad.json.error.code, path)
        assert.include(bad.json.error.message, "include", path)
      }
    }))

  it.effect("isolation: another account's route and forecast are not found, like missing and malformed ids", () =>
    Effect.gen(function*() {
      const owner = yield* account(10)
      const other = yield* account(10)
      const r = yield* postJson("/v3/route", routeBody(), owner.key)
      for (const path of [`/v3/route/${r.json.id}`, `/v3/route/${r.json.id}/status`, "/v3/route/rte_0000000000000000000000", "/v3/route/nope"]) {
        const answer = yield* get(path, other.key)
        assert.strictEqual(answer.status, 404, path)
        assert.strictEqual(answer.json.error.code, "route_not_found", path)
      }
      const forecast = yield* get(`/v3/route/${r.json.id}/forecast/${r.json.forecast_id}`, other.key)
      assert.strictEqual(forecast.status, 404)
      assert.deepStrictEqual(forecast.json.error, {
        code: "forecast_not_found",
        message: `No forecast found with id '${r.json.forecast_id}' in this route`,
        param: "forecast_id"
      })
      const refresh = yield* postJson(`/v3/route/${r.json.id}/refresh`, {}, other.key)
      assert.strictEqual(refresh.status, 404)
      assert.strictEqual(yield* balance(other.key), 10)
      assert.deepStrictEqual((yield* get("/v3/routes", other.key)).json.data, [])
    }))

  it.effect("GET /v3/routes is newest first and keyset-paginated", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const ids: Array<string> = []
      for (let i = 0; i < 3; i++) ids.push((yield* postJson("/v3/route", routeBody(), key)).json.id)
      const first = yield* get("/v3/routes?limit=2", key)
      assert.deepStrictEqual(first.json.data.map((r: any) => r.id), [ids[2], ids[1]])
      assert.isTrue(first.json.has_more)
      const second = yield* get(`/v3/routes?limit=2&after=${encodeURIComponent(first.json.next_cursor)}`, key)
      assert.deepStrictEqual(second.json.data.map((r: any) => r.id), [ids[0]])
      assert.isFalse(second.json.has_more)
      const bad = yield* get("/v3/routes?limit=0", key)
      assert.strictEqual(bad.json.error.code, "invalid_limit")
    }))

  it.effect("the typed client speaks the route endpoints (create, get, list)", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const api = yield* TestServer.client(key)
      const accepted = yield* api.routes.create({
        payload: { waypoints: WAYPOINTS, departure_time: DateTime.unsafeMake(Date.now() + 2 * HOUR), speed_kts: 5 },
        headers: {}
      })
      assert.match(accepted.id, /^rte_/)
      const route = yield* api.routes.get({ path: { id: accepted.id }, urlParams: {} })
      assert.strictEqual(route.id, accepted.id)
      assert.strictEqual(route.speed_kts, 5)
      const list = yield* api.routes.list({ urlParams: {} })
      assert.deepStrictEqual(list.data.map((r) => r.id), [accepted.id])
      const missing = yield* Effect.flip(api.routes.get({ path: { id: "rte_0000000000000000000000" }, urlParams: {} }))
      assert.strictEqual(missing._tag, "MarineRouteNotFound")
    }))

  it.effect("no overdraft: concurrent route and SpotCast creates against 20 credits accept exactly 10", () =>
    Effect.gen(function*() {
      const { account: acct, key } = yield* account(20)
      const attempts = Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0 ? postJson("/v3/route", routeBody(), key) : postJson("/v3/spotcast", createBody(), key))
      const answers = yield* Effect.all(attempts, { concurrency: "unbounded" })
      assert.strictEqual(answers.filter((a) => a.status === 202).length, 10)
      assert.isTrue(answers.every((a) => a.status === 202 || (a.status === 402 && a.json.error.code === "insufficient_balance")))
      assert.strictEqual(yield* balance(key), 0)
      const ledger = yield* ledgerOf(acct.id)
      assert.strictEqual(ledger.filter((e) => e.kind === "charge").reduce((s, e) => s + e.amount, 0), 20)
    }))
})
