import { assert, layer } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import { IdempotencyKeyReused } from "../../../src/domain/billing/Idempotency.js"
import { account, awaitFinished, createBody, createSpotCast, get, postJson, postText } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

layer(TestServer.layer(), { excludeTestServices: true })("Idempotency-Key", (it) => {
  it.effect("a create replay answers the same status and bytes, says so, and charges once", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const body = createBody({ metadata: { order: 1 } })
      const first = yield* postJson("/v3/spotcast", body, key, { "idempotency-key": "order-1" })
      assert.strictEqual(first.status, 202)
      assert.isUndefined(first.headers["idempotent-replayed"])
      yield* awaitFinished(first.json.id, key)

      const reordered = `{ "num_days": 2, "metadata": {"order": 1}, "start_date": "${body.start_date}",
        "longitude": -71.71, "latitude": 41.13 }`
      for (const send of [() => postJson("/v3/spotcast", body, key, { "idempotency-key": "order-1" }),
        () => postText("/v3/spotcast", reordered, key, { "idempotency-key": "order-1" })])
      {
        const replay = yield* send()
        assert.strictEqual(replay.status, 202)
        assert.strictEqual(replay.text, first.text)
        assert.strictEqual(replay.headers["idempotent-replayed"], "true")
      }
      const balance = (yield* get("/v3/account/balance", key)).json
      assert.strictEqual(balance.credit_balance, 18)
      assert.strictEqual((yield* get("/v3/spotcasts", key)).json.data.length, 1)
    }))

  it.effect("the same key with another body, or on another endpoint, is 400 idempotency_key_reused", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const first = yield* postJson("/v3/spotcast", createBody(), key, { "idempotency-key": "k1" })
      assert.strictEqual(first.status, 202)
      const reused = {
        error: {
          code: "idempotency_key_reused",
          message: "This Idempotency-Key was already used with a different request",
          param: "Idempotency-Key"
        }
      }
      const changed = yield* postJson("/v3/spotcast", createBody({ num_days: 3 }), key, { "idempotency-key": "k1" })
      assert.strictEqual(changed.status, 400)
      assert.deepStrictEqual(changed.json, reused)
      yield* awaitFinished(first.json.id, key)
      const elsewhere = yield* postJson(`/v3/spotcast/${first.json.id}/refresh`, {}, key, { "idempotency-key": "k1" })
      assert.strictEqual(elsewhere.status, 400)
      assert.deepStrictEqual(elsewhere.json, reused)

      const api = yield* TestServer.client(key)
      const error = yield* Effect.flip(api.spotcasts.create({
        payload: { latitude: 1, longitude: 1, start_date: DateTime.unsafeMake(createBody().start_date), num_days: 1 },
        headers: { "idempotency-key": "k1" }
      }))
      assert.instanceOf(error, IdempotencyKeyReused)
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 18)
    }))

  it.effect("the fingerprint is of the body as sent: the same instant written another way is another request", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const body = createBody()
      const first = yield* postJson("/v3/spotcast", body, key, { "idempotency-key": "as-sent" })
      assert.strictEqual(first.status, 202)
      const same = yield* postJson("/v3/spotcast", body, key, { "idempotency-key": "as-sent" })
      assert.strictEqual(same.headers["idempotent-replayed"], "true")
      const rewritten = { ...body, start_date: `${body.start_date}T00:00:00Z` }
      const other = yield* postJson("/v3/spotcast", rewritten, key, { "idempotency-key": "as-sent" })
      assert.strictEqual(other.status, 400)
      assert.strictEqual(other.json.error.code, "idempotency_key_reused")
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 18)
    }))

  it.effect("keys belong to their account", () =>
    Effect.gen(function*() {
      const a = yield* account(10)
      const b = yield* account(10)
      const ra = yield* postJson("/v3/spotcast", createBody(), a.key, { "idempotency-key": "shared" })
      const rb = yield* postJson("/v3/spotcast", createBody({ num_days: 3 }), b.key, { "idempotency-key": "shared" })
      assert.strictEqual(ra.status, 202)
      assert.strictEqual(rb.status, 202)
      assert.notStrictEqual(ra.json.id, rb.json.id)
    }))

  it.effect("refresh: no body and {} are the same request; its replay is byte-identical and charged once", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const created = yield* createSpotCast(key)
      yield* awaitFinished(created.id, key)
      const first = yield* postText(`/v3/spotcast/${created.id}/refresh`, "", key, { "idempotency-key": "r1" })
      assert.strictEqual(first.status, 202)
      yield* awaitFinished(created.id, key)
      const replay = yield* postJson(`/v3/spotcast/${created.id}/refresh`, {}, key, { "idempotency-key": "r1" })
      assert.strictEqual(replay.status, 202)
      assert.strictEqual(replay.text, first.text)
      assert.strictEqual(replay.headers["idempotent-replayed"], "true")
      assert.strictEqual((yield* get(`/v3/spotcast/${created.id}`, key)).json.forecast_count, 2)
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 16)
    }))

  it.effect("concurrent requests with one key take effect once and all answer the same", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const body = createBody()
      const answers = yield* Effect.all(
        Array.from({ length: 25 }, () => postJson("/v3/spotcast", body, key, { "idempotency-key": "burst" })),
        { concurrency: "unbounded" }
      )
      for (const r of answers) {
        assert.strictEqual(r.status, 202)
        assert.strictEqual(r.text, answers[0]!.text)
      }
      assert.strictEqual(answers.filter((r) => r.headers["idempotent-replayed"] === undefined).length, 1)
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 18)
    }))
})
