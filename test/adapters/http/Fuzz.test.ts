import { type HttpClient, HttpClientRequest, HttpServer } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect, Encoding, Layer, Option, Redacted, Runtime } from "effect"
import fc from "fast-check"
import { connect } from "node:net"
import * as EmbeddedPostgres from "../../../src/adapters/postgres/EmbeddedPostgres.js"
import * as AesGcmSealer from "../../../src/adapters/system/AesGcmSealer.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import { forecastsList, SPOTCASTS_LIST } from "../../../src/application/spotcast/ReadSpotCasts.js"
import { ROUTES_LIST } from "../../../src/application/route/ReadRoutes.js"
import { WIDGETS_LIST } from "../../../src/application/widget/Widgets.js"
import { DELIVERIES_LIST } from "../../../src/application/webhook/WebhookDeliveries.js"
import { testSettings } from "../../support/TestSettings.js"
import { describeServer, serverStorage } from "../postgres/TestDatabase.js"
import type { StorageHealth } from "../../../src/ports/StorageHealth.js"
import type { StoragePorts } from "../../ports/StorageHarness.js"
import { account, createSpotCast, get } from "./support/Fixtures.js"
import { parseRawAnswer, type RawAnswer } from "./support/RawAnswer.js"
import * as TestServer from "./support/TestServer.js"

/**
 * A seeded property-based fuzzer over every public and operator endpoint: random methods, paths
 * (real routes with real, foreign, malformed and hostile ids), headers, content types and bodies (JSON
 * of any shape and depth, text with NUL and lone surrogates, bytes that are not JSON). Every answer must
 * be below 500, in the envelope when it is an error, with the rate-limit headers; and an error must
 * change nothing: the balance and the lists are compared before and after it.
 * FUZZ_RUNS (memory), FUZZ_PGLITE_RUNS, FUZZ_POSTGRES_RUNS and FUZZ_SEED rerun it longer or at a reported seed
 * (scripts/fuzz.sh); each storage's run ends with one line: requests, seconds, answers by status.
 */
const RUNS = Number(process.env["FUZZ_RUNS"] ?? 150)
/** On PGlite each request (and the snapshots around it) goes through SQL: fewer in `npm test`. */
const PGLITE_RUNS = Number(process.env["FUZZ_PGLITE_RUNS"] ?? process.env["FUZZ_RUNS"] ?? 30)
/** On the PostgreSQL server (TEST_DATABASE_URL): the pool, its deadlines and real concurrency meet the same inputs. */
const POSTGRES_RUNS = Number(process.env["FUZZ_POSTGRES_RUNS"] ?? process.env["FUZZ_RUNS"] ?? 30)
const SEED = Number(process.env["FUZZ_SEED"] ?? 20261123)
/** FUZZ_VERBOSE=1 prints each request before it is sent (to find one that hangs). */
const VERBOSE = process.env["FUZZ_VERBOSE"] === "1"

const hostile = fc.constantFrom("", "..", "%00", "x%00y", "%ud800", "%F0%9F%8C%8A", "a".repeat(300), "acct_bogus", "spc_bogus", "' OR 1=1 --", "%2e%2e%2f")

interface Ids {
  readonly account: string
  readonly spotcast: string
  readonly forecast: string
  readonly otherSpotcast: string
}

const idArb = (real: string) => fc.oneof(fc.constant(real), hostile, fc.string({ maxLength: 40 }).map(encodeURIComponent))

/** A route with the method it takes; the fuzzer mostly sends that method, sometimes any other. */
const routeArb = (ids: Ids): fc.Arbitrary<readonly [string, string]> =>
  fc.oneof(
    { arbitrary: fc.constant(["POST", "/v3/spotcast"] as const), weight: 6 },
    fc.constant(["GET", "/v3/spotcasts"] as const),
    fc.constant(["GET", "/v3/account/balance"] as const),
    fc.constant(["GET", "/v3/developer/info"] as const),
    { arbitrary: fc.constant(["POST", "/v3/spotcast/widgets"] as const), weight: 3 },
    fc.constant(["GET", "/v3/spotcast/widgets"] as const),
    idArb(ids.spotcast).map((id) => ["GET", `/v3/spotcast/${id}`] as const),
    idArb(ids.otherSpotcast).map((id) => ["GET", `/v3/spotcast/${id}/status`] as const),
    idArb(ids.spotcast).map((id) => ["GET", `/v3/spotcast/${id}/forecasts`] as const),
    fc.tuple(idArb(ids.spotcast), idArb(ids.forecast)).map(([sp, f]) => ["GET", `/v3/spotcast/${sp}/forecast/${f}`] as const),
    { arbitrary: idArb(ids.spotcast).map((id) => ["POST", `/v3/spotcast/${id}/refresh`] as const), weight: 2 },
    hostile.map((id) => ["PUT", `/v3/spotcast/widgets/${id}`] as const),
    hostile.map((id) => ["DELETE", `/v3/spotcast/widgets/${id}`] as const),
    hostile.map((id) => ["POST", `/v3/spotcast/widgets/${id}/refresh`] as const),
    hostile.map((id) => ["GET", `/embed/widgets/${id}`] as const),
    { arbitrary: fc.constant(["POST", "/v3/route"] as const), weight: 3 },
    fc.constant(["GET", "/v3/routes"] as const),
    hostile.map((id) => ["GET", `/v3/route/${id}`] as const),
    hostile.map((id) => ["GET", `/v3/route/${id}/status`] as const),
    fc.tuple(hostile, idArb(ids.forecast)).map(([r, f]) => ["GET", `/v3/route/${r}/forecast/${f}`] as const),
    hostile.map((id) => ["POST", `/v3/route/${id}/refresh`] as const),
    { arbitrary: fc.constant(["POST", "/admin/v1/accounts"] as const), weight: 2 },
    idArb(ids.account).map((id) => ["GET", `/admin/v1/accounts/${id}`] as const),
    { arbitrary: idArb(ids.account).map((id) => ["POST", `/admin/v1/accounts/${id}/credits`] as const), weight: 2 },
    idArb(ids.account).map((id) => ["POST", `/admin/v1/accounts/${id}/keys`] as const),
    fc.tuple(idArb(ids.account), hostile).map(([a, k]) => ["POST", `/admin/v1/accounts/${a}/keys/${k}/revoke`] as const),
    idArb(ids.account).map((id) => ["GET", `/admin/v1/accounts/${id}/webhook-deliveries`] as const),
    idArb(ids.account).map((id) => ["GET", `/admin/v1/accounts/${id}/usage`] as const),
    fc.constant(["GET", "/v3/usage"] as const),
    fc.constant(["GET", "/v3/usage/export"] as const),
    fc.tuple(idArb(ids.account), hostile).map(([a, d]) => ["POST", `/admin/v1/accounts/${a}/webhook-deliveries/${d}/redeliver`] as const),
    fc.string({ maxLength: 30 }).map((x) => ["GET", `/${encodeURIComponent(x)}`] as const)
  ).chain(([method, path]) =>
    fc.tuple(
      fc.oneof({ arbitrary: fc.constant(method), weight: 4 }, fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")),
      fc.option(
        fc.dictionary(fc.constantFrom("limit", "after", "status", "x", "starting_after", "from", "to", "granularity"), fc.oneof(fc.integer().map(String), fc.string({ maxLength: 20 }))),
        { nil: undefined, freq: 3 }
      )
    ).map(([m, query]) => [m, query === undefined ? path : `${path}?${new URLSearchParams(query).toString()}`] as const)
  )

/**
 * Cursors sealed with the test server's own key (as anyone who knew the key could make them) for the
 * account's real lists, naming positions from plausible to hostile: out-of-range and fractional
 * instants, ids with NUL, lone surrogates or SQL, fields of the wrong type or number.
 */
const forgedCursorArb = (ids: Ids) => {
  const digests = NodeCrypto.make
  const secret = Redacted.value(testSettings.cursorSecret)
  const seal = (fields: ReadonlyArray<unknown>) => {
    const payload = Encoding.encodeBase64Url(JSON.stringify(fields))
    return `${payload}.${digests.hmacSha256Hex(secret, payload).slice(0, 32)}`
  }
  const list = fc.constantFrom(SPOTCASTS_LIST, forecastsList(ids.spotcast), ROUTES_LIST, WIDGETS_LIST, DELIVERIES_LIST)
  const instant = fc.oneof(
    fc.integer(),
    fc.maxSafeInteger(),
    fc.double(),
    fc.constantFrom(8_640_000_000_000_001, -8_640_000_000_000_001, 253_402_300_800_000, 0, "1", null)
  )
  const id = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(`spc_${"A".repeat(21)}\u0000`, "\u0000", "\ud800", "' OR 1=1 --", `fcst_${"z".repeat(22)}`, 7)
  )
  return fc.oneof(
    fc.tuple(list, instant, id).map(([l, at, i]) => seal([1, ids.account, l, at, i])),
    fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 7 }).map(seal),
    fc.string({ maxLength: 40 }).map((junk) => `${junk}.${"0".repeat(32)}`)
  )
}

/** Text that stresses storage and encoders: NUL, lone surrogates, emoji, very long. */
const nastyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom("\u0000", "a\u0000b", "\ud800", "\udc00x", "🌊", "x".repeat(3000), "<script>alert(1)</script>")
)

const nested = (depth: number): string => "{\"a\":".repeat(depth) + "1" + "}".repeat(depth)

const bodyArb = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.record({
    latitude: fc.oneof(fc.double(), fc.constant(41.1)),
    longitude: fc.oneof(fc.double(), fc.constant(-71.7)),
    start_date: fc.oneof(nastyText, fc.constantFrom("9999-12-31", "0000-01-01", "2026-02-30", "+275760-09-13")),
    num_days: fc.oneof(fc.integer(), fc.constant(1)),
    webhook_url: fc.oneof(nastyText, fc.constantFrom("https://10.0.0.1/", "https://[::1]/", "https://h.example.com/\u0000")),
    metadata: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(nastyText, nastyText)),
    name: nastyText,
    note: nastyText,
    amount: fc.oneof(fc.integer(), fc.constant(Number.MAX_SAFE_INTEGER), fc.double()),
    display_type: nastyText
  }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  fc.integer({ min: 30, max: 3000 }).map(nested),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
  nastyText
)

/**
 * What the HTTP client cannot send, written on a socket of its own: a header line repeated (the same key, or
 * two that disagree), no Host, HTTP/1.0, a method Node does not know, headers over the limit, a bad or
 * doubled Content-Length, Content-Length beside chunked encoding, a folded or non-ASCII header line.
 */
const wireArb = fc.constantFrom(
  "two-authorization-same",
  "two-authorization-different",
  "two-x-api-key-same",
  "two-x-api-key-different",
  "authorization-and-x-api-key-different",
  "no-host",
  "http-1.0",
  "unknown-method",
  "lowercase-method",
  "header-too-large",
  "content-length-junk",
  "content-length-twice",
  "chunked-and-content-length",
  "chunked",
  "folded-header",
  "latin1-header",
  "nul-in-path"
)

const requestArb = (ids: Ids) =>
  fc.record({
    route: routeArb(ids),
    body: bodyArb,
    contentType: fc.option(
      fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", "multipart/form-data", "multipart/form-data; boundary=zz", "application/x-www-form-urlencoded", "application/vnd.api+json", "\u00e9/\u00e9"),
      { nil: undefined }
    ),
    auth: fc.oneof(
      { arbitrary: fc.constant("key"), weight: 3 },
      fc.constantFrom("key", "admin", "none", "junk", "both", "disagree", "joined", "bearer-junk")
    ),
    after: fc.option(forgedCursorArb(ids), { nil: undefined, freq: 3 }),
    idempotencyKey: fc.option(fc.string({ minLength: 1, maxLength: 300 }).filter((s) => /^[\x20-\x7e]+$/.test(s)), { nil: undefined }),
    wire: fc.option(wireArb, { nil: undefined, freq: 4 })
  })

type Req = ReturnType<typeof requestArb> extends fc.Arbitrary<infer R> ? R : never

const build = (r: Req, key: string) => {
  const [method, route] = r.route
  const path = r.after === undefined ? route : `${route}${route.includes("?") ? "&" : "?"}after=${encodeURIComponent(r.after)}`
  let request = HttpClientRequest.make(method as "GET")(path)
  if (r.auth === "key") request = HttpClientRequest.bearerToken(request, key)
  if (r.auth === "admin") request = HttpClientRequest.bearerToken(request, TestServer.ADMIN_TOKEN)
  if (r.auth === "junk") request = HttpClientRequest.setHeader(request, "x-api-key", "sk_live_junk")
  // Credentials sent twice: the same key, two that disagree, one header carrying two, a scheme that is not Bearer.
  if (r.auth === "both") request = HttpClientRequest.setHeader(HttpClientRequest.bearerToken(request, key), "x-api-key", key)
  if (r.auth === "disagree") request = HttpClientRequest.setHeader(HttpClientRequest.bearerToken(request, key), "x-api-key", "sk_live_other")
  if (r.auth === "joined") request = HttpClientRequest.setHeader(request, "x-api-key", `${key}, ${key}`)
  if (r.auth === "bearer-junk") request = HttpClientRequest.setHeader(request, "authorization", `Bearer ${key} ${key}`)
  if (r.idempotencyKey !== undefined) request = HttpClientRequest.setHeader(request, "idempotency-key", r.idempotencyKey)
  if (r.body !== undefined && method !== "GET" && method !== "HEAD") {
    request = HttpClientRequest.bodyText(request, r.body, r.contentType ?? "application/json")
  }
  return request
}

/** The request as bytes on a socket of its own (Connection: close), with the wire case's changes; read until the server closes. */
const sendWire = (port: number, r: Req, key: string, wire: string) =>
  Effect.async<RawAnswer>((resume) => {
    const built = build(r, key)
    let method = built.method as string
    if (wire === "unknown-method") method = "FROB"
    if (wire === "lowercase-method") method = method.toLowerCase()
    const target = wire === "nul-in-path" ? `${built.url}%00\u0000` : built.url
    const body = r.body !== undefined && built.method !== "GET" && built.method !== "HEAD" ? Buffer.from(r.body, "utf8") : undefined
    const lines: Array<string> = [`${method} ${target} ${wire === "http-1.0" ? "HTTP/1.0" : "HTTP/1.1"}`]
    if (wire !== "no-host" && wire !== "http-1.0") lines.push("Host: 127.0.0.1")
    for (const [name, value] of Object.entries(built.headers)) lines.push(`${name}: ${value}`)
    if (wire === "two-authorization-same") lines.push(`Authorization: Bearer ${key}`, `Authorization: Bearer ${key}`)
    if (wire === "two-authorization-different") lines.push(`Authorization: Bearer ${key}`, "Authorization: Bearer sk_live_other")
    if (wire === "two-x-api-key-same") lines.push(`X-API-Key: ${key}`, `X-API-Key: ${key}`)
    if (wire === "two-x-api-key-different") lines.push(`X-API-Key: ${key}`, "X-API-Key: sk_live_other")
    if (wire === "authorization-and-x-api-key-different") lines.push(`Authorization: Bearer ${key}`, "X-API-Key: sk_live_other")
    if (wire === "header-too-large") lines.push(`X-Big: ${"a".repeat(20_000)}`)
    if (wire === "folded-header") lines.push("X-Folded: a", " b")
    if (wire === "latin1-header") lines.push("X-Latin: caf\u00e9")
    if (body !== undefined || wire.startsWith("content-length") || wire.startsWith("chunked")) {
      if (body !== undefined && r.contentType !== undefined) lines.push(`Content-Type: ${r.contentType}`)
      const length = body?.length ?? 0
      if (wire === "content-length-junk") lines.push("Content-Length: abc")
      else if (wire === "content-length-twice") lines.push(`Content-Length: ${length}`, `Content-Length: ${length + 1}`)
      else if (wire === "chunked-and-content-length") lines.push("Transfer-Encoding: chunked", `Content-Length: ${length}`)
      else if (wire !== "chunked") lines.push(`Content-Length: ${length}`)
      else lines.push("Transfer-Encoding: chunked")
    }
    lines.push("Connection: close", "", "")
    const head = Buffer.from(lines.join("\r\n"), "latin1")
    const payload = !wire.startsWith("chunked")
      ? body ?? Buffer.alloc(0)
      : body === undefined || body.length === 0
      ? Buffer.from("0\r\n\r\n")
      : Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from("\r\n0\r\n\r\n")])
    const chunks: Array<Buffer> = []
    // Written without half-closing, as HTTP clients do (Node aborts the requests of a client that half-closes).
    const socket = connect(port, "127.0.0.1", () => socket.write(Buffer.concat([head, payload])))
    const done = () => resume(Effect.succeed(parseRawAnswer(Buffer.concat(chunks).toString("utf8"))))
    socket.on("data", (d: Buffer) => chunks.push(d))
    socket.on("close", done)
    socket.on("error", () => undefined)
    return Effect.sync(() => socket.destroy())
  })

/**
 * What an error must not change: the balance, which SpotCasts and widgets exist, and the account's
 * status, credits and keys. (Forecasts finishing in the background and keys' last use are not the
 * request's doing, so they are left out.)
 */
const snapshot = (key: string, accountId: string) =>
  Effect.gen(function*() {
    const balance = (yield* get("/v3/account/balance", key)).json
    const spotcasts = ((yield* get("/v3/spotcasts?limit=100", key)).json?.data ?? []).map((s: any) => s.id)
    const widgets = ((yield* get("/v3/spotcast/widgets?limit=100", key)).json?.data ?? []).map((w: any) => w.id)
    const routes = ((yield* get("/v3/routes?limit=100", key)).json?.data ?? []).map((r: any) => r.id)
    const detail = (yield* TestServer.raw(HttpClientRequest.get(`/admin/v1/accounts/${accountId}`).pipe(
      HttpClientRequest.bearerToken(TestServer.ADMIN_TOKEN)
    ))).json
    const keys = (detail?.api_keys ?? []).map((k: any) => [k.id, k.revoked_at])
    return JSON.stringify([balance, spotcasts, widgets, routes, detail?.account?.status, detail?.credits, keys])
  })

/** The same properties on every storage the server can run on. */
type Served = Layer.Layer.Success<ReturnType<typeof TestServer.layerOn<StoragePorts | StorageHealth, unknown>>>
const fuzz = (storageName: string, server: Layer.Layer<Served, unknown>, runs: number) =>
layer(server, { excludeTestServices: true, timeout: "300 seconds" })(`fuzz on ${storageName}`, (it) => {
  it.effect(`every endpoint, ${runs} random requests from seed ${SEED}: no 5xx, the envelope, nothing changed by a 4xx`, () =>
    Effect.gen(function*() {
      const { account: owner, key } = yield* account(1_000)
      const { key: otherKey } = yield* account(10)
      const mine = yield* createSpotCast(key)
      const theirs = yield* createSpotCast(otherKey)
      const ids: Ids = { account: owner.id, spotcast: mine.id, forecast: mine.forecast_id, otherSpotcast: theirs.id }
      const failures: Array<string> = []
      const fail = (what: string) => {
        failures.push(what)
        return false
      }
      const run = Runtime.runPromise(yield* Effect.runtime<HttpClient.HttpClient>())
      const server = yield* HttpServer.HttpServer
      const port = server.address._tag === "TcpAddress" ? server.address.port : 0
      // The state before each request: only this property's requests change it (forecasts finishing in
      // the background are left out of it), so the state after one request is the state before the next.
      let before = yield* snapshot(key, owner.id)
      // The answers by status, printed at the end: the long runs' figures (scripts/fuzz.sh).
      const statuses = new Map<number, number>()
      const started = Date.now()
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(requestArb(ids), (r) =>
            run(Effect.gen(function*() {
              const method = r.route[0]
              const path = build(r, key).url
              if (VERBOSE) process.stdout.write(`${storageName}: ${JSON.stringify(r).slice(0, 300)}\n`)
              const sent = r.wire === undefined
                ? TestServer.raw(build(r, key))
                : sendWire(port, r, key, r.wire)
              const answered = yield* sent.pipe(Effect.timeout("10 seconds"), Effect.option)
              const request = `${method} ${path} (${r.contentType ?? "no type"}, ${r.auth}${r.wire === undefined ? "" : `, ${r.wire}`})`
              if (answered._tag === "None") return fail(`no answer within 10 s: ${request}`)
              const answer = answered.value
              statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
              // Progress on the long runs: a line every 500 requests.
              const answeredSoFar = [...statuses.values()].reduce((sum, n) => sum + n, 0)
              if (answeredSoFar % 500 === 0) process.stdout.write(`fuzzing ${storageName}, seed ${SEED}: ${answeredSoFar} requests in ${((Date.now() - started) / 1000).toFixed(0)} s\n`)
              const what = `${request} -> ${answer.status} ${answer.text.slice(0, 200)}`
              if (answer.status >= 500 || answer.status < 100) return fail(what)
              const snapped = yield* snapshot(key, owner.id).pipe(Effect.timeout("20 seconds"), Effect.option)
              if (snapped._tag === "None") return fail(`the server stopped answering after: ${what}`)
              const after = snapped.value
              // The public embed page answers its 404 as an HTML page, by design.
              if (answer.status >= 400 && method !== "HEAD" && !path.startsWith("/embed/")) {
                if (typeof answer.json?.error?.code !== "string" || typeof answer.json?.error?.message !== "string") {
                  return fail(`no envelope: ${what}`)
                }
                if (after !== before) return fail(`a ${answer.status} changed state: ${what}`)
              }
              before = after
              if (answer.headers["x-ratelimit-limit"] === undefined && !path.startsWith("/embed/")) {
                return fail(`no rate-limit headers: ${what}`)
              }
              return true
            }))),
          { numRuns: runs, seed: SEED, endOnFailure: true }
        ).catch((error) => {
          failures.push(`seed ${SEED}: ${String(error).slice(0, 2000)}`)
        })
      )
      const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(", ")
      const total = [...statuses.values()].reduce((sum, n) => sum + n, 0)
      process.stdout.write(`fuzz on ${storageName}, seed ${SEED}: ${total} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; ${histogram}\n`)
      assert.deepStrictEqual(failures, [], `reproduce with FUZZ_SEED=${SEED} and ${runs} runs on ${storageName} (scripts/fuzz.sh)`)
    }), Math.max(600_000, runs * 3_000))
})

// A count of 0 leaves that storage out (scripts/fuzz.sh runs one storage at a time that way).
if (RUNS > 0) fuzz("memory", TestServer.layer(), RUNS)
// PGlite, with webhook secrets sealed: the SQL path (text columns, JSON, transactions) meets the same inputs.
if (PGLITE_RUNS > 0) {
  fuzz(
    "embedded PGlite",
    TestServer.layerOn(EmbeddedPostgres.layer().pipe(Layer.provide(AesGcmSealer.layer({ current: Option.some(Redacted.make(new Uint8Array(32).fill(7))), previous: Option.none() })))),
    PGLITE_RUNS
  )
}
if (POSTGRES_RUNS > 0) {
  await describeServer("the fuzzer on the PostgreSQL server", () => {
    fuzz("the PostgreSQL server", TestServer.layerOn(serverStorage({ maxConnections: 4 })), POSTGRES_RUNS)
  })
}
