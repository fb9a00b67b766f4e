import { HttpClientRequest, HttpServer } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { connect } from "node:net"
import { account, createBody, get, postJson, postText } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

const admin = (request: HttpClientRequest.HttpClientRequest) =>
  TestServer.raw(request.pipe(HttpClientRequest.bearerToken(TestServer.ADMIN_TOKEN)))
const adminPost = (path: string, body: unknown) => admin(HttpClientRequest.post(path).pipe(HttpClientRequest.bodyUnsafeJson(body)))

/** A create body whose metadata is `{ "d": {"a": {"a": … 1 …}} }`, `n` objects deep under "d". */
const deepMetadata = (n: number) =>
  JSON.stringify(createBody({ metadata: { d: 0 } })).replace("\"d\":0", "\"d\":" + "{\"a\":".repeat(n) + "1" + "}".repeat(n))

const sendAs = (key: string, contentType: string, text: string) =>
  TestServer.raw(
    HttpClientRequest.post("/v3/spotcast").pipe(HttpClientRequest.bearerToken(key), HttpClientRequest.bodyText(text, contentType))
  )

/** Sends raw bytes to the test server and reads its whole answer (the server closes the connection). */
const rawExchange = (bytes: string) =>
  Effect.gen(function*() {
    const address = (yield* HttpServer.HttpServer).address
    const port = address._tag === "TcpAddress" ? address.port : 0
    return yield* Effect.async<string>((resume) => {
      const socket = connect(port, "127.0.0.1", () => socket.write(bytes))
      let text = ""
      socket.on("data", (d) => (text += d))
      socket.on("close", () => resume(Effect.succeed(text)))
      socket.on("error", () => resume(Effect.succeed(text)))
    })
  })

interface Answer {
  readonly status: number
  readonly json: any
  readonly headers: Readonly<Record<string, string>>
}

/** The contract's envelope with `code` (and `param` when given), and the rate-limit headers. */
const refused = (answer: Answer, status: number, code: string, param?: string) => {
  assert.strictEqual(answer.status, status, JSON.stringify(answer.json))
  assert.strictEqual(answer.json?.error?.code, code)
  assert.isString(answer.json?.error?.message)
  if (param !== undefined) assert.strictEqual(answer.json.error.param, param)
}

layer(TestServer.layer(), { excludeTestServices: true })("bad input is the client's error: 4xx in the envelope, nothing stored or charged", (it) => {
  it.effect("text no store can hold (NUL, unpaired surrogates) is refused where it is sent", () =>
    Effect.gen(function*() {
      const { account: owner, key } = yield* account(100)
      refused(yield* postJson("/v3/spotcast", createBody({ webhook_url: "https://hooks.example.com/\u0000" }), key), 400, "invalid_webhook_url", "webhook_url")
      refused(yield* postJson("/v3/spotcast", createBody({ metadata: { note: "a\u0000b" } }), key), 400, "invalid_metadata", "metadata")
      refused(yield* postJson("/v3/spotcast", createBody({ metadata: { "k\u0000": 1 } }), key), 400, "invalid_metadata", "metadata")
      const loneSurrogate = JSON.stringify(createBody({ metadata: { note: "x" } })).replace("\"x\"", "\"\\ud800\"")
      refused(yield* postText("/v3/spotcast", loneSurrogate, key), 400, "invalid_metadata", "metadata")
      refused(yield* postJson("/v3/spotcast/widgets", { name: "Quay\u0000", latitude: 41.1, longitude: -71.7, num_days: 1 }, key), 400, "invalid_request", "name")
      refused(yield* adminPost("/admin/v1/accounts", { name: "Marina\u0000" }), 400, "invalid_request", "name")
      refused(yield* adminPost(`/admin/v1/accounts/${owner.id}/credits`, { amount: 5, note: "\udc00" }), 400, "invalid_request", "note")
      const balance = yield* get("/v3/account/balance", key)
      assert.strictEqual(balance.json.credit_balance, 100)
      assert.strictEqual(balance.json.total_credits_purchased, 100)
      assert.lengthOf((yield* get("/v3/spotcasts", key)).json.data, 0)
    }))

  it.effect("malformed ids are not found, like unknown ones, on the public and the operator API", () =>
    Effect.gen(function*() {
      const { account: owner, key } = yield* account(10)
      refused(yield* get("/v3/spotcast/spc_%00abc", key), 404, "spotcast_not_found", "id")
      refused(yield* get("/v3/spotcast/spc_bogus/forecast/fcst_%00", key), 404, "forecast_not_found")
      refused(yield* postJson("/v3/spotcast/..%00/refresh", {}, key), 404, "spotcast_not_found", "id")
      refused(yield* get("/v3/spotcast/widgets/wgt_%00", key), 404, "widget_not_found")
      refused(yield* postJson("/v3/spotcast/widgets/wgt_bogus/refresh", {}, key), 404, "widget_not_found")
      assert.strictEqual((yield* get("/embed/widgets/wgt_%00")).status, 404)
      refused(yield* admin(HttpClientRequest.get("/admin/v1/accounts/acct_bogus")), 404, "account_not_found", "id")
      refused(yield* admin(HttpClientRequest.get("/admin/v1/accounts/acct_%00")), 404, "account_not_found", "id")
      refused(yield* admin(HttpClientRequest.post(`/admin/v1/accounts/${owner.id}/keys/key_bad/revoke`)), 404, "key_not_found")
      refused(yield* admin(HttpClientRequest.get(`/admin/v1/accounts/${owner.id}/webhook-deliveries/whk_%00`)), 404, "delivery_not_found")
      refused(yield* admin(HttpClientRequest.post(`/admin/v1/accounts/${owner.id}/webhook-deliveries/whk_x/redeliver`)), 404, "delivery_not_found")
    }))

  it.effect("bodies nested too deep are refused before any decoder walks them; metadata at most 20 levels", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      refused(yield* postText("/v3/spotcast", deepMetadata(5_000), key), 400, "invalid_json")
      refused(yield* postText("/v3/spotcast", "[".repeat(30_000) + "]".repeat(30_000), key), 400, "invalid_json")
      refused(yield* postText("/v3/spotcast", deepMetadata(25), key), 400, "invalid_metadata", "metadata")
      const twenty = yield* postText("/v3/spotcast", deepMetadata(19), key)
      assert.strictEqual(twenty.status, 202, twenty.text)
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 8)
    }))

  it.effect("a body that is not JSON is 415, multipart included (it used to hang or answer 500)", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      for (const type of ["multipart/form-data; boundary=x", "multipart/form-data", "text/plain", "application/x-www-form-urlencoded"]) {
        const answer = yield* sendAs(key, type, "--x\r\n")
        refused(answer, 415, "unsupported_media_type")
        assert.include(answer.json.error.message, type)
        assert.isDefined(answer.headers["x-ratelimit-limit"])
      }
      const json = yield* sendAs(key, "application/json; charset=utf-8", JSON.stringify(createBody()))
      assert.strictEqual(json.status, 202, json.text)
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 8)
    }))

  it.effect("a grant that would take the totals past 2^53 - 1 is refused, and the account stays readable", () =>
    Effect.gen(function*() {
      const { account: owner, key } = yield* account(100)
      const huge = Number.MAX_SAFE_INTEGER - 10
      refused(yield* adminPost(`/admin/v1/accounts/${owner.id}/credits`, { amount: huge }), 400, "invalid_request", "amount")
      const fits = yield* adminPost(`/admin/v1/accounts/${owner.id}/credits`, { amount: Number.MAX_SAFE_INTEGER - 100 })
      assert.strictEqual(fits.status, 200, JSON.stringify(fits.json))
      refused(yield* adminPost(`/admin/v1/accounts/${owner.id}/credits`, { amount: 1 }), 400, "invalid_request", "amount")
      const balance = yield* get("/v3/account/balance", key)
      assert.strictEqual(balance.status, 200)
      assert.strictEqual(balance.json.total_credits_purchased, Number.MAX_SAFE_INTEGER)
    }))

  it.effect("dates past year 9999 and literal private webhook hosts are refused before anything is charged", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      refused(yield* postJson("/v3/spotcast", createBody({ start_date: "9999-12-31", num_days: 2 }), key), 400, "invalid_start_date", "start_date")
      for (const url of ["https://10.0.0.1/", "https://[::1]/hook", "https://127.0.0.1:8443/", "https://169.254.169.254/latest", "https://192.168.1.20/"]) {
        refused(yield* postJson("/v3/spotcast", createBody({ webhook_url: url }), key), 400, "invalid_webhook_url", "webhook_url")
      }
      const named = yield* postJson("/v3/spotcast", createBody({ webhook_url: "https://hooks.example.com/x" }), key)
      assert.strictEqual(named.status, 202, named.text)
      const spotcastId = named.json.id
      refused(yield* postJson(`/v3/spotcast/${spotcastId}/refresh`, { webhook_url: "https://10.1.2.3/" }, key), 400, "invalid_webhook_url", "webhook_url")
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 8)
    }))

  it.effect("requests Node's parser refuses, and CONNECT, are answered in the envelope, not dropped", () =>
    Effect.gen(function*() {
      const cases: ReadonlyArray<readonly [string, number, string]> = [
        ["FOO / HTTP/1.1\r\nHost: x\r\n\r\n", 405, "method_not_allowed"],
        ["POST /v3/spotcast HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400, "invalid_request"],
        [`GET /v3/spotcasts HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431, "header_too_large"],
        ["CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 405, "method_not_allowed"]
      ]
      for (const [request, status, code] of cases) {
        const text = yield* rawExchange(request)
        assert.match(text, new RegExp(`^HTTP/1.1 ${status} `), text.slice(0, 200))
        const body = JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4))
        assert.strictEqual(body.error.code, code)
        assert.isString(body.error.message)
      }
    }))
})
