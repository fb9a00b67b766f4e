import { HttpClientRequest } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { AccountNotFound } from "../../../src/domain/account/Account.js"
import { ApiKeyNotFound } from "../../../src/domain/account/ApiKey.js"
import { AdminUnauthorized, RouteNotFound } from "../../../src/adapters/http/contract/EdgeErrors.js"
import { ISO_UTC, get, postJson } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

const adminGet = (path: string, token = TestServer.ADMIN_TOKEN) =>
  TestServer.raw(HttpClientRequest.get(path).pipe(HttpClientRequest.bearerToken(token)))

layer(TestServer.layer(), { excludeTestServices: true })("operator API", (it) => {
  it.effect("is guarded by the admin token", () =>
    Effect.gen(function*() {
      const unauthorized = {
        error: { code: "invalid_admin_token", message: "A valid operator token is required: Authorization: Bearer <token>" }
      }
      for (const r of [
        yield* get("/admin/v1/accounts"),
        yield* adminGet("/admin/v1/accounts", "wrong-token-0123456789"),
        yield* adminGet("/admin/v1/accounts", TestServer.ADMIN_TOKEN + "x"),
        yield* postJson("/admin/v1/accounts", { name: "x" }, "wrong")
      ]) {
        assert.strictEqual(r.status, 401)
        assert.deepStrictEqual(r.json, unauthorized)
      }
      const wrong = yield* TestServer.adminClient("nope")
      assert.instanceOf(yield* Effect.flip(wrong.accounts.list()), AdminUnauthorized)
      const ok = yield* adminGet("/admin/v1/accounts")
      assert.strictEqual(ok.status, 200)
    }))

  it.effect("create an account: the key is shown once and works on the public API", () =>
    Effect.gen(function*() {
      const admin = yield* TestServer.adminClient()
      const [created, response] = yield* admin.accounts.create({
        payload: { name: "  Harbour Co  ", credits: 12 },
        withResponse: true
      })
      assert.strictEqual(response.status, 201)
      assert.deepStrictEqual(Object.keys(created.account).sort(), ["created_at", "id", "mode", "name", "rate_limit_per_minute", "status"])
      assert.strictEqual(created.account.name, "Harbour Co")
      assert.strictEqual(created.account.mode, "live")
      assert.strictEqual(created.account.status, "active")
      assert.isNull(created.account.rate_limit_per_minute)
      assert.match(created.account.created_at, ISO_UTC)
      assert.match(created.api_key.key, /^sk_live_[0-9A-Za-z]{32}$/)
      assert.strictEqual(created.api_key.prefix, created.api_key.key.slice(0, 12))
      assert.isNull(created.api_key.revoked_at)

      const balance = (yield* get("/v3/account/balance", created.api_key.key)).json
      assert.strictEqual(balance.credit_balance, 12)

      const detail = yield* admin.accounts.get({ path: { id: created.account.id } })
      assert.deepStrictEqual(detail.account, created.account)
      assert.deepStrictEqual(detail.credits, { credit_balance: 12, total_credits_purchased: 12, total_credits_used: 0 })
      assert.strictEqual(detail.api_keys.length, 1)
      assert.strictEqual(detail.api_keys[0]!.prefix, created.api_key.prefix)
      assert.notInclude(JSON.stringify(detail), created.api_key.key)

      const sandbox = yield* admin.accounts.create({ payload: { name: "Test", mode: "sandbox" } })
      assert.match(sandbox.api_key.key, /^sk_test_/)
      assert.strictEqual((yield* get("/v3/account/balance", sandbox.api_key.key)).json.credit_balance, 0)
      const info = (yield* get("/v3/developer/info", sandbox.api_key.key)).json
      assert.strictEqual(info.api_key.mode, "sandbox")

      const list = yield* admin.accounts.list()
      const ids = list.data.map((a) => a.id)
      assert.include(ids, created.account.id)
      assert.include(ids, sandbox.account.id)
    }))

  it.effect("keys, credits, suspension and the webhook secret", () =>
    Effect.gen(function*() {
      const admin = yield* TestServer.adminClient()
      const { account, api_key } = yield* admin.accounts.create({ payload: { name: "Ops" } })
      const id = account.id

      const second = yield* admin.accounts.issueKey({ path: { id } })
      assert.match(second.key, /^sk_live_/)
      assert.strictEqual((yield* get("/v3/spotcasts", second.key)).status, 200)

      const revoked = yield* admin.accounts.revokeKey({ path: { id, key_id: api_key.id } })
      assert.match(revoked.revoked_at ?? "", ISO_UTC)
      const refused = yield* get("/v3/spotcasts", api_key.key)
      assert.strictEqual(refused.status, 401)
      assert.strictEqual(refused.json.error.code, "key_revoked")
      const again = yield* admin.accounts.revokeKey({ path: { id, key_id: api_key.id } })
      assert.strictEqual(again.revoked_at, revoked.revoked_at)
      assert.instanceOf(
        yield* Effect.flip(admin.accounts.revokeKey({ path: { id, key_id: "key_nope" } })),
        ApiKeyNotFound
      )

      const credits = yield* admin.accounts.grantCredits({ path: { id }, payload: { amount: 30, note: "welcome" } })
      assert.deepStrictEqual(credits, { credit_balance: 30, total_credits_purchased: 30, total_credits_used: 0 })

      const suspended = yield* admin.accounts.suspend({ path: { id } })
      assert.strictEqual(suspended.status, "suspended")
      const forbidden = yield* get("/v3/spotcasts", second.key)
      assert.strictEqual(forbidden.status, 403)
      assert.strictEqual(forbidden.json.error.code, "account_suspended")
      const reactivated = yield* admin.accounts.reactivate({ path: { id } })
      assert.strictEqual(reactivated.status, "active")
      assert.strictEqual((yield* get("/v3/spotcasts", second.key)).status, 200)

      const before = (yield* get("/v3/developer/info", second.key)).json.webhook.secret
      const rotated = yield* admin.accounts.rotateWebhookSecret({ path: { id } })
      assert.strictEqual(rotated.account_id, id)
      assert.match(rotated.webhook_secret, /^whsec_[0-9A-Za-z]{32}$/)
      assert.notStrictEqual(rotated.webhook_secret, before)
      assert.strictEqual((yield* get("/v3/developer/info", second.key)).json.webhook.secret, rotated.webhook_secret)
    }))

  it.effect("unknown accounts are 404 account_not_found; bad input is 400 with its param", () =>
    Effect.gen(function*() {
      const admin = yield* TestServer.adminClient()
      const calls: ReadonlyArray<Effect.Effect<unknown, unknown>> = [
        admin.accounts.get({ path: { id: "acct_nope" } }),
        admin.accounts.issueKey({ path: { id: "acct_nope" } }),
        admin.accounts.suspend({ path: { id: "not even an id" } }),
        admin.accounts.grantCredits({ path: { id: "acct_nope" }, payload: { amount: 1 } }),
        admin.accounts.rotateWebhookSecret({ path: { id: "acct_nope" } })
      ]
      for (const call of calls) {
        assert.instanceOf(yield* Effect.flip(call), AccountNotFound)
      }
      const raw = yield* adminGet("/admin/v1/accounts/acct_nope")
      assert.deepStrictEqual(raw.json, {
        error: { code: "account_not_found", message: "No account found with id 'acct_nope'", param: "id" }
      })

      const cases: ReadonlyArray<readonly [string, unknown, string]> = [
        ["/admin/v1/accounts", { name: "" }, "name"],
        ["/admin/v1/accounts", { name: "x", mode: "test" }, "mode"],
        ["/admin/v1/accounts", { name: "x", credits: -1 }, "credits"],
        ["/admin/v1/accounts", { name: "x", extra: 1 }, "extra"]
      ]
      for (const [path, body, param] of cases) {
        const r = yield* TestServer.raw(
          HttpClientRequest.post(path).pipe(
            HttpClientRequest.bearerToken(TestServer.ADMIN_TOKEN),
            HttpClientRequest.bodyUnsafeJson(body)
          )
        )
        assert.strictEqual(r.status, 400, JSON.stringify(body))
        assert.strictEqual(r.json.error.code, "invalid_request")
        assert.strictEqual(r.json.error.param, param)
      }
      const { account } = yield* admin.accounts.create({ payload: { name: "x" } })
      const rawZero = yield* TestServer.raw(
        HttpClientRequest.post(`/admin/v1/accounts/${account.id}/credits`).pipe(
          HttpClientRequest.bearerToken(TestServer.ADMIN_TOKEN),
          HttpClientRequest.bodyUnsafeJson({ amount: 0 })
        )
      )
      assert.strictEqual(rawZero.status, 400)
      assert.strictEqual(rawZero.json.error.param, "amount")
    }))
})

layer(TestServer.layer({ admin: false }), { excludeTestServices: true })("operator API without a token", (it) => {
  it.effect("every /admin/v1 path is 404 not_found, like an unknown route, even with a token", () =>
    Effect.gen(function*() {
      for (const r of [
        yield* get("/admin/v1/accounts"),
        yield* adminGet("/admin/v1/accounts"),
        yield* adminGet("/admin/v1"),
        yield* adminGet("/admin/v1/accounts/acct_x"),
        yield* postJson("/admin/v1/accounts", { name: "x" }, TestServer.ADMIN_TOKEN),
        yield* adminGet("/admin/v1/nothing/here")
      ]) {
        assert.strictEqual(r.status, 404)
        assert.deepStrictEqual(r.json, { error: { code: "not_found", message: "No such endpoint; see /docs for the API reference" } })
        assert.isDefined(r.headers["x-ratelimit-limit"])
      }
      const admin = yield* TestServer.adminClient()
      assert.instanceOf(yield* Effect.flip(admin.accounts.list()), RouteNotFound)
    }))
})
