import { HttpClientRequest } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { MemoryDatabase } from "../../../src/adapters/memory/MemoryDatabase.js"
import type { AccountId } from "../../../src/domain/Ids.js"
import { account, authed, createBody, get, ISO_UTC, postJson, postText } from "./support/Fixtures.js"
import { NO_WEATHER_LATITUDE } from "./support/TestDoubles.js"
import * as TestServer from "./support/TestServer.js"

const WIDGETS = "/v3/spotcast/widgets"

const widgetBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Harbour Marina",
  latitude: 41.13,
  longitude: -71.71,
  num_days: 3,
  display_type: "mini",
  ...overrides
})

const put = (path: string, body: unknown, key: string) =>
  TestServer.raw(HttpClientRequest.put(path).pipe(authed(key), HttpClientRequest.bodyUnsafeJson(body)))
const del = (path: string, key: string) => TestServer.raw(HttpClientRequest.del(path).pipe(authed(key)))

const createWidget = (key: string, overrides: Record<string, unknown> = {}) =>
  Effect.flatMap(postJson(WIDGETS, widgetBody(overrides), key), (r) =>
    r.status === 201 ? Effect.succeed(r.json) : Effect.dieMessage(`widget create answered ${r.status}: ${r.text}`))

/** Polls the widget until its newest forecast has finished. */
const awaitWidget = (id: string, key: string) =>
  get(`${WIDGETS}/${id}`, key).pipe(
    Effect.filterOrFail(
      (r) => r.json?.latest_forecast?.status === "completed" || r.json?.latest_forecast?.status === "failed",
      () => "unfinished"
    ),
    Effect.retry({ schedule: Schedule.spaced("20 millis"), times: 500 }),
    Effect.map((r) => r.json),
    Effect.orDieWith(() => new Error(`the forecast of widget ${id} did not finish`))
  )

const balance = (key: string) => Effect.map(get("/v3/account/balance", key), (r) => r.json.credit_balance as number)

const ledgerOf = (accountId: AccountId) => Effect.map(MemoryDatabase, (db) => db.ledger.get(accountId) ?? [])

layer(TestServer.layer(), { excludeTestServices: true })("widgets end to end", (it) => {
  it.effect("create answers 201 with the widget, its first forecast and embed; charges num_days (no minimum)", () =>
    Effect.gen(function*() {
      const { account: acct, key } = yield* account(10)
      const r = yield* postJson(WIDGETS, widgetBody({ num_days: 1, vessel_info: { type: "sailboat", length_ft: 30 } }), key)
      assert.strictEqual(r.status, 201)
      const w = r.json
      assert.match(w.id, /^wgt_[0-9A-Za-z]{22}$/)
      assert.strictEqual(w.name, "Harbour Marina")
      assert.strictEqual(w.display_type, "mini")
      assert.deepStrictEqual(w.coordinates, { latitude: 41.13, longitude: -71.71 })
      assert.strictEqual(w.num_days, 1)
      assert.deepStrictEqual(w.preferences, { language: "en", distance_units: "nm", speed_units: "kts", height_units: "m", temperature_units: "c" })
      assert.deepStrictEqual(w.vessel_info, { type: "sailboat", length_ft: 30 })
      assert.strictEqual(w.auto_refresh_hours, null)
      assert.strictEqual(w.next_refresh_at, null)
      for (const field of ["created_at", "updated_at", "last_refreshed_at"]) assert.match(w[field], ISO_UTC)
      assert.match(w.latest_forecast.forecast_id, /^fcst_/)
      assert.strictEqual(w.latest_forecast.status, "processing")
      assert.strictEqual(w.latest_forecast.progress.stage, "pending")
      assert.strictEqual(w.embed.url, `https://spotcast.test/embed/widgets/${w.id}`)
      assert.strictEqual(
        w.embed.html,
        `<div data-spotcast-widget="${w.id}" data-display="mini"></div>\n` +
          `<script src="https://spotcast.test/embed/widget.js" async></script>`
      )
      assert.notProperty(w, "spotcast_id")
      assert.strictEqual(yield* balance(key), 9)

      const done = yield* awaitWidget(w.id, key)
      assert.strictEqual(done.latest_forecast.status, "completed")
      assert.strictEqual(done.latest_forecast.ai_analysis.daily_classifications.length, 1)

      const ledger = yield* ledgerOf(acct.id)
      const charges = ledger.filter((e) => e.kind === "charge")
      assert.strictEqual(charges.length, 1)
      assert.strictEqual(charges[0]!.widgetId, w.id)
      assert.strictEqual(charges[0]!.amount, 1)
      assert.strictEqual(charges[0]!.forecastId, w.latest_forecast.forecast_id)
    }))

  it.effect("a widget's forecast is not a SpotCast: the SpotCast list and reads do not show it", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      yield* createWidget(key)
      assert.deepStrictEqual((yield* get("/v3/spotcasts", key)).json.data, [])
    }))

  it.effect("validation: same codes and params as SpotCasts; name is invalid_request (as the operator API's), plus display_type and auto_refresh_hours", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [widgetBody({ name: undefined }), "invalid_request", "name"],
        [widgetBody({ name: "   " }), "invalid_request", "name"],
        [widgetBody({ name: "x".repeat(201) }), "invalid_request", "name"],
        [widgetBody({ display_type: "huge" }), "invalid_display_type", "display_type"],
        [widgetBody({ display_type: undefined }), "invalid_display_type", "display_type"],
        [widgetBody({ num_days: 6 }), "invalid_num_days", "num_days"],
        [widgetBody({ latitude: 91 }), "invalid_coordinates", "coordinates.latitude"],
        [widgetBody({ longitude: "east" }), "invalid_coordinates", "coordinates.longitude"],
        [widgetBody({ preferences: { language: "de" } }), "invalid_language", "preferences.language"],
        [widgetBody({ preferences: { height_units: "yd" } }), "invalid_height_units", "preferences.height_units"],
        [widgetBody({ vessel_info: { type: "raft", length_ft: 3 } }), "invalid_vessel_info", "vessel_info.type"],
        [widgetBody({ trip_duration_hours: 0 }), "invalid_trip_duration", "trip_duration_hours"],
        [widgetBody({ auto_refresh_hours: 5 }), "invalid_auto_refresh", "auto_refresh_hours"],
        [widgetBody({ webhook_url: "https://example.com" }), "invalid_request", "webhook_url"]
      ]
      for (const [body, code, param] of cases) {
        const r = yield* postJson(WIDGETS, JSON.parse(JSON.stringify(body)), key)
        assert.strictEqual(r.status, 400, JSON.stringify(body))
        assert.strictEqual(r.json.error.code, code, JSON.stringify(body))
        assert.strictEqual(r.json.error.param, param, JSON.stringify(body))
      }
      const badPut = yield* put(`${WIDGETS}/${(yield* createWidget(key)).id}`, { display_type: "tiny" }, key)
      assert.strictEqual(badPut.status, 400)
      assert.strictEqual(badPut.json.error.code, "invalid_display_type")
      // Only the valid widget above was charged.
      assert.strictEqual(yield* balance(key), 7)
    }))

  it.effect("every widget endpoint needs a key (401); a body that is not JSON is 400 invalid_json", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const w = yield* createWidget(key)
      for (const r of [
        yield* postJson(WIDGETS, widgetBody()),
        yield* get(WIDGETS),
        yield* get(`${WIDGETS}/${w.id}`),
        yield* TestServer.raw(HttpClientRequest.put(`${WIDGETS}/${w.id}`).pipe(HttpClientRequest.bodyUnsafeJson({}))),
        yield* TestServer.raw(HttpClientRequest.del(`${WIDGETS}/${w.id}`)),
        yield* postJson(`${WIDGETS}/${w.id}/refresh`, {})
      ]) {
        assert.strictEqual(r.status, 401)
        assert.strictEqual(r.json.error.code, "missing_api_key")
      }
      const bad = yield* postText(WIDGETS, "{not json", key)
      assert.strictEqual(bad.status, 400)
      assert.strictEqual(bad.json.error.code, "invalid_json")
      assert.strictEqual((yield* get(`${WIDGETS}/${w.id}`, key)).status, 200)
      assert.strictEqual(yield* balance(key), 7)
    }))

  it.effect("402 with the usual details, nothing charged or stored", () =>
    Effect.gen(function*() {
      const { key } = yield* account(2)
      const r = yield* postJson(WIDGETS, widgetBody({ num_days: 3 }), key)
      assert.strictEqual(r.status, 402)
      assert.deepStrictEqual(r.json.error, {
        code: "insufficient_balance",
        message: "This request costs 3 credits; the balance is 2",
        current_balance: 2,
        required_credits: 3,
        purchase_url: "https://spotcast.test/billing"
      })
      assert.deepStrictEqual((yield* get(WIDGETS, key)).json.data, [])
      assert.strictEqual(yield* balance(key), 2)
    }))

  it.effect("get, list with keyset pagination, and 404 widget_not_found for unknown or another account's", () =>
    Effect.gen(function*() {
      const { key } = yield* account(50)
      const other = yield* account(50)
      const made: Array<string> = []
      for (let i = 0; i < 5; i++) made.push((yield* createWidget(key, { num_days: 1, name: `W${i}` })).id)
      const theirs = yield* createWidget(other.key, { num_days: 1 })

      const one = yield* get(`${WIDGETS}/${made[0]}`, key)
      assert.strictEqual(one.status, 200)
      assert.strictEqual(one.json.name, "W0")

      const seen: Array<string> = []
      let cursor: string | null = null
      do {
        const page: any = yield* get(`${WIDGETS}?limit=2${cursor === null ? "" : `&after=${cursor}`}`, key)
        assert.strictEqual(page.status, 200)
        assert.isAtMost(page.json.data.length, 2)
        seen.push(...page.json.data.map((w: any) => w.id))
        cursor = page.json.has_more ? page.json.next_cursor : null
      } while (cursor !== null)
      assert.deepStrictEqual(seen, [...made].reverse())

      for (const path of [`${WIDGETS}/${theirs.id}`, `${WIDGETS}/wgt_nope`]) {
        const r = yield* get(path, key)
        assert.strictEqual(r.status, 404)
        assert.strictEqual(r.json.error.code, "widget_not_found")
        assert.strictEqual(r.json.error.param, "id")
      }
      for (const r of [
        yield* put(`${WIDGETS}/${theirs.id}`, { name: "mine" }, key),
        yield* del(`${WIDGETS}/${theirs.id}`, key),
        yield* postJson(`${WIDGETS}/${theirs.id}/refresh`, {}, key)
      ]) {
        assert.strictEqual(r.status, 404)
        assert.strictEqual(r.json.error.code, "widget_not_found")
      }
      assert.strictEqual((yield* get(`${WIDGETS}/${theirs.id}`, other.key)).json.name, "Harbour Marina")
      assert.strictEqual((yield* get(WIDGETS, other.key)).json.data.length, 1)
      const bad = yield* get(`${WIDGETS}?after=garbage`, key)
      assert.strictEqual(bad.json.error.code, "invalid_cursor")
    }))

  it.effect("update is free and takes effect at the next refresh, which charges num_days", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const w = yield* createWidget(key, { num_days: 2 })
      yield* awaitWidget(w.id, key)
      assert.strictEqual(yield* balance(key), 18)

      const u = yield* put(`${WIDGETS}/${w.id}`, { name: "New name", num_days: 4, display_type: "full", preferences: { speed_units: "mph" } }, key)
      assert.strictEqual(u.status, 200)
      assert.strictEqual(u.json.name, "New name")
      assert.strictEqual(u.json.num_days, 4)
      assert.strictEqual(u.json.display_type, "full")
      assert.deepStrictEqual(u.json.preferences, { language: "en", distance_units: "nm", speed_units: "mph", height_units: "ft", temperature_units: "f" })
      assert.strictEqual(u.json.latest_forecast.forecast_id, w.latest_forecast.forecast_id)
      assert.strictEqual(u.json.latest_forecast.ai_analysis.daily_classifications.length, 2)
      assert.strictEqual(u.json.embed.html.includes(`data-display="full"`), true)
      assert.strictEqual(yield* balance(key), 18)

      const r = yield* postJson(`${WIDGETS}/${w.id}/refresh`, {}, key)
      assert.strictEqual(r.status, 202)
      assert.notStrictEqual(r.json.latest_forecast.forecast_id, w.latest_forecast.forecast_id)
      assert.strictEqual(yield* balance(key), 14)
      const done = yield* awaitWidget(w.id, key)
      assert.strictEqual(done.latest_forecast.ai_analysis.daily_classifications.length, 4)
    }))

  it.effect("delete answers 204; the widget is gone for every endpoint; its ledger stays", () =>
    Effect.gen(function*() {
      const { account: acct, key } = yield* account(10)
      const w = yield* createWidget(key)
      const d = yield* del(`${WIDGETS}/${w.id}`, key)
      assert.strictEqual(d.status, 204)
      assert.strictEqual(d.text, "")
      assert.strictEqual((yield* get(`${WIDGETS}/${w.id}`, key)).status, 404)
      assert.strictEqual((yield* del(`${WIDGETS}/${w.id}`, key)).status, 404)
      assert.deepStrictEqual((yield* get(WIDGETS, key)).json.data, [])
      assert.strictEqual((yield* ledgerOf(acct.id)).filter((e) => e.widgetId === w.id).length, 1)
    }))

  it.effect("a failed widget forecast is refunded once, the refund naming the widget", () =>
    Effect.gen(function*() {
      const { account: acct, key } = yield* account(10)
      const w = yield* createWidget(key, { latitude: NO_WEATHER_LATITUDE, num_days: 3 })
      const done = yield* awaitWidget(w.id, key)
      assert.strictEqual(done.latest_forecast.status, "failed")
      assert.strictEqual(yield* balance(key), 10)
      // A failed forecast may be refreshed (the new one fails and is refunded too).
      const again = yield* postJson(`${WIDGETS}/${w.id}/refresh`, {}, key)
      assert.strictEqual(again.status, 202)
      yield* awaitWidget(w.id, key)
      assert.strictEqual(yield* balance(key), 10)
      const entries = (yield* ledgerOf(acct.id)).filter((e) => e.widgetId === w.id)
      assert.deepStrictEqual(entries.map((e) => e.kind).sort(), ["charge", "charge", "refund", "refund"])
      const refunds = entries.filter((e) => e.kind === "refund")
      assert.strictEqual(new Set(refunds.map((e) => e.refundOf)).size, 2)
    }))

  it.effect("Idempotency-Key: the same body replays the first 201 byte for byte, a different body is refused", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const headers = { "Idempotency-Key": "widget-1" }
      const first = yield* postJson(WIDGETS, widgetBody(), key, headers)
      assert.strictEqual(first.status, 201)
      yield* awaitWidget(first.json.id, key)
      yield* put(`${WIDGETS}/${first.json.id}`, { name: "Changed since" }, key)
      const replay = yield* postJson(WIDGETS, widgetBody(), key, headers)
      assert.strictEqual(replay.status, 201)
      assert.strictEqual(replay.text, first.text)
      assert.strictEqual(replay.headers["idempotent-replayed"], "true")
      assert.strictEqual(yield* balance(key), 7)
      const reused = yield* postJson(WIDGETS, widgetBody({ name: "Other" }), key, headers)
      assert.strictEqual(reused.status, 400)
      assert.strictEqual(reused.json.error.code, "idempotency_key_reused")
      // The same key on a SpotCast create is another request (its path differs).
      const spotcast = yield* postJson("/v3/spotcast", createBody(), key, headers)
      assert.strictEqual(spotcast.status, 400)
      assert.strictEqual((yield* get(WIDGETS, key)).json.data.length, 1)
    }))

  it.effect("the public embed page: no key, escaped name, badges as words, mini vs full, CSP, ETag/304, 404 once deleted", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const name = `<script>alert("x")</script> & "Bob's" <b>dock</b>`
      const w = yield* createWidget(key, { name, num_days: 2, display_type: "full" })
      const done = yield* awaitWidget(w.id, key)
      // Today's class depends on the daylight left when the forecast is made: the badges are checked
      // against the forecast's own classes, not a constant.
      const classes: Array<string> = done.latest_forecast.ai_analysis.daily_classifications.map((d: { classification: string }) => d.classification)
      assert.strictEqual(classes.length, 2)
      const page = yield* get(`/embed/widgets/${w.id}`)
      assert.strictEqual(page.status, 200)
      assert.include(page.headers["content-type"] ?? "", "text/html")
      assert.notInclude(page.text, "<script>alert")
      assert.include(page.text, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Bob&#39;s&quot; &lt;b&gt;dock&lt;/b&gt;")
      for (const c of ["GO", "CAUTION", "AVOID"]) {
        assert.strictEqual(page.text.split(`class="b ${c}">${c}<`).length - 1, classes.filter((x) => x === c).length, c)
      }
      assert.include(page.text, "Test analysis of 2 day(s)") // full shows the texts
      // and each day's hourly wind as an inline chart (issue 15): two days, two charts
      assert.strictEqual((page.text.match(/<svg class="c"[^>]*role="img"><title>Wind \d+–\d+ /g) ?? []).length, 2)
      // The weather double's data is simulated: the page says so and credits no one else for it.
      assert.notInclude(page.text, "Open-Meteo")
      assert.include(page.text, "Simulated weather (sandbox): not a real forecast.")
      assert.include(page.text, "Forecast made ")
      assert.include(page.text, "Times are local at the spot (UTC+00:00).")
      assert.notMatch(page.text, /acct_|sk_live|sk_test|spc_|metadata/)
      assert.notMatch(page.text, /<(script|link|img|iframe)[^>]+(src|href)=/)
      const csp = page.headers["content-security-policy"] ?? ""
      assert.include(csp, "default-src 'none'")
      assert.match(csp, /script-src 'sha256-[^']+'$|script-src 'sha256-[^']+';/)
      assert.notInclude(csp, "unsafe-inline")
      assert.strictEqual(page.headers["cache-control"], "public, max-age=60")
      const etag = page.headers["etag"]!
      assert.match(etag, /^"[^"]+"$/)
      const again = yield* TestServer.raw(HttpClientRequest.get(`/embed/widgets/${w.id}`).pipe(
        HttpClientRequest.setHeader("if-none-match", etag)
      ))
      assert.strictEqual(again.status, 304)
      assert.strictEqual(again.text, "")

      const mini = yield* get(`/embed/widgets/${w.id}?display=mini`)
      assert.strictEqual(mini.status, 200)
      assert.notInclude(mini.text, "Test analysis")
      for (const c of ["GO", "CAUTION", "AVOID"]) {
        assert.strictEqual(mini.text.split(`class="b ${c}">${c}<`).length - 1, classes.filter((x) => x === c).length, c)
      }
      assert.notStrictEqual(mini.headers["etag"], etag)
      assert.strictEqual((yield* get(`/embed/widgets/${w.id}?display=huge`)).status, 400)

      const script = yield* get("/embed/widget.js")
      assert.strictEqual(script.status, 200)
      assert.include(script.headers["content-type"] ?? "", "javascript")
      assert.include(script.text, "data-spotcast-widget")

      yield* del(`${WIDGETS}/${w.id}`, key)
      const gone = yield* get(`/embed/widgets/${w.id}`)
      assert.strictEqual(gone.status, 404)
      assert.include(gone.text, "does not exist")
      assert.strictEqual((yield* get("/embed/widgets/wgt_unknown")).status, 404)
    }))

  it.effect("the typed client covers the widget endpoints and decodes their errors", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const client = yield* TestServer.client(key)
      const made = yield* client.widgets.create({ payload: { ...widgetBody(), display_type: "full" }, headers: {} })
      assert.strictEqual(made.display_type, "full")
      const listed = yield* client.widgets.list({ urlParams: {} })
      assert.deepStrictEqual(listed.data.map((w) => w.id), [made.id])
      const updated = yield* client.widgets.update({ path: { id: made.id }, payload: { auto_refresh_hours: 24 } })
      assert.strictEqual(updated.auto_refresh_hours, 24)
      assert.isNotNull(updated.next_refresh_at)
      yield* client.widgets.delete({ path: { id: made.id } })
      const missing = yield* Effect.flip(client.widgets.get({ path: { id: made.id } }))
      assert.strictEqual(missing._tag, "WidgetNotFound")
    }))

  it.effect("no overdraft with widgets and SpotCasts created and refreshed concurrently", () =>
    Effect.gen(function*() {
      const { key } = yield* account(30)
      const answers = yield* Effect.all(
        Array.from({ length: 60 }, (_, i) =>
          i % 2 === 0
            ? postJson(WIDGETS, widgetBody({ num_days: 1 + (i % 3) }), key)
            : postJson("/v3/spotcast", createBody({ num_days: 2 }), key)),
        { concurrency: "unbounded" }
      )
      const spent = answers.reduce(
        (sum, r, i) =>
          sum + (r.status === 201 ? 1 + (i % 3) : r.status === 202 ? 2 : 0),
        0
      )
      for (const r of answers) assert.include([201, 202, 402], r.status)
      const left = yield* balance(key)
      assert.isAtLeast(left, 0)
      assert.strictEqual(left, 30 - spent)
      assert.isBelow(left, 3)
    }))
})

layer(TestServer.layer({ workers: false }), { excludeTestServices: true })("widgets without workers", (it) => {
  it.effect("refresh answers 409 forecast_in_progress while the newest forecast is unfinished, charging nothing", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const w = yield* createWidget(key, { num_days: 2 })
      const r = yield* postJson(`${WIDGETS}/${w.id}/refresh`, {}, key)
      assert.strictEqual(r.status, 409)
      assert.strictEqual(r.json.error.code, "forecast_in_progress")
      assert.strictEqual(r.json.error.widget_id, w.id)
      assert.strictEqual(r.json.error.forecast_id, w.latest_forecast.forecast_id)
      assert.strictEqual(yield* balance(key), 8)
    }))
})
