import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { account, awaitFinished, createSpotCast, get, postJson } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

/** The body with the requested id blanked out: another account's id and a missing one must read the same. */
const shape = (text: string, id: string) => text.split(id).join("<id>")

layer(TestServer.layer(), { excludeTestServices: true })("tenant isolation", (it) => {
  it.effect("a second account gets exactly the answers of a missing SpotCast for everything of the first", () =>
    Effect.gen(function*() {
      const owner = yield* account(20)
      const other = yield* account(20)
      const theirs = yield* createSpotCast(owner.key)
      yield* awaitFinished(theirs.id, owner.key)
      const missing = "spc_0000000000000000000zzz"
      const mine = yield* createSpotCast(other.key)

      const reads = (id: string, forecastId: string) => [
        get(`/v3/spotcast/${id}`, other.key),
        get(`/v3/spotcast/${id}/status`, other.key),
        get(`/v3/spotcast/${id}/forecasts`, other.key),
        get(`/v3/spotcast/${id}/forecast/${forecastId}`, other.key),
        postJson(`/v3/spotcast/${id}/refresh`, {}, other.key)
      ]
      const foreign = yield* Effect.all(reads(theirs.id, theirs.forecast_id))
      const absent = yield* Effect.all(reads(missing, "fcst_0000000000000000000zzz"))
      for (const [i, r] of foreign.entries()) {
        assert.strictEqual(r.status, 404, r.text)
        assert.strictEqual(r.status, absent[i]!.status)
        const expected = shape(shape(absent[i]!.text, missing), "fcst_0000000000000000000zzz")
        assert.strictEqual(shape(shape(r.text, theirs.id), theirs.forecast_id), expected)
        assert.deepStrictEqual(Object.keys(r.headers).sort(), Object.keys(absent[i]!.headers).sort())
      }

      const ownForecastPath = yield* get(`/v3/spotcast/${mine.id}/forecast/${theirs.forecast_id}`, other.key)
      assert.strictEqual(ownForecastPath.status, 404)
      assert.strictEqual(ownForecastPath.json.error.code, "forecast_not_found")

      const list = (yield* get("/v3/spotcasts", other.key)).json
      assert.deepStrictEqual(list.data.map((s: any) => s.id), [mine.id])

      assert.strictEqual((yield* get("/v3/account/balance", other.key)).json.credit_balance, 18)
      assert.strictEqual((yield* get("/v3/account/balance", owner.key)).json.credit_balance, 18)
      const ownerView = (yield* get(`/v3/spotcast/${theirs.id}`, owner.key)).json
      assert.strictEqual(ownerView.forecast_count, 1)
    }))

  it.effect("a cursor of one account is refused for another", () =>
    Effect.gen(function*() {
      const owner = yield* account(20)
      const other = yield* account(20)
      yield* createSpotCast(owner.key)
      yield* createSpotCast(owner.key)
      const page = (yield* get("/v3/spotcasts?limit=1", owner.key)).json
      assert.isString(page.next_cursor)
      const r = yield* get(`/v3/spotcasts?limit=1&after=${page.next_cursor}`, other.key)
      assert.strictEqual(r.status, 400)
      assert.strictEqual(r.json.error.code, "invalid_cursor")
    }))
})
