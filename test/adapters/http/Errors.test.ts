import { HttpClientRequest } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { DateTime, Effect, Stream } from "effect"
import { AccountNotFound, AccountSuspended } from "../../../src/domain/account/Account.js"
import { InvalidApiKey, KeyRevoked, MissingApiKey } from "../../../src/domain/account/ApiKey.js"
import { InternalError, RouteNotFound } from "../../../src/adapters/http/contract/EdgeErrors.js"
import { ForecastNotFound } from "../../../src/domain/forecast/Forecast.js"
import { InsufficientBalance } from "../../../src/domain/billing/Ledger.js"
import { SpotCastNotFound } from "../../../src/domain/spotcast/SpotCast.js"
import { revokeKey, setAccountStatus } from "../../../src/application/account/ManageAccounts.js"
import { ValidationError } from "../../../src/domain/Validation.js"
import { account, createBody, createSpotCast, get, postJson, postText, today } from "./support/Fixtures.js"
import { DEFECT_ID, DEFECT_KEY, DEFECT_SECRET } from "./support/TestDoubles.js"
import * as TestServer from "./support/TestServer.js"

const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

interface Case {
  readonly name: string
  readonly body: unknown
  readonly code: string
  readonly param?: string
}

const bodyCases: ReadonlyArray<Case> = [
  { name: "latitude over 90", body: createBody({ latitude: 90.5 }), code: "invalid_coordinates", param: "coordinates.latitude" },
  { name: "latitude a string", body: createBody({ latitude: "41" }), code: "invalid_coordinates", param: "coordinates.latitude" },
  { name: "latitude missing", body: { ...createBody(), latitude: undefined }, code: "invalid_coordinates", param: "coordinates.latitude" },
  { name: "longitude under -180", body: createBody({ longitude: -180.01 }), code: "invalid_coordinates", param: "coordinates.longitude" },
  { name: "start_date not a date", body: createBody({ start_date: "2026-13-01" }), code: "invalid_date_format", param: "start_date" },
  { name: "start_date without a zone", body: createBody({ start_date: "2026-11-22T06:00:00" }), code: "invalid_date_format", param: "start_date" },
  { name: "start_date long past", body: createBody({ start_date: "2020-01-01" }), code: "invalid_start_date", param: "start_date" },
  { name: "start_date beyond the horizon", body: createBody({ start_date: dayAfter(30) }), code: "invalid_start_date", param: "start_date" },
  { name: "num_days 6", body: createBody({ num_days: 6 }), code: "invalid_num_days", param: "num_days" },
  { name: "num_days 1.5", body: createBody({ num_days: 1.5 }), code: "invalid_num_days", param: "num_days" },
  { name: "webhook_url http", body: createBody({ webhook_url: "http://hooks.example.com" }), code: "invalid_webhook_url", param: "webhook_url" },
  { name: "metadata an array", body: createBody({ metadata: [1, 2] }), code: "invalid_metadata", param: "metadata" },
  { name: "metadata over 16 KiB", body: createBody({ metadata: { big: "x".repeat(17_000) } }), code: "invalid_metadata", param: "metadata" },
  { name: "preferences a string", body: createBody({ preferences: "en" }), code: "invalid_preferences", param: "preferences" },
  { name: "preferences.language", body: createBody({ preferences: { language: "de" } }), code: "invalid_language", param: "preferences.language" },
  { name: "preferences.distance_units", body: createBody({ preferences: { distance_units: "ft" } }), code: "invalid_distance_units", param: "preferences.distance_units" },
  { name: "preferences.speed_units", body: createBody({ preferences: { speed_units: "knots" } }), code: "invalid_speed_units", param: "preferences.speed_units" },
  { name: "preferences unknown field", body: createBody({ preferences: { colour: "red" } }), code: "invalid_preferences", param: "preferences.colour" },
  { name: "vessel_info.type", body: createBody({ vessel_info: { type: "canoe", length_ft: 12 } }), code: "invalid_vessel_info", param: "vessel_info.type" },
  { name: "vessel_info without length", body: createBody({ vessel_info: { type: "pwc" } }), code: "invalid_vessel_info", param: "vessel_info.length_ft" },
  { name: "vessel_info.length_ft 501", body: createBody({ vessel_info: { type: "yacht", length_ft: 501 } }), code: "invalid_vessel_info", param: "vessel_info.length_ft" },
  { name: "trip_duration_hours 0", body: createBody({ trip_duration_hours: 0 }), code: "invalid_trip_duration", param: "trip_duration_hours" },
  { name: "trip_duration_hours 121", body: createBody({ trip_duration_hours: 121 }), code: "invalid_trip_duration", param: "trip_duration_hours" },
  { name: "unknown parameter", body: createBody({ colour: "red" }), code: "invalid_request", param: "colour" },
  { name: "not an object", body: [createBody()], code: "invalid_request" }
]

layer(TestServer.layer(), { excludeTestServices: true })("errors", (it) => {
  it.effect("every schema and rule failure of create: 400 with the DECISIONS code and param, nothing charged", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      for (const c of bodyCases) {
        const r = yield* postJson("/v3/spotcast", c.body, key)
        assert.strictEqual(r.status, 400, `${c.name}: ${r.text}`)
        assert.deepStrictEqual(Object.keys(r.json), ["error"], c.name)
        assert.strictEqual(r.json.error.code, c.code, c.name)
        assert.strictEqual(r.json.error.param, c.param, c.name)
        assert.isString(r.json.error.message, c.name)
      }
      const lat = (yield* postJson("/v3/spotcast", createBody({ latitude: -91 }), key)).json
      assert.deepStrictEqual(lat, {
        error: { code: "invalid_coordinates", message: "latitude must be between -90 and 90", param: "coordinates.latitude" }
      })
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 10)
      assert.strictEqual((yield* get("/v3/spotcasts", key)).json.data.length, 0)
    }))

  it.effect("the typed client decodes a 400 into ValidationError", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const api = yield* TestServer.client(key)
      const error = yield* Effect.flip(api.spotcasts.list({ urlParams: { after: "not-a-cursor" } }))
      assert.instanceOf(error, ValidationError)
      assert.strictEqual((error as ValidationError).code, "invalid_cursor")
      assert.strictEqual((error as ValidationError).param, "after")
    }))

  it.effect("malformed JSON is 400 invalid_json; an empty create body is 400 invalid_request", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      for (const text of ["{bad", "{\"latitude\": 1,}", "nul"]) {
        const r = yield* postText("/v3/spotcast", text, key)
        assert.strictEqual(r.status, 400)
        assert.deepStrictEqual(r.json, { error: { code: "invalid_json", message: "The request body is not valid JSON" } })
      }
      const empty = yield* postText("/v3/spotcast", "", key)
      assert.strictEqual(empty.status, 400)
      assert.strictEqual(empty.json.error.code, "invalid_request")
      const refresh = yield* postText("/v3/spotcast/spc_x/refresh", "{oops", key)
      assert.strictEqual(refresh.json.error.code, "invalid_json")
    }))

  it.effect("limit and after: invalid_limit and invalid_cursor", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const created = yield* createSpotCast(key)
      for (const path of ["/v3/spotcasts", `/v3/spotcast/${created.id}/forecasts`]) {
        for (const limit of ["0", "101", "abc", "2.5", ""]) {
          const r = yield* get(`${path}?limit=${limit}`, key)
          assert.strictEqual(r.status, 400, `${path} limit=${limit}`)
          assert.deepStrictEqual(r.json, {
            error: { code: "invalid_limit", message: "limit must be an integer from 1 to 100", param: "limit" }
          })
        }
        const ok = yield* get(`${path}?limit=100`, key)
        assert.strictEqual(ok.status, 200)
        const cursor = yield* get(`${path}?after=eyJhIjoxfQ.0000`, key)
        assert.strictEqual(cursor.status, 400)
        assert.strictEqual(cursor.json.error.code, "invalid_cursor")
        assert.strictEqual(cursor.json.error.param, "after")
      }
      const other = yield* createSpotCast(key)
      const page = (yield* get(`/v3/spotcasts?limit=1`, key)).json
      const foreignList = yield* get(`/v3/spotcast/${other.id}/forecasts?after=${page.next_cursor}`, key)
      assert.strictEqual(foreignList.json.error.code, "invalid_cursor")
    }))

  it.effect("Idempotency-Key outside 1..255 characters is 400 invalid_request on Idempotency-Key", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const r = yield* postJson("/v3/spotcast", createBody(), key, { "idempotency-key": "k".repeat(256) })
      assert.strictEqual(r.status, 400)
      assert.deepStrictEqual(r.json, {
        error: { code: "invalid_request", message: "Idempotency-Key must be 1 to 255 characters", param: "Idempotency-Key" }
      })
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 10)
    }))

  it.effect("401 missing_api_key, invalid_api_key and key_revoked; 403 account_suspended", () =>
    Effect.gen(function*() {
      const made = yield* account(10)
      const expect401 = (request: HttpClientRequest.HttpClientRequest, code: string) =>
        Effect.map(TestServer.raw(request), (r) => {
          assert.strictEqual(r.status, 401, `${code}: ${r.text}`)
          assert.strictEqual(r.json.error.code, code)
        })
      const base = HttpClientRequest.get("/v3/account/balance")
      yield* expect401(base, "missing_api_key")
      yield* expect401(base.pipe(HttpClientRequest.setHeader("authorization", "Bearer ")), "missing_api_key")
      yield* expect401(base.pipe(HttpClientRequest.bearerToken("sk_live_" + "A".repeat(32))), "invalid_api_key")
      yield* expect401(base.pipe(HttpClientRequest.bearerToken("sk_test_" + "A".repeat(32))), "invalid_api_key")
      yield* expect401(base.pipe(HttpClientRequest.bearerToken("hello")), "invalid_api_key")
      yield* expect401(base.pipe(HttpClientRequest.basicAuth("user", made.key)), "invalid_api_key")
      yield* expect401(base.pipe(HttpClientRequest.setHeader("x-api-key", "nope")), "invalid_api_key")
      const disagreeing = yield* TestServer.raw(
        base.pipe(HttpClientRequest.bearerToken(made.key), HttpClientRequest.setHeader("x-api-key", "sk_live_" + "B".repeat(32)))
      )
      assert.strictEqual(disagreeing.status, 400, disagreeing.text)
      assert.strictEqual(disagreeing.json.error.code, "ambiguous_credentials")
      const both = yield* TestServer.raw(
        base.pipe(HttpClientRequest.bearerToken(made.key), HttpClientRequest.setHeader("x-api-key", made.key))
      )
      assert.strictEqual(both.status, 200)
      const header = yield* TestServer.raw(base.pipe(HttpClientRequest.setHeader("x-api-key", made.key)))
      assert.strictEqual(header.status, 200)

      assert.instanceOf(yield* Effect.flip((yield* TestServer.client("")).account.balance()), MissingApiKey)
      assert.instanceOf(yield* Effect.flip((yield* TestServer.client("sk_live_nope")).account.balance()), InvalidApiKey)

      const suspended = yield* account(10)
      yield* setAccountStatus(suspended.account.id, "suspended")
      const s = yield* get("/v3/spotcasts", suspended.key)
      assert.strictEqual(s.status, 403)
      assert.deepStrictEqual(s.json, { error: { code: "account_suspended", message: "The account is suspended" } })
      assert.instanceOf(yield* Effect.flip((yield* TestServer.client(suspended.key)).account.balance()), AccountSuspended)

      const revoked = yield* account(10)
      const info = (yield* get("/v3/developer/info", revoked.key)).json
      yield* revokeKey(revoked.account.id, info.api_key.id)
      yield* expect401(HttpClientRequest.get("/v3/spotcasts").pipe(HttpClientRequest.bearerToken(revoked.key)), "key_revoked")
      assert.instanceOf(yield* Effect.flip((yield* TestServer.client(revoked.key)).account.balance()), KeyRevoked)
    }))

  it.effect("402 insufficient_balance carries the balance, the price and the purchase URL; nothing is created", () =>
    Effect.gen(function*() {
      const { key } = yield* account(4)
      const r = yield* postJson("/v3/spotcast", createBody({ num_days: 5 }), key)
      assert.strictEqual(r.status, 402)
      assert.deepStrictEqual(r.json, {
        error: {
          code: "insufficient_balance",
          message: "This request costs 5 credits; the balance is 4",
          current_balance: 4,
          required_credits: 5,
          purchase_url: "https://spotcast.test/billing"
        }
      })
      const api = yield* TestServer.client(key)
      const error = yield* Effect.flip(api.spotcasts.create({
        payload: { ...createBody({ num_days: 5 }), start_date: DateTime.unsafeMake(today()) } as any,
        headers: {}
      }))
      assert.instanceOf(error, InsufficientBalance)
      assert.strictEqual((error as InsufficientBalance).requiredCredits, 5)
      assert.strictEqual((error as InsufficientBalance).currentBalance, 4)
      assert.strictEqual((yield* get("/v3/spotcasts", key)).json.data.length, 0)
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 4)
    }))

  it.effect("404: unknown and malformed SpotCast and forecast ids, and unknown routes", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const a = yield* createSpotCast(key)
      const b = yield* createSpotCast(key)
      for (const id of ["spc_AAAAAAAAAAAAAAAAAAAAAA", "x", "spc_%20%27", "spc_" + "z".repeat(300), "spc_..x", "%F0%9F%8C%8A"]) {
        for (const suffix of ["", "/status", "/forecasts"]) {
          const r = yield* get(`/v3/spotcast/${id}${suffix}`, key)
          assert.strictEqual(r.status, 404, `${id}${suffix}: ${r.text}`)
          assert.strictEqual(r.json.error.code, "spotcast_not_found", id + suffix)
          assert.strictEqual(r.json.error.param, "id")
        }
        const refresh = yield* postJson(`/v3/spotcast/${id}/refresh`, {}, key)
        assert.strictEqual(refresh.status, 404)
        assert.strictEqual(refresh.json.error.code, "spotcast_not_found")
        const forecast = yield* get(`/v3/spotcast/${a.id}/forecast/${id}`, key)
        assert.strictEqual(forecast.status, 404)
        assert.strictEqual(forecast.json.error.code, "forecast_not_found")
      }
      const crossed = yield* get(`/v3/spotcast/${a.id}/forecast/${b.forecast_id}`, key)
      assert.strictEqual(crossed.status, 404)
      assert.deepStrictEqual(crossed.json, {
        error: {
          code: "forecast_not_found",
          message: `No forecast found with id '${b.forecast_id}' in this SpotCast`,
          param: "forecast_id"
        }
      })
      // GET / is no longer unknown: it points to /docs (issue 13; test/adapters/http/observability/OpenApiValidation.test.ts).
      for (const path of ["/v3", "/v3/nope", "/v2/spotcast", "/v3/spotcast/a/b/c/d"]) {
        const r = yield* get(path, key)
        assert.strictEqual(r.status, 404, path)
        assert.deepStrictEqual(r.json, {
          error: { code: "not_found", message: "No such endpoint; see /docs for the API reference" }
        })
      }
      // A known path with a method it does not take: 405 in the envelope, with Allow.
      for (
        const [method, path, allow] of [
          ["POST", "/v3/spotcasts", "GET"],
          ["PATCH", "/v3/spotcast", "POST"],
          ["DELETE", `/v3/spotcast/${a.id}`, "GET"],
          ["PATCH", "/v3/spotcast/widgets/wdg_x", "GET, PUT, DELETE"],
          ["GET", `/v3/spotcast/${a.id}/refresh`, "POST"]
        ] as const
      ) {
        const r = yield* TestServer.raw(
          HttpClientRequest.make(method)(path).pipe(HttpClientRequest.bearerToken(key), HttpClientRequest.bodyUnsafeJson({}))
        )
        assert.strictEqual(r.status, 405, `${method} ${path}: ${r.text}`)
        assert.strictEqual(r.headers["allow"], allow, `${method} ${path}`)
        assert.deepStrictEqual(r.json, {
          error: { code: "method_not_allowed", message: `Method ${method} is not allowed here; this path takes ${allow}` }
        })
      }
      // /v3/spotcast/widgets/{id} is a widget whatever the id: "status" is an unknown widget, not a SpotCast's status.
      const widgetStatus = yield* get("/v3/spotcast/widgets/status", key)
      assert.strictEqual(widgetStatus.status, 404)
      assert.strictEqual(widgetStatus.json.error.code, "widget_not_found")

      const api = yield* TestServer.client(key)
      const missing = yield* Effect.flip(api.spotcasts.get({ path: { id: "spc_missing" } }))
      assert.instanceOf(missing, SpotCastNotFound)
      assert.strictEqual((missing as SpotCastNotFound).spotcastId, "spc_missing")
      const noForecast = yield* Effect.flip(api.spotcasts.forecast({ path: { id: a.id, forecast_id: "fcst_x" } }))
      assert.instanceOf(noForecast, ForecastNotFound)
    }))

  it.effect("the typed clients' not-found errors carry the id the server named, whatever its characters", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const a = yield* createSpotCast(key)
      const api = yield* TestServer.client(key)
      const odd = "spc_it's 'quoted'"
      const missing = yield* Effect.flip(api.spotcasts.status({ path: { id: odd } }))
      assert.instanceOf(missing, SpotCastNotFound)
      assert.strictEqual((missing as SpotCastNotFound).spotcastId, odd)
      const noForecast = yield* Effect.flip(api.spotcasts.forecast({ path: { id: a.id, forecast_id: "fcst_'x'" } }))
      assert.strictEqual((noForecast as ForecastNotFound).forecastId, "fcst_'x'")
      const admin = yield* TestServer.adminClient()
      const noAccount = yield* Effect.flip(admin.accounts.get({ path: { id: "acct_'y'" } }))
      assert.strictEqual((noAccount as AccountNotFound).accountId, "acct_'y'")
    }))

  it.effect("413 payload_too_large over 64 KiB, by Content-Length and for a chunked body; nothing charged", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const padded = (bytes: number) => {
        const base = JSON.stringify({ ...createBody(), metadata: { pad: "" } })
        return base.replace('"pad":""', `"pad":"${"x".repeat(bytes - base.length)}"`)
      }
      assert.strictEqual(padded(65_537).length, 65_537)
      const tooLarge = {
        error: { code: "payload_too_large", message: "The request body must be at most 65536 bytes" }
      }
      const byLength = yield* postText("/v3/spotcast", padded(65_537), key)
      assert.strictEqual(byLength.status, 413)
      assert.deepStrictEqual(byLength.json, tooLarge)
      const atLimit = yield* postText("/v3/spotcast", padded(65_536), key)
      assert.strictEqual(atLimit.status, 400)
      assert.strictEqual(atLimit.json.error.code, "invalid_metadata")

      const chunked = (text: string) =>
        TestServer.raw(
          HttpClientRequest.post("/v3/spotcast").pipe(
            HttpClientRequest.bearerToken(key),
            HttpClientRequest.bodyStream(Stream.make(new TextEncoder().encode(text)), { contentType: "application/json" })
          )
        )
      const big = yield* chunked(padded(80_000))
      assert.strictEqual(big.status, 413)
      assert.deepStrictEqual(big.json, tooLarge)
      const small = yield* chunked(JSON.stringify(createBody({ start_date: today() })))
      assert.strictEqual(small.status, 202, small.text)
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 8)
    }))

  it.effect("a defect is 500 internal_error, logged, and nothing of it reaches the client", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const r = yield* get(`/v3/spotcast/${DEFECT_ID}`, key)
      assert.strictEqual(r.status, 500)
      assert.deepStrictEqual(r.json, {
        error: { code: "internal_error", message: "An internal error occurred; please retry later" }
      })
      for (const leak of [DEFECT_SECRET, "SELECT", "hunter2", "Error", "at ", ".ts"]) assert.notInclude(r.text, leak)
      assert.isTrue(TestServer.errorLogs.some((line) => line.includes(DEFECT_SECRET) && line.includes(DEFECT_ID)))
      assert.strictEqual(r.headers["x-ratelimit-limit"], "100000")
      const api = yield* TestServer.client(key)
      assert.instanceOf(yield* Effect.flip(api.spotcasts.status({ path: { id: DEFECT_ID } })), InternalError)

      const lookup = yield* get("/v3/spotcasts", DEFECT_KEY)
      assert.strictEqual(lookup.status, 500)
      assert.strictEqual(lookup.json.error.code, "internal_error")
      assert.notInclude(lookup.text, "hunter2")
      assert.strictEqual(lookup.headers["x-ratelimit-limit"], "100000")
    }))

  it.effect("the typed operator client decodes a disabled or unknown route as RouteNotFound", () =>
    Effect.gen(function*() {
      const { key } = yield* account(1)
      const r = yield* get("/v3/spotcast/x/y/z", key)
      assert.strictEqual(r.status, 404)
      const admin = yield* TestServer.adminClient()
      const error = yield* Effect.flip(admin.accounts.get({ path: { id: "acct_missing" } }))
      assert.notInstanceOf(error, RouteNotFound)
      assert.strictEqual((error as any)._tag, "AccountNotFound")
    }))
})
