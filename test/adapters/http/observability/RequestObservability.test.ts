import { HttpClientRequest } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect, Logger, LogLevel, Layer } from "effect"
import { Lifecycle } from "../../../../src/adapters/http/observability/Lifecycle.js"
import { account, createBody, get, postJson, postText } from "../support/Fixtures.js"
import * as TestServer from "../support/TestServer.js"

const REQUEST_ID = /^req_[0-9A-Za-z]{24}$/

/** Every log line the server writes, as the JSON logger formats it. */
const lines: Array<string> = []
const jsonLines = Layer.merge(
  Logger.add(Logger.map(Logger.jsonLogger, (line) => void lines.push(line))),
  Logger.minimumLogLevel(LogLevel.Info)
)

const requestLines = () =>
  lines.map((line) => JSON.parse(line)).filter((entry) => entry.message === "request")

layer(TestServer.layer({ settings: { rateLimitPerMinute: 1000 }, logger: jsonLines }), { excludeTestServices: true })(
  "request ids and request logs",
  (it) => {
    it.effect("every kind of response carries a req_ id; error bodies carry the same id", () =>
      Effect.gen(function*() {
        const { key } = yield* account(10)
        const answers = [
          yield* get("/v3/account/balance", key), // 200
          yield* postJson("/v3/spotcast", createBody(), key), // 202
          yield* get("/v3/account/balance"), // 401 missing key
          yield* get("/v3/account/balance", "sk_live_nope"), // 401 invalid key
          yield* postText("/v3/spotcast", "{not json", key), // 400
          yield* get("/v3/nowhere", key), // 404 no route
          yield* get("/admin/v1/accounts"), // 401 operator API
          yield* get("/healthz"),
          yield* get("/docs"),
          yield* get("/v3/openapi.json")
        ]
        const ids = answers.map((r) => r.headers["request-id"])
        for (const [i, id] of ids.entries()) assert.match(id ?? "", REQUEST_ID, `answer ${i} (${answers[i]!.status})`)
        assert.strictEqual(new Set(ids).size, ids.length, "each request gets its own id")
        // The raw helper checks error.request_id against the header; read one directly as well.
        const raw = yield* TestServer.rawText(HttpClientRequest.get("/v3/account/balance"))
        assert.strictEqual(JSON.parse(raw.text).error.request_id, raw.headers["request-id"])
      }))

    it.effect("a caller's well-formed Request-Id or X-Request-Id is kept; a malformed one is replaced", () =>
      Effect.gen(function*() {
        const { key } = yield* account(10)
        const own = yield* TestServer.raw(HttpClientRequest.get("/v3/account/balance").pipe(
          HttpClientRequest.bearerToken(key),
          HttpClientRequest.setHeader("Request-Id", "client-7f3a:42")
        ))
        assert.strictEqual(own.headers["request-id"], "client-7f3a:42")
        const legacy = yield* TestServer.raw(
          HttpClientRequest.get("/v3/nowhere").pipe(HttpClientRequest.setHeader("X-Request-Id", "abc.123"))
        )
        assert.strictEqual(legacy.headers["request-id"], "abc.123")
        for (const bad of ["has space", "x".repeat(200), "<script>", "ünï"]) {
          const r = yield* TestServer.raw(HttpClientRequest.get("/healthz").pipe(HttpClientRequest.setHeader("Request-Id", bad)))
          assert.match(r.headers["request-id"] ?? "", REQUEST_ID, bad)
        }
      }))

    it.effect("one JSON log line per request: method, route, status, duration_ms, request_id, account id; no key", () =>
      Effect.gen(function*() {
        const { account: acct, key } = yield* account(10)
        lines.length = 0
        const ok = yield* get("/v3/account/balance", key)
        const created = yield* postJson("/v3/spotcast", createBody(), key)
        const spotcast = yield* get(`/v3/spotcast/${created.json.id}`, key)
        const denied = yield* get("/v3/account/balance", "sk_live_wrongwrongwrongwrongwrongwr")
        const logged = requestLines()
        const byId = (r: { headers: Record<string, string> }) =>
          logged.filter((entry) => entry.annotations.request_id === r.headers["request-id"])
        for (const r of [ok, created, spotcast, denied]) assert.strictEqual(byId(r).length, 1, r.text)
        const [line] = byId(spotcast)
        assert.deepStrictEqual(
          { ...line.annotations, duration_ms: typeof line.annotations.duration_ms },
          {
            method: "GET",
            route: "/v3/spotcast/:id",
            status: 200,
            duration_ms: "number",
            request_id: spotcast.headers["request-id"],
            account_id: acct.id
          }
        )
        assert.strictEqual(byId(created)[0].annotations.route, "/v3/spotcast")
        assert.strictEqual(byId(created)[0].annotations.status, 202)
        assert.strictEqual(byId(denied)[0].annotations.status, 401)
        assert.isUndefined(byId(denied)[0].annotations.account_id)
        for (const line of lines) {
          assert.notInclude(line, key)
          assert.notInclude(line, "sk_live_wrong")
          assert.notInclude(line, TestServer.ADMIN_TOKEN)
        }
      }))

    it.effect("a route that does not exist is logged as unmatched, never by its path", () =>
      Effect.gen(function*() {
        lines.length = 0
        const r = yield* get("/v3/secret-looking/sk_live_abc")
        const [line] = requestLines().filter((entry) => entry.annotations.request_id === r.headers["request-id"])
        assert.strictEqual(line.annotations.route, "unmatched")
        assert.strictEqual(line.annotations.status, 404)
      }))
  }
)

layer(TestServer.layer({ logger: jsonLines, requestLog: false }), { excludeTestServices: true })("SPOTCAST_REQUEST_LOG=false", (it) => {
  it.effect("no request lines are written; the Request-Id header stays", () =>
    Effect.gen(function*() {
      lines.length = 0
      const r = yield* get("/v3/nowhere")
      assert.match(r.headers["request-id"] ?? "", REQUEST_ID)
      assert.deepStrictEqual(requestLines(), [])
    }))
})

layer(TestServer.layer(), { excludeTestServices: true })("health and readiness", (it) => {
  it.effect("healthz and readyz answer 200 without a key or a rate-limit header, and are not in the public OpenAPI", () =>
    Effect.gen(function*() {
      const health = yield* get("/healthz")
      assert.strictEqual(health.status, 200)
      assert.deepStrictEqual(health.json, { status: "ok" })
      assert.isUndefined(health.headers["x-ratelimit-limit"])
      const ready = yield* get("/readyz")
      assert.strictEqual(ready.status, 200)
      assert.deepStrictEqual(ready.json, { status: "ready" })
      assert.strictEqual(ready.headers["cache-control"], "no-store")
      const spec = yield* get("/v3/openapi.json")
      assert.isUndefined(spec.json.paths["/healthz"])
      assert.isUndefined(spec.json.paths["/readyz"])
    }))

  it.effect("once shutdown has begun, readyz is 503 with the reason while healthz stays 200", () =>
    Effect.gen(function*() {
      yield* (yield* Lifecycle).beginShutdown
      const ready = yield* get("/readyz")
      assert.strictEqual(ready.status, 503)
      assert.deepStrictEqual(ready.json, { status: "not_ready", reason: "shutting down" })
      assert.strictEqual((yield* get("/healthz")).status, 200)
    }))
})
