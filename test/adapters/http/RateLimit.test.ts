import { HttpClientRequest } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Clock, Effect } from "effect"
import { MemoryDatabase } from "../../../src/adapters/memory/MemoryDatabase.js"
import type { AccountId } from "../../../src/domain/Ids.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { RateLimitExceeded } from "../../../src/adapters/http/contract/EdgeErrors.js"
import { account, createBody, get, postJson, postText } from "./support/Fixtures.js"
import { DEFECT_ID } from "./support/TestDoubles.js"
import * as TestServer from "./support/TestServer.js"

const LIMIT = 5

/** Windows are aligned to the minute: start a counting test early in one, never across its end. */
const freshWindow = Effect.gen(function*() {
  const now = yield* Clock.currentTimeMillis
  const left = 60_000 - (now % 60_000)
  if (left < 5_000) yield* Effect.sleep(left + 50)
})

const limitHeaders = (headers: Record<string, string>) => ({
  limit: headers["x-ratelimit-limit"],
  remaining: headers["x-ratelimit-remaining"],
  reset: headers["x-ratelimit-reset"]
})

const nextMinuteSeconds = (nowMillis: number) => Math.ceil((Math.floor(nowMillis / 60_000) + 1) * 60)

layer(TestServer.layer({ settings: { rateLimitPerMinute: LIMIT } }), { excludeTestServices: true })("rate limit per key", (it) => {
  it.effect("counts down, then 429 rate_limit_exceeded with retry_after and Retry-After; other keys unaffected", () =>
    Effect.gen(function*() {
      const a = yield* account(10)
      const b = yield* account(10)
      yield* freshWindow
      const now = yield* Clock.currentTimeMillis
      for (let i = 1; i <= LIMIT; i++) {
        const r = yield* get("/v3/account/balance", a.key)
        assert.strictEqual(r.status, 200)
        assert.deepStrictEqual(limitHeaders(r.headers), {
          limit: String(LIMIT),
          remaining: String(LIMIT - i),
          reset: String(nextMinuteSeconds(now))
        })
      }
      const limited = yield* get("/v3/account/balance", a.key)
      assert.strictEqual(limited.status, 429)
      assert.strictEqual(limited.json.error.code, "rate_limit_exceeded")
      assert.isString(limited.json.error.message)
      const retryAfter = limited.json.error.retry_after
      assert.isTrue(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60)
      assert.strictEqual(limited.headers["retry-after"], String(retryAfter))
      assert.deepStrictEqual(limitHeaders(limited.headers), {
        limit: String(LIMIT),
        remaining: "0",
        reset: String(nextMinuteSeconds(now))
      })
      const error = yield* Effect.flip((yield* TestServer.client(a.key)).account.balance())
      assert.instanceOf(error, RateLimitExceeded)

      const other = yield* get("/v3/account/balance", b.key)
      assert.strictEqual(other.status, 200)
      assert.strictEqual(other.headers["x-ratelimit-remaining"], String(LIMIT - 1))
    }))

  it.effect("a rate-limited create is refused before anything is charged", () =>
    Effect.gen(function*() {
      const a = yield* account(10)
      yield* freshWindow
      for (let i = 0; i < LIMIT; i++) yield* get("/v3/spotcasts", a.key)
      const r = yield* postJson("/v3/spotcast", createBody(), a.key)
      assert.strictEqual(r.status, 429)
      const balance = yield* (yield* AccountStore).balance(a.account.id)
      assert.strictEqual(balance.creditBalance, 10)
    }))

  it.effect("an account's own limit overrides the service-wide one", () =>
    Effect.gen(function*() {
      const a = yield* account(10)
      const db = yield* MemoryDatabase
      const id = a.account.id as AccountId
      db.accounts.set(id, { ...db.accounts.get(id)!, rateLimitPerMinute: 1000 })
      yield* freshWindow
      const r = yield* get("/v3/developer/info", a.key)
      assert.strictEqual(r.headers["x-ratelimit-limit"], "1000")
      assert.strictEqual(r.json.rate_limit.limit_per_minute, 1000)
    }))
})

layer(TestServer.layer({ settings: { rateLimitPerMinute: LIMIT } }), { excludeTestServices: true })("rate limit per address", (it) => {
  it.effect("requests without a valid key share their client address's window", () =>
    Effect.gen(function*() {
      yield* freshWindow
      const answers = [
        yield* get("/v3/spotcasts"),
        yield* get("/v3/spotcasts", "sk_live_" + "Z".repeat(32)),
        yield* get("/v3/nope"),
        yield* get("/v3/openapi.json"),
        yield* get("/docs")
      ]
      assert.deepStrictEqual(answers.map((r) => r.headers["x-ratelimit-remaining"]), ["4", "3", "2", "1", "0"])
      const limited = yield* get("/v3/spotcasts")
      assert.strictEqual(limited.status, 429)
      assert.strictEqual(limited.json.error.code, "rate_limit_exceeded")
      const docs = yield* get("/docs")
      assert.strictEqual(docs.status, 429)

      const keyed = yield* account(10)
      const ok = yield* get("/v3/spotcasts", keyed.key)
      assert.strictEqual(ok.status, 200)
    }))
})

layer(TestServer.layer({ settings: { rateLimitPerMinute: 2 }, trustProxy: true }), { excludeTestServices: true })(
  "rate limit per address behind a proxy",
  (it) => {
    it.effect("the address the proxy appended to X-Forwarded-For is the client's; earlier entries are ignored", () =>
      Effect.gen(function*() {
        yield* freshWindow
        const from = (forwarded: string) =>
          TestServer.raw(HttpClientRequest.get("/v3/spotcasts").pipe(HttpClientRequest.setHeader("x-forwarded-for", forwarded)))
        const remaining = [
          yield* from("203.0.113.7"),
          yield* from("1.1.1.1, 203.0.113.7"),
          yield* from("198.51.100.2"),
          yield* from("2.2.2.2, 203.0.113.7")
        ].map((r) => r.status === 429 ? "429" : r.headers["x-ratelimit-remaining"])
        assert.deepStrictEqual(remaining, ["1", "0", "1", "429"])
      }))
  }
)

layer(TestServer.layer({ settings: { rateLimitPerMinute: 1000 } }), { excludeTestServices: true })("rate-limit headers", (it) => {
  it.effect("are on every response: successes, every error, unknown routes, 413, 500, docs and OpenAPI", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const noWorkers = yield* postJson("/v3/spotcast", createBody(), key)
      const responses = {
        ok: yield* get("/v3/account/balance", key),
        accepted: noWorkers,
        badJson: yield* postText("/v3/spotcast", "{", key),
        invalid: yield* postJson("/v3/spotcast", createBody({ num_days: 0 }), key),
        unauthenticated: yield* get("/v3/account/balance"),
        badKey: yield* get("/v3/account/balance", "nope"),
        notFound: yield* get("/v3/spotcast/spc_nope", key),
        unknownRoute: yield* get("/nowhere"),
        tooLarge: yield* postText("/v3/spotcast", "x".repeat(70_000), key),
        defect: yield* get(`/v3/spotcast/${DEFECT_ID}`, key),
        docs: yield* get("/docs"),
        openapi: yield* get("/v3/openapi.json"),
        adminUnauthorized: yield* get("/admin/v1/accounts"),
        admin: yield* TestServer.raw(
          HttpClientRequest.get("/admin/v1/accounts").pipe(HttpClientRequest.bearerToken(TestServer.ADMIN_TOKEN))
        )
      }
      const statuses = Object.fromEntries(Object.entries(responses).map(([k, r]) => [k, r.status]))
      assert.deepStrictEqual(statuses, {
        ok: 200,
        accepted: 202,
        badJson: 400,
        invalid: 400,
        unauthenticated: 401,
        badKey: 401,
        notFound: 404,
        unknownRoute: 404,
        tooLarge: 413,
        defect: 500,
        docs: 200,
        openapi: 200,
        adminUnauthorized: 401,
        admin: 200
      })
      for (const [name, r] of Object.entries(responses)) {
        assert.strictEqual(r.headers["x-ratelimit-limit"], "1000", name)
        assert.match(r.headers["x-ratelimit-remaining"] ?? "", /^\d+$/, name)
        assert.match(r.headers["x-ratelimit-reset"] ?? "", /^\d{10}$/, name)
      }
    }))
})
