import { assert, layer } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import { InsufficientBalanceAnswer } from "../../../src/adapters/http/contract/SpotCastErrors.js"
import { InsufficientBalance } from "../../../src/domain/billing/Ledger.js"
import { account, createBody, createSpotCast, get, ISO_UTC, postJson, today } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

layer(TestServer.layer(), { excludeTestServices: true })("account endpoints", (it) => {
  it.effect("balance: exactly the four contract fields", () =>
    Effect.gen(function*() {
      const { key } = yield* account(25)
      yield* createSpotCast(key, { num_days: 3 })
      const api = yield* TestServer.client(key)
      const balance = yield* api.account.balance()
      assert.deepStrictEqual(balance, {
        credit_balance: 22,
        total_credits_purchased: 25,
        total_credits_used: 3,
        purchase_url: "https://spotcast.test/billing"
      })
      const rawBody = (yield* get("/v3/account/balance", key)).json
      assert.deepStrictEqual(Object.keys(rawBody).sort(), [
        "credit_balance",
        "purchase_url",
        "total_credits_purchased",
        "total_credits_used"
      ])
    }))

  it.effect("developer info: account, calling key, credits, rate limit and webhook secret", () =>
    Effect.gen(function*() {
      const made = yield* account(7)
      const first = (yield* get("/v3/developer/info", made.key)).json
      assert.deepStrictEqual(Object.keys(first).sort(), ["account", "api_key", "credits", "rate_limit", "webhook"])
      assert.deepStrictEqual(first.account, {
        id: made.account.id,
        name: "test",
        status: "active",
        created_at: first.account.created_at
      })
      assert.match(first.account.created_at, ISO_UTC)
      assert.deepStrictEqual(Object.keys(first.api_key).sort(), ["created_at", "id", "last_used_at", "mode", "prefix"])
      assert.match(first.api_key.id, /^key_[0-9A-Za-z]{22}$/)
      assert.strictEqual(first.api_key.prefix, made.key.slice(0, 12))
      assert.strictEqual(first.api_key.mode, "live")
      assert.isNull(first.api_key.last_used_at)
      assert.deepStrictEqual(first.credits, {
        credit_balance: 7,
        total_credits_purchased: 7,
        total_credits_used: 0,
        purchase_url: "https://spotcast.test/billing"
      })
      assert.deepStrictEqual(first.rate_limit, { limit_per_minute: 100_000 })
      assert.match(first.webhook.secret, /^whsec_[0-9A-Za-z]{32}$/)
      assert.deepStrictEqual(first.webhook.signature_header, "X-Service-Signature")
      assert.deepStrictEqual(first.webhook.retry_schedule_seconds, [300, 1800, 7200, 86400])
      assert.notInclude(JSON.stringify(first), made.key)

      const second = (yield* get("/v3/developer/info", made.key)).json
      assert.match(second.api_key.last_used_at, ISO_UTC)
    }))
})

const PAY = "https://pay.example.com/credits?from=spotcast"

layer(TestServer.layer({ purchaseUrl: PAY }), { excludeTestServices: true })("a configured purchase URL", (it) => {
  it.effect("is what the balance, developer info and a 402 (raw and typed) point to", () =>
    Effect.gen(function*() {
      const { key } = yield* account(1)
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.purchase_url, PAY)
      assert.strictEqual((yield* get("/v3/developer/info", key)).json.credits.purchase_url, PAY)
      const refused = yield* postJson("/v3/spotcast", createBody(), key)
      assert.strictEqual(refused.status, 402)
      assert.strictEqual(refused.json.error.purchase_url, PAY)
      const api = yield* TestServer.client(key)
      const error = yield* Effect.flip(api.spotcasts.create({
        payload: { latitude: 41.13, longitude: -71.71, start_date: DateTime.unsafeMake(today()), num_days: 2 },
        headers: {}
      }))
      assert.instanceOf(error, InsufficientBalance)
      assert.instanceOf(error, InsufficientBalanceAnswer)
      assert.strictEqual((error as InsufficientBalanceAnswer).purchaseUrl, PAY)
    }))
})
