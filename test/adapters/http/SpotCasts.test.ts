import { assert, layer } from "@effect/vitest"
import { DateTime, Effect, Schema } from "effect"
import { SpotCastAccepted } from "../../../src/adapters/http/contract/SpotCastAccepted.js"
import { SpotCastList, SpotCastResource } from "../../../src/adapters/http/contract/SpotCastResource.js"
import { ForecastInProgress } from "../../../src/domain/forecast/Forecast.js"
import { account, awaitFinished, createBody, createSpotCast, get, ISO_UTC, postJson, postText, today } from "./support/Fixtures.js"
import { NO_WEATHER_LATITUDE } from "./support/TestDoubles.js"
import * as TestServer from "./support/TestServer.js"

const BASE = "https://spotcast.test/v3"
const SPC = /^spc_[0-9A-Za-z]{22}$/
const FCST = /^fcst_[0-9A-Za-z]{22}$/

const keys = (o: object) => Object.keys(o).sort()

/** GET /v3/spotcast/{id} is serialized without HttpApi's encoding pass: the body must be what that pass would give. */
const assertEncodedForm = (json: unknown) =>
  assert.deepStrictEqual(Schema.encodeSync(SpotCastResource)(Schema.decodeUnknownSync(SpotCastResource)(json)), json)

const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

layer(TestServer.layer(), { excludeTestServices: true })("SpotCast endpoints", (it) => {
  it.effect("create answers 202 with the first forecast, the charge and the links", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const api = yield* TestServer.client(key)
      const [body, response] = yield* api.spotcasts.create({
        payload: { latitude: 41.13, longitude: -71.71, start_date: DateTime.unsafeMake(today()), num_days: 3 },
        headers: {},
        withResponse: true
      })
      assert.strictEqual(response.status, 202)
      assert.deepStrictEqual(keys(body), [
        "created_at",
        "credits_charged",
        "credits_remaining",
        "estimated_completion_seconds",
        "forecast_id",
        "id",
        "links",
        "status"
      ])
      assert.match(body.id, SPC)
      assert.match(body.forecast_id, FCST)
      assert.strictEqual(body.status, "processing")
      assert.match(body.created_at, ISO_UTC)
      assert.strictEqual(body.credits_charged, 3)
      assert.strictEqual(body.credits_remaining, 17)
      assert.isTrue(Number.isInteger(body.estimated_completion_seconds) && body.estimated_completion_seconds >= 1)
      assert.deepStrictEqual(body.links, {
        self: `${BASE}/spotcast/${body.id}`,
        forecast: `${BASE}/spotcast/${body.id}/forecast/${body.forecast_id}`,
        status: `${BASE}/spotcast/${body.id}/status`
      })
    }))

  it.effect("create's 202 is serialized without HttpApi's encoding pass: its bytes are SpotCastAccepted's encoding", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const { headers, json, status, text } = yield* postJson("/v3/spotcast", createBody(), key)
      assert.strictEqual(status, 202)
      assert.strictEqual(headers["content-type"], "application/json")
      assert.strictEqual(text, JSON.stringify(Schema.encodeSync(SpotCastAccepted)(Schema.decodeUnknownSync(SpotCastAccepted)(json))))
    }))

  it.effect("a completed SpotCast has every contract field, metadata echoed exactly as sent", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const metadata = { trip: "Block Island", crew: [1, 2.5, "three"], nested: { a: null, b: { c: true } }, "ü ✓": "" }
      const created = yield* createSpotCast(key, { num_days: 2, metadata, trip_duration_hours: 6 })
      yield* awaitFinished(created.id, key)
      const { json, status } = yield* get(`/v3/spotcast/${created.id}`, key)
      assert.strictEqual(status, 200)
      assertEncodedForm(json)
      assert.deepStrictEqual(keys(json), [
        "coordinates",
        "created_at",
        "forecast_count",
        "forecast_period",
        "id",
        "latest_forecast",
        "metadata",
        "status",
        "trip_duration_hours"
      ])
      assert.strictEqual(json.id, created.id)
      assert.strictEqual(json.status, "completed")
      assert.strictEqual(json.created_at, created.created_at)
      assert.deepStrictEqual(json.coordinates, { latitude: 41.13, longitude: -71.71 })
      assert.deepStrictEqual(json.forecast_period, {
        start_date: `${today()}T00:00:00.000Z`,
        end_date: `${dayAfter(today(), 1)}T23:59:59.000Z`,
        num_days: 2
      })
      assert.strictEqual(json.trip_duration_hours, 6)
      assert.strictEqual(json.forecast_count, 1)
      assert.deepStrictEqual(json.metadata, metadata)
      const latest = json.latest_forecast
      assert.deepStrictEqual(keys(latest), ["ai_analysis", "completed_at", "created_at", "forecast_id", "status"])
      assert.strictEqual(latest.forecast_id, created.forecast_id)
      assert.strictEqual(latest.status, "completed")
      assert.match(latest.completed_at, ISO_UTC)
      assert.isString(latest.ai_analysis.summary)
      assert.deepStrictEqual(
        latest.ai_analysis.daily_classifications.map((d: any) => d.date),
        [today(), dayAfter(today(), 1)]
      )
      for (const day of latest.ai_analysis.daily_classifications) {
        // The contract's three fields, and issue 15's optional additions (test/adapters/http/contract/ForecastAdditions.test.ts).
        assert.deepStrictEqual(keys(day).filter((k) => ["classification", "date", "summary"].includes(k)), ["classification", "date", "summary"])
        assert.includeMembers(["conditions", "deciding_factors", "hourly", "sunrise", "sunset", "tides", "window"], keys(day).filter((k) => !["classification", "date", "summary"].includes(k)))
        assert.include(["GO", "CAUTION", "AVOID"], day.classification)
      }
    }))

  it.effect("optional fields are absent when not supplied", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const created = yield* createSpotCast(key)
      const { json } = yield* get(`/v3/spotcast/${created.id}`, key)
      assertEncodedForm(json)
      assert.isFalse("metadata" in json)
      assert.isFalse("trip_duration_hours" in json)
    }))

  it.effect("status of a completed forecast: completed_at and progress completed/100", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const created = yield* createSpotCast(key)
      const { json } = yield* awaitFinished(created.id, key)
      assert.deepStrictEqual(keys(json), ["completed_at", "created_at", "forecast_id", "id", "progress", "status"])
      assert.strictEqual(json.id, created.id)
      assert.strictEqual(json.forecast_id, created.forecast_id)
      assert.strictEqual(json.created_at, created.created_at)
      assert.strictEqual(json.status, "completed")
      assert.match(json.completed_at, ISO_UTC)
      assert.deepStrictEqual(json.progress, { stage: "completed", percentage: 100 })
    }))

  it.effect("a forecast without weather fails, says why everywhere, and is refunded", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const created = yield* createSpotCast(key, { latitude: NO_WEATHER_LATITUDE, num_days: 3 })
      const status = (yield* awaitFinished(created.id, key)).json
      assert.deepStrictEqual(keys(status), ["created_at", "error", "forecast_id", "id", "progress", "status"])
      assert.strictEqual(status.status, "failed")
      assert.strictEqual(status.error.code, "weather_data_unavailable")
      assert.isString(status.error.message)
      assert.deepStrictEqual(status.progress, { stage: "fetching_weather", percentage: 25 })

      const spotcast = (yield* get(`/v3/spotcast/${created.id}`, key)).json
      assert.strictEqual(spotcast.status, "failed")
      assert.deepStrictEqual(keys(spotcast.latest_forecast), ["created_at", "error", "forecast_id", "progress", "status"])
      assert.strictEqual(spotcast.latest_forecast.error, status.error.message)

      const forecast = (yield* get(`/v3/spotcast/${created.id}/forecast/${created.forecast_id}`, key)).json
      assert.deepStrictEqual(keys(forecast), [
        "created_at",
        "error",
        "forecast_id",
        "forecast_period",
        "progress",
        "spotcast_id",
        "status"
      ])
      assert.strictEqual(forecast.error, status.error.message)

      const balance = (yield* get("/v3/account/balance", key)).json
      assert.strictEqual(balance.credit_balance, 10)
      assert.strictEqual(balance.total_credits_used, 0)
    }))

  it.effect("refresh makes a new forecast; history and single forecasts show both", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const api = yield* TestServer.client(key, "x-api-key")
      const created = yield* createSpotCast(key, { num_days: 4 })
      yield* awaitFinished(created.id, key)
      const refreshed = yield* api.spotcasts.refresh({ path: { id: created.id }, payload: {}, headers: {} })
      assert.strictEqual(refreshed.id, created.id)
      assert.notStrictEqual(refreshed.forecast_id, created.forecast_id)
      assert.strictEqual(refreshed.status, "processing")
      assert.strictEqual(refreshed.credits_charged, 4)
      assert.strictEqual(refreshed.credits_remaining, 12)
      assert.deepStrictEqual(refreshed.links, {
        self: `${BASE}/spotcast/${created.id}`,
        forecast: `${BASE}/spotcast/${created.id}/forecast/${refreshed.forecast_id}`,
        status: `${BASE}/spotcast/${created.id}/status`
      })
      yield* awaitFinished(created.id, key)

      const spotcast = yield* api.spotcasts.get({ path: { id: created.id } })
      assert.strictEqual(spotcast.forecast_count, 2)
      assert.strictEqual(spotcast.latest_forecast.forecast_id, refreshed.forecast_id)

      const history = yield* api.spotcasts.forecasts({ path: { id: created.id }, urlParams: {} })
      assert.deepStrictEqual(keys(history), ["data", "has_more", "next_cursor", "spotcast_id"])
      assert.strictEqual(history.spotcast_id, created.id)
      assert.deepStrictEqual(history.data.map((f) => f.forecast_id), [refreshed.forecast_id, created.forecast_id])
      for (const item of history.data) {
        assert.deepStrictEqual(keys(item), ["completed_at", "created_at", "forecast_id", "status"])
        assert.strictEqual(item.status, "completed")
      }
      assert.isFalse(history.has_more)
      assert.isNull(history.next_cursor)

      const first = (yield* get(`/v3/spotcast/${created.id}/forecast/${created.forecast_id}`, key)).json
      assert.deepStrictEqual(keys(first), [
        "ai_analysis",
        "completed_at",
        "created_at",
        "forecast_id",
        "forecast_period",
        "spotcast_id",
        "status"
      ])
      assert.strictEqual(first.spotcast_id, created.id)
      assert.deepStrictEqual(first.forecast_period, {
        start_date: `${today()}T00:00:00.000Z`,
        end_date: `${dayAfter(today(), 3)}T23:59:59.000Z`,
        num_days: 4
      })
      assert.strictEqual(first.ai_analysis.daily_classifications.length, 4)
    }))

  it.effect("refresh takes no body, an empty body, {} or {webhook_url}", () =>
    Effect.gen(function*() {
      const { key } = yield* account(40)
      const created = yield* createSpotCast(key)
      const bodies = [
        () => postText(`/v3/spotcast/${created.id}/refresh`, "", key),
        () => postJson(`/v3/spotcast/${created.id}/refresh`, {}, key),
        () => postJson(`/v3/spotcast/${created.id}/refresh`, { webhook_url: "https://hooks.example.com/spotcast" }, key)
      ]
      for (const send of bodies) {
        yield* awaitFinished(created.id, key)
        const r = yield* send()
        assert.strictEqual(r.status, 202, r.text)
      }
      yield* awaitFinished(created.id, key)
      const { json } = yield* get(`/v3/spotcast/${created.id}`, key)
      assert.strictEqual(json.forecast_count, 4)
    }))

  it.effect("forecast history pages with limit and after, newest first", () =>
    Effect.gen(function*() {
      const { key } = yield* account(40)
      const created = yield* createSpotCast(key)
      const ids = [created.forecast_id]
      for (let i = 0; i < 3; i++) {
        yield* awaitFinished(created.id, key)
        ids.push((yield* postJson(`/v3/spotcast/${created.id}/refresh`, {}, key)).json.forecast_id)
      }
      const seen: Array<string> = []
      let after: string | undefined
      for (let page = 0; page < 5; page++) {
        const query = after === undefined ? "limit=3" : `limit=3&after=${encodeURIComponent(after)}`
        const { json, status } = yield* get(`/v3/spotcast/${created.id}/forecasts?${query}`, key)
        assert.strictEqual(status, 200)
        seen.push(...json.data.map((f: any) => f.forecast_id))
        if (!json.has_more) {
          assert.isNull(json.next_cursor)
          break
        }
        assert.isString(json.next_cursor)
        after = json.next_cursor
      }
      assert.deepStrictEqual(seen, [...ids].reverse())
    }))

  it.effect("the SpotCast list: exact items, newest first, default 20, every item once across pages", () =>
    Effect.gen(function*() {
      const { key } = yield* account(100)
      const api = yield* TestServer.client(key)
      const made: Array<string> = []
      // Along 40° W, open Atlantic at every latitude from 30° to 52° N.
      for (let i = 0; i < 23; i++) made.push((yield* createSpotCast(key, { latitude: 30 + i, longitude: -40 })).id)
      const first = yield* api.spotcasts.list({ urlParams: {} })
      assert.strictEqual(first.data.length, 20)
      assert.isTrue(first.has_more)
      const item = first.data[0]!
      assert.deepStrictEqual(keys(item), ["coordinates", "created_at", "id", "latest_forecast", "status"])
      assert.deepStrictEqual(keys(item.latest_forecast), ["forecast_id", "status"])
      assert.deepStrictEqual(item.coordinates, { latitude: 52, longitude: -40 })
      // Serialized without HttpApi's encoding pass: the body must be what that pass would give.
      const { json } = yield* get("/v3/spotcasts?limit=3", key)
      assert.deepStrictEqual(Schema.encodeSync(SpotCastList)(Schema.decodeUnknownSync(SpotCastList)(json)), json)
      assert.deepStrictEqual(json.data.map((s: { id: string }) => s.id), first.data.slice(0, 3).map((s) => s.id))

      const seen: Array<string> = []
      let after: string | undefined
      for (;;) {
        const page = yield* api.spotcasts.list({ urlParams: after === undefined ? { limit: 7 } : { limit: 7, after } })
        seen.push(...page.data.map((s) => s.id))
        if (page.next_cursor === null) break
        after = page.next_cursor
      }
      assert.deepStrictEqual(seen, [...made].reverse())
    }))

  it.effect("another create body style: a full timestamp start and every optional input", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const r = yield* postJson("/v3/spotcast", {
        ...createBody({ start_date: `${today()}T06:30:00+02:00`, num_days: 1 }),
        webhook_url: "https://hooks.example.com/x",
        preferences: { language: "ja", distance_units: "km", speed_units: "ms" },
        vessel_info: { type: "pwc", length_ft: 11.5 },
        trip_duration_hours: 120
      }, key)
      assert.strictEqual(r.status, 202, r.text)
      assert.strictEqual(r.json.credits_charged, 2)
      const { json } = yield* get(`/v3/spotcast/${r.json.id}`, key)
      assert.strictEqual(json.forecast_period.start_date, `${today()}T04:30:00.000Z`)
    }))
})

layer(TestServer.layer({ workers: false }), { excludeTestServices: true })("SpotCasts while processing", (it) => {
  it.effect("an unfinished forecast shows its progress everywhere", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const created = yield* createSpotCast(key)
      const spotcast = (yield* get(`/v3/spotcast/${created.id}`, key)).json
      assert.strictEqual(spotcast.status, "processing")
      assert.deepStrictEqual(spotcast.latest_forecast, {
        forecast_id: created.forecast_id,
        status: "processing",
        created_at: created.created_at,
        progress: { stage: "pending", percentage: 0 }
      })
      const status = (yield* get(`/v3/spotcast/${created.id}/status`, key)).json
      assert.deepStrictEqual(status, {
        id: created.id,
        forecast_id: created.forecast_id,
        created_at: created.created_at,
        status: "processing",
        progress: { stage: "pending", percentage: 0 }
      })
      const forecast = (yield* get(`/v3/spotcast/${created.id}/forecast/${created.forecast_id}`, key)).json
      assert.deepStrictEqual(forecast, {
        forecast_id: created.forecast_id,
        spotcast_id: created.id,
        created_at: created.created_at,
        forecast_period: {
          start_date: `${today()}T00:00:00.000Z`,
          end_date: `${dayAfter(today(), 1)}T23:59:59.000Z`,
          num_days: 2
        },
        status: "processing",
        progress: { stage: "pending", percentage: 0 }
      })
      const history = (yield* get(`/v3/spotcast/${created.id}/forecasts`, key)).json
      assert.deepStrictEqual(history.data, [
        { forecast_id: created.forecast_id, status: "processing", created_at: created.created_at }
      ])
    }))

  it.effect("refresh while the newest forecast is unfinished is 409 forecast_in_progress and charges nothing", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const created = yield* createSpotCast(key)
      const r = yield* postJson(`/v3/spotcast/${created.id}/refresh`, {}, key)
      assert.strictEqual(r.status, 409)
      assert.deepStrictEqual(r.json, {
        error: {
          code: "forecast_in_progress",
          message: `Forecast ${created.forecast_id} of this SpotCast is still in progress; refresh once it has finished`,
          spotcast_id: created.id,
          forecast_id: created.forecast_id
        }
      })
      const api = yield* TestServer.client(key)
      const error = yield* Effect.flip(api.spotcasts.refresh({ path: { id: created.id }, payload: {}, headers: {} }))
      assert.instanceOf(error, ForecastInProgress)
      assert.strictEqual((error as ForecastInProgress).forecastId, created.forecast_id)
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 18)
    }))
})
