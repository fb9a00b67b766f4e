import { HttpServer } from "@effect/platform"
import { assert, describe, it, layer } from "@effect/vitest"
import { Effect } from "effect"
import { connect, type Socket } from "node:net"
import { duplicateKey } from "../../../src/adapters/http/BodyShape.js"
import { HEADERS_TIMEOUT_MS } from "../../../src/adapters/http/ParserErrors.js"
import { account, get, postText, today } from "./support/Fixtures.js"
import { parseRawAnswer, type RawAnswer } from "./support/RawAnswer.js"
import * as TestServer from "./support/TestServer.js"

const port = Effect.map(HttpServer.HttpServer, (server) => server.address._tag === "TcpAddress" ? server.address.port : 0)

/** Sends raw bytes (optionally leaving the connection open) and reads the answer until the server closes. */
const exchange = (bytes: string) =>
  Effect.flatMap(port, (p) =>
    Effect.async<RawAnswer>((resume) => {
      const socket = connect(p, "127.0.0.1", () => socket.write(bytes))
      let text = ""
      socket.on("data", (d) => (text += d))
      socket.on("close", () => resume(Effect.succeed(parseRawAnswer(text))))
      socket.on("error", () => resume(Effect.succeed(parseRawAnswer(text))))
    }))

/** One keep-alive request's answer, read by its Content-Length (the connection stays open). */
const request = (lines: ReadonlyArray<string>) =>
  exchange([...lines, "Connection: close", "", ""].join("\r\n"))

/** The envelope, a Request-Id in the header and the body, and the rate-limit headers. */
const ours = (answer: RawAnswer, status: number, code: string) => {
  assert.strictEqual(answer.status, status, answer.text)
  assert.strictEqual(answer.json?.error?.code, code, answer.text)
  assert.isString(answer.json.error.message)
  assert.match(answer.headers["request-id"] ?? "", /^req_/, answer.text)
  assert.strictEqual(answer.json.error.request_id, answer.headers["request-id"])
  for (const name of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) {
    assert.match(answer.headers[name] ?? "", /^\d+$/, `${name}: ${answer.text}`)
  }
}

layer(TestServer.layer({ maxConnectionsPerAddress: 4 }), { excludeTestServices: true, timeout: "120 seconds" })("every answer is ours", (it) => {
  it.effect("parser-level refusals and a request without Host: the envelope, a Request-Id and the rate-limit headers", () =>
    Effect.gen(function*() {
      ours(yield* request(["GET /v3/account/balance HTTP/1.1"]), 400, "invalid_request")
      const noHost = yield* request(["GET /v3/account/balance HTTP/1.1"])
      assert.strictEqual(noHost.json.error.param, "Host")
      ours(yield* request(["FOO /v3/account/balance HTTP/1.1", "Host: x"]), 405, "method_not_allowed")
      ours(yield* request(["GET /v3/account/balance HTTP/1.1", "Host: x", `X-Big: ${"a".repeat(20_000)}`]), 431, "header_too_large")
      ours(yield* request(["POST /v3/spotcast HTTP/1.1", "Host: x", "Content-Length: abc"]), 400, "invalid_request")
      ours(yield* exchange("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"), 405, "method_not_allowed")
      // HTTP/1.0 may leave Host out: answered as any request without a key.
      const old = yield* exchange("GET /v3/account/balance HTTP/1.0\r\n\r\n")
      assert.strictEqual(old.status, 401, old.text)
      assert.strictEqual(old.json.error.code, "missing_api_key")
    }))

  it.effect("credentials: one key however often it is repeated; two different ones are 400 ambiguous_credentials", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const other = yield* account(10)
      const balance = (...headers: ReadonlyArray<string>) => request(["GET /v3/account/balance HTTP/1.1", "Host: x", ...headers])
      assert.strictEqual((yield* balance(`Authorization: Bearer ${key}`, `Authorization: Bearer ${key}`)).status, 200)
      assert.strictEqual((yield* balance(`X-API-Key: ${key}`, `X-API-Key: ${key}`)).status, 200)
      assert.strictEqual((yield* balance(`Authorization: Bearer ${key}`, `X-API-Key: ${key}`, `X-API-Key: ${key}`)).status, 200)
      for (
        const headers of [
          [`Authorization: Bearer ${key}`, `Authorization: Bearer ${other.key}`],
          [`Authorization: Bearer ${other.key}`, `Authorization: Bearer ${key}`],
          [`Authorization: Bearer ${key}`, `X-API-Key: ${other.key}`],
          [`X-API-Key: ${key}`, `X-API-Key: ${other.key}`],
          [`Authorization: Bearer ${key}`, "Authorization: Bearer sk_live_junk"]
        ]
      ) {
        const answer = yield* balance(...headers)
        ours(answer, 400, "ambiguous_credentials")
      }
      const operator = yield* request([
        "GET /admin/v1/accounts HTTP/1.1",
        "Host: x",
        `Authorization: Bearer ${TestServer.ADMIN_TOKEN}`,
        "Authorization: Bearer something-else"
      ])
      assert.strictEqual(operator.status, 400, operator.text)
      assert.strictEqual(operator.json.error.code, "ambiguous_credentials")
    }))

  it.effect("a client address holds at most the cap of open connections; the next is answered 429 and closed", () =>
    Effect.gen(function*() {
      const p = yield* port
      const held: Array<Socket> = []
      yield* Effect.addFinalizer(() => Effect.sync(() => held.forEach((s) => s.destroy())))
      for (let i = 0; i < 4; i++) {
        held.push(yield* Effect.async<Socket>((resume) => {
          const socket = connect(p, "127.0.0.1", () => resume(Effect.succeed(socket)))
        }))
      }
      const refused = yield* request(["GET /v3/account/balance HTTP/1.1", "Host: x"])
      assert.strictEqual(refused.status, 429, refused.text)
      assert.strictEqual(refused.json.error.code, "rate_limit_exceeded")
      assert.strictEqual(refused.headers["retry-after"], "1")
      assert.match(refused.headers["request-id"] ?? "", /^req_/)
      held.pop()!.destroy()
      // Waits on the server having seen the close, not on a clock.
      let answer = yield* request(["GET /v3/account/balance HTTP/1.1", "Host: x"])
      for (let i = 0; i < 200 && answer.status === 429; i++) {
        yield* Effect.sleep("25 millis")
        answer = yield* request(["GET /v3/account/balance HTTP/1.1", "Host: x"])
      }
      assert.strictEqual(answer.status, 401, answer.text)
    }).pipe(Effect.scoped))

  it.effect(`a client that stops sending its headers is answered 408 after ${HEADERS_TIMEOUT_MS / 1000} s, not a minute`, () =>
    Effect.gen(function*() {
      const started = Date.now()
      const answer = yield* exchange("GET /v3/account/balance HTTP/1.1\r\nHost: x\r\nX-Slow: 1")
      ours(answer, 408, "request_timeout")
      // The deadline plus Node's check interval; a loaded machine's margin on top, never the 60 s default.
      assert.isBelow(Date.now() - started, HEADERS_TIMEOUT_MS + 20_000)
    }), 60_000)
})

describe("repeated keys in a JSON body", () => {
  it("are found at any depth, compared unescaped, and told apart inside metadata", () => {
    assert.deepStrictEqual(duplicateKey(`{"a":1,"a":2}`), { key: "a", inMetadata: false })
    assert.deepStrictEqual(duplicateKey(`{"a":1,"\\u0061":2}`), { key: "a", inMetadata: false })
    assert.deepStrictEqual(duplicateKey(`{"metadata":{"x":{"k":1,"k":2}}}`), { key: "k", inMetadata: true })
    assert.deepStrictEqual(duplicateKey(`{"metadata":[{"k":1},{"k":1,"k":1}]}`), { key: "k", inMetadata: true })
    assert.deepStrictEqual(duplicateKey(`{"metadata":{},"metadata":{}}`), { key: "metadata", inMetadata: true })
    assert.deepStrictEqual(duplicateKey(`{"other":{"metadata":{"k":1,"k":2}}}`), { key: "k", inMetadata: false })
    assert.deepStrictEqual(duplicateKey(`{"x":{"a":1},"metadata":{"b":"a","a":"b","c":{"a":1}}}`), undefined)
    assert.deepStrictEqual(duplicateKey(`{"a":"\\"a\\":","b":["a","a"],"c":{"a":{"a":{"a":1}}}}`), undefined)
    assert.deepStrictEqual(duplicateKey(`[{"a":1},{"a":1}]`), undefined)
  })
})

layer(TestServer.layer(), { excludeTestServices: true })("a body means one thing", (it) => {
  it.effect("a key repeated in metadata is 400 invalid_metadata, elsewhere 400 invalid_json; nothing is created or charged", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const body = (metadata: string, extra = "") =>
        `{"latitude":41.13,"longitude":-71.71,"start_date":"${today()}","num_days":2${extra},"metadata":${metadata}}`
      for (const metadata of [`{"boat":"Vega","boat":"Nova"}`, `{"crew":{"skipper":"A","skipper":"B"}}`, `[{"k":1,"k":2}]`]) {
        const r = yield* postText("/v3/spotcast", body(metadata), key)
        assert.strictEqual(r.status, 400, r.text)
        assert.strictEqual(r.json.error.code, "invalid_metadata")
        assert.strictEqual(r.json.error.param, "metadata")
      }
      const top = yield* postText("/v3/spotcast", body(`{}`, `,"num_days":3`), key)
      assert.strictEqual(top.status, 400, top.text)
      assert.strictEqual(top.json.error.code, "invalid_json")
      const route = yield* postText("/v3/route", `{"waypoints":[],"metadata":{"a":1,"a":1}}`, key)
      assert.strictEqual(route.json.error.code, "invalid_metadata", route.text)
      assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 10)
      assert.deepStrictEqual((yield* get("/v3/spotcasts", key)).json.data, [])
      const fine = yield* postText("/v3/spotcast", body(`{"a":{"k":1},"b":{"k":1}}`), key)
      assert.strictEqual(fine.status, 202, fine.text)
    }))
})
