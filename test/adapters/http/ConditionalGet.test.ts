import { HttpClientRequest } from "@effect/platform"
import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { CACHE_CONTROL, entityTag, noneMatch } from "../../../src/adapters/http/ConditionalGet.js"
import { account, authed, awaitFinished, createSpotCast, get, postJson } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

const STRONG = /^"[A-Za-z0-9_-]{22}"$/

const conditional = (path: string, key: string, ifNoneMatch: string) =>
  TestServer.rawText(HttpClientRequest.get(path).pipe(authed(key), HttpClientRequest.setHeader("if-none-match", ifNoneMatch)))

describe("If-None-Match", () => {
  it("matches the tag in a list, with or without W/, and * matches anything", () => {
    const tag = entityTag(new TextEncoder().encode("{\"a\":1}"))
    assert.match(tag, STRONG)
    assert.isTrue(noneMatch(tag, tag))
    assert.isTrue(noneMatch(`"x", W/${tag}`, tag))
    assert.isTrue(noneMatch(` * `, tag))
    assert.isFalse(noneMatch(undefined, tag))
    assert.isFalse(noneMatch(`"x", "y"`, tag))
    assert.isFalse(noneMatch(tag.slice(0, -2) + "\"", tag))
    assert.notStrictEqual(entityTag(new TextEncoder().encode("{\"a\":2}")), tag)
  })
})

/** GETs `path`, checks the tag and cache headers, then checks that the tag gets a bodiless 304 and another tag the 200. */
const revalidates = (path: string, key: string) =>
  Effect.gen(function*() {
    const first = yield* get(path, key)
    assert.strictEqual(first.status, 200, first.text)
    const etag = first.headers["etag"]!
    assert.match(etag, STRONG)
    assert.strictEqual(first.headers["cache-control"], CACHE_CONTROL)
    const same = yield* conditional(path, key, etag)
    assert.strictEqual(same.status, 304)
    assert.strictEqual(same.text, "")
    assert.strictEqual(same.headers["etag"], etag)
    assert.strictEqual(same.headers["cache-control"], CACHE_CONTROL)
    assert.isDefined(same.headers["x-ratelimit-limit"], "a 304 still reports the rate window")
    const other = yield* conditional(path, key, "\"not-this-one\"")
    assert.strictEqual(other.status, 200)
    assert.strictEqual(other.text, first.text)
    assert.strictEqual(other.headers["etag"], etag)
    return { etag, json: first.json }
  })

layer(TestServer.layer(), { excludeTestServices: true })("conditional reads", (it) => {
  it.effect("SpotCast, status and forecast: a strong ETag, 304 without a body on a match, a new tag when the SpotCast changes", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const created = yield* createSpotCast(key, { num_days: 2 })
      yield* awaitFinished(created.id, key)
      const spotcast = yield* revalidates(`/v3/spotcast/${created.id}`, key)
      const status = yield* revalidates(`/v3/spotcast/${created.id}/status`, key)
      const forecast = yield* revalidates(`/v3/spotcast/${created.id}/forecast/${created.forecast_id}`, key)
      assert.strictEqual(spotcast.json.status, "completed")
      assert.strictEqual(status.json.status, "completed")
      assert.strictEqual(forecast.json.forecast_id, created.forecast_id)
      // A new forecast changes the SpotCast and its status: the old tags no longer match.
      const refreshed = yield* postJson(`/v3/spotcast/${created.id}/refresh`, {}, key)
      assert.strictEqual(refreshed.status, 202, refreshed.text)
      const after = yield* conditional(`/v3/spotcast/${created.id}`, key, spotcast.etag)
      assert.strictEqual(after.status, 200)
      assert.notStrictEqual(after.headers["etag"], spotcast.etag)
      const statusAfter = yield* conditional(`/v3/spotcast/${created.id}/status`, key, status.etag)
      assert.strictEqual(statusAfter.status, 200)
      assert.strictEqual(JSON.parse(statusAfter.text).forecast_id, refreshed.json.forecast_id)
      // The first forecast itself has not changed.
      const old = yield* conditional(`/v3/spotcast/${created.id}/forecast/${created.forecast_id}`, key, forecast.etag)
      assert.strictEqual(old.status, 304)
      yield* awaitFinished(created.id, key)
    }))

  it.effect("a tag from another account's SpotCast still gets the 404, never a 304", () =>
    Effect.gen(function*() {
      const owner = yield* account(20)
      const stranger = yield* account(20)
      const created = yield* createSpotCast(owner.key, { num_days: 2 })
      yield* awaitFinished(created.id, owner.key)
      const { etag } = yield* revalidates(`/v3/spotcast/${created.id}`, owner.key)
      const probe = yield* conditional(`/v3/spotcast/${created.id}`, stranger.key, etag)
      assert.strictEqual(probe.status, 404)
      const wildcard = yield* conditional(`/v3/spotcast/${created.id}/status`, stranger.key, "*")
      assert.strictEqual(wildcard.status, 404)
    }))

  it.effect("the OpenAPI document declares If-None-Match, the ETag and Cache-Control headers and the 304 on each", () =>
    Effect.gen(function*() {
      const spec = (yield* get("/v3/openapi.json")).json
      const conditionalReads = [
        "/v3/spotcast/{id}",
        "/v3/spotcast/{id}/status",
        "/v3/spotcast/{id}/forecast/{forecast_id}",
        "/v3/spotcast/widgets/{id}",
        "/v3/route/{id}",
        "/v3/route/{id}/status",
        "/v3/route/{id}/forecast/{forecast_id}"
      ]
      for (const path of conditionalReads) {
        const op = spec.paths[path].get
        assert.isTrue(op.parameters.some((p: any) => p.name === "If-None-Match" && p.in === "header"), path)
        for (const status of ["200", "304"]) {
          assert.containsAllKeys(op.responses[status].headers, ["ETag", "Cache-Control", "X-RateLimit-Limit"], `${path} ${status}`)
        }
        assert.isUndefined(op.responses["304"].content, `${path}: a 304 has no body`)
      }
      // Other reads are not conditional.
      assert.isUndefined(spec.paths["/v3/spotcasts"].get.responses["304"])
    }))

  it.effect("widget and route reads revalidate the same way", () =>
    Effect.gen(function*() {
      const { key } = yield* account(40)
      const widget = yield* postJson("/v3/spotcast/widgets", {
        name: "Harbour Marina",
        latitude: 41.13,
        longitude: -71.71,
        num_days: 2,
        display_type: "mini"
      }, key)
      assert.strictEqual(widget.status, 201, widget.text)
      // Revalidate once the forecast has finished: while it runs, each read may rightly show a new stage.
      yield* get(`/v3/spotcast/widgets/${widget.json.id}`, key).pipe(
        Effect.filterOrFail((r) => ["completed", "failed"].includes(r.json?.latest_forecast?.status), () => "unfinished"),
        Effect.retry({ schedule: Schedule.spaced("20 millis"), times: 3000 }),
        Effect.orDie
      )
      yield* revalidates(`/v3/spotcast/widgets/${widget.json.id}`, key)
      const departure = new Date(Date.now() + 86_400_000)
      departure.setUTCHours(13, 0, 0, 0)
      const route = yield* postJson("/v3/route", {
        waypoints: [{ latitude: 41.49, longitude: -71.31 }, { latitude: 41.17, longitude: -71.58 }],
        departure_time: departure.toISOString(),
        speed_kts: 6
      }, key)
      assert.strictEqual(route.status, 202, route.text)
      yield* get(`/v3/route/${route.json.id}/status`, key).pipe(
        Effect.filterOrFail((r) => r.json?.status === "completed" || r.json?.status === "failed", () => "unfinished"),
        Effect.retry({ schedule: Schedule.spaced("20 millis"), times: 3000 }),
        Effect.orDie
      )
      yield* revalidates(`/v3/route/${route.json.id}`, key)
      yield* revalidates(`/v3/route/${route.json.id}/status`, key)
      yield* revalidates(`/v3/route/${route.json.id}/forecast/${route.json.forecast_id}`, key)
    }))
})
