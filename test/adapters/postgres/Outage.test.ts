import { HttpClientRequest } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect, Layer, Option, Redacted } from "effect"
import * as PostgresStorage from "../../../src/adapters/postgres/PostgresStorage.js"
import * as HttpServerLive from "../../../src/adapters/http/HttpServerLive.js"
import * as NaturalEarthGeography from "../../../src/adapters/geography/NaturalEarthGeography.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import * as SequentialIds from "../../../src/adapters/system/SequentialIds.js"
import { account, awaitFinished, createBody, get, postJson } from "../http/support/Fixtures.js"
import { raw, rawText } from "../http/support/TestServer.js"
import { documentValidator } from "../../main/conformance/DocumentValidator.js"
import * as TestSettings from "../../support/TestSettings.js"
import { describeServer, freshDatabase } from "./TestDatabase.js"
import { type Mode, proxy } from "./FaultyProxy.js"
import { startWebhookDispatcher } from "../../../src/application/webhook/DeliverWebhooks.js"
import { startWorkerPool } from "../../../src/application/worker/WorkerPool.js"
import { analystLayer, weatherLayer } from "../http/support/TestDoubles.js"
import * as RecordingTransport from "../webhook/fixtures/RecordingTransport.js"

/** The webhook receiver of the worker test: every delivery it gets, answered 200. */
const receiver = RecordingTransport.make(() => RecordingTransport.answer(200))

class Proxy extends Effect.Tag("test/OutageProxy")<Proxy, { readonly set: (mode: Mode) => void }>() {}

const stack = Layer.unwrapScoped(Effect.gen(function*() {
  const { url } = yield* freshDatabase
  const target = new URL(Redacted.value(url))
  const tcp = yield* proxy(target)
  const viaProxy = new URL(target)
  viaProxy.hostname = "127.0.0.1"
  viaProxy.port = String(tcp.port)
  const storage = PostgresStorage.layerUrl(Redacted.make(viaProxy.toString()), { maxConnections: 4 })
  const core = storage.pipe(
    Layer.provideMerge(Layer.mergeAll(
      SequentialIds.layer,
      NodeCrypto.layer,
      TestSettings.layer({ rateLimitPerMinute: 100_000 }),
      weatherLayer,
      analystLayer,
      NaturalEarthGeography.layer,
      receiver.layer
    ))
  )
  const server = HttpServerLive.layerTest({ adminToken: Option.none() })
  return Layer.mergeAll(server, Layer.succeed(Proxy, { set: tcp.set })).pipe(Layer.provideMerge(core))
}))

const timed = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const start = Date.now()
    const value = yield* effect
    return { value, ms: Date.now() - start }
  })

await describeServer("a storage outage", () => {
  layer(stack, { excludeTestServices: true, timeout: "120 seconds" })("storage outages are a fast 503, and everything resumes after", (it) => {
    it.effect("refused and reset connections: 503 + Retry-After within 2 s, nothing charged twice, then it works again", () =>
      Effect.gen(function*() {
        const { key } = yield* account(20)
        const served = yield* rawText(HttpClientRequest.get("/v3/openapi.json"))
        assert.strictEqual(served.status, 200, served.text.slice(0, 300))
        const conforms = documentValidator(JSON.parse(served.text))
        const first = yield* postJson("/v3/spotcast", createBody(), key, { "idempotency-key": "outage-1" })
        assert.strictEqual(first.status, 202, first.text)
        for (const mode of ["refuse", "reset"] as const) {
          yield* Proxy.set(mode)
          for (const request of [
            get("/v3/account/balance", key),
            get(`/v3/spotcast/${first.json.id}`, key),
            postJson("/v3/spotcast", createBody(), key, { "idempotency-key": `outage-${mode}` })
          ]) {
            const { value: answer, ms } = yield* timed(request)
            assert.strictEqual(answer.status, 503, `${mode}: ${answer.text}`)
            assert.strictEqual(answer.json.error.code, "service_unavailable")
            assert.strictEqual(answer.headers["retry-after"], "2")
            assert.isBelow(ms, 2_500, `${mode}: answered after ${ms} ms`)
          }
          // The 503 as the served document declares it (the Prism conformance run cannot stop a database).
          const outage = yield* rawText(HttpClientRequest.get("/v3/account/balance").pipe(HttpClientRequest.bearerToken(key)))
          assert.strictEqual(outage.status, 503, outage.text)
          assert.deepStrictEqual(
            conforms({ method: "GET", path: "/v3/account/balance", status: outage.status, headers: new Headers(outage.headers), json: JSON.parse(outage.text) }),
            [],
            `${mode}: ${outage.text}`
          )
          yield* Proxy.set("pass")
          // Back to normal: the pool reconnects by itself, and a retried create with its key takes effect once.
          const again = yield* postJson("/v3/spotcast", createBody(), key, { "idempotency-key": `outage-${mode}` })
          assert.strictEqual(again.status, 202, `${mode} after: ${again.text}`)
          const replay = yield* postJson("/v3/spotcast", createBody(), key, { "idempotency-key": `outage-${mode}` })
          assert.strictEqual(replay.status, 202)
          assert.strictEqual(replay.json.id, again.json.id)
        }
        const balance = yield* get("/v3/account/balance", key)
        assert.strictEqual(balance.json.credit_balance, 20 - 2 * 3, balance.text)
        assert.strictEqual((yield* get("/v3/spotcasts", key)).json.data.length, 3)
      }), 120_000)

    it.effect("a black-holed database and a host that never answers a connect: 503 + Retry-After within ~2 s, /readyz says so, then it works again", () =>
      Effect.gen(function*() {
        const { key } = yield* account(20)
        const first = yield* postJson("/v3/spotcast", createBody(), key, { "idempotency-key": "hole-1" })
        assert.strictEqual(first.status, 202, first.text)
        for (const mode of ["blackhole", "hang"] as const) {
          yield* Proxy.set(mode)
          // At once, so that they wait on the same dead connections (and on new ones that never answer).
          const answers = yield* Effect.all([
            timed(get("/v3/account/balance", key)),
            timed(get(`/v3/spotcast/${first.json.id}`, key)),
            timed(postJson("/v3/spotcast", createBody(), key, { "idempotency-key": `hole-${mode}` })),
            timed(get("/v3/spotcasts", key))
          ], { concurrency: "unbounded" })
          for (const { value: answer, ms } of answers) {
            assert.strictEqual(answer.status, 503, `${mode}: ${answer.text}`)
            assert.strictEqual(answer.json.error.code, "service_unavailable")
            assert.match(answer.json.error.message, /same Idempotency-Key/)
            assert.strictEqual(answer.headers["retry-after"], "2")
            // The deadlines are 2 s (a connect; silence then an unanswered probe); the rest is a loaded test machine's margin. Never the 30 s pool wait.
            assert.isBelow(ms, 3_000, `${mode}: answered after ${ms} ms`)
          }
          const { value: ready, ms } = yield* timed(get("/readyz"))
          assert.strictEqual(ready.status, 503, `${mode}: ${ready.text}`)
          assert.deepStrictEqual(ready.json, { status: "not_ready", reason: "database not answering" })
          assert.isBelow(ms, 3_000, `${mode}: /readyz answered after ${ms} ms`)

          yield* Proxy.set("pass")
          // The dead connections were dropped from the pool: new ones are opened, the create retried with its key takes effect once.
          const again = yield* postJson("/v3/spotcast", createBody(), key, { "idempotency-key": `hole-${mode}` })
          assert.strictEqual(again.status, 202, `${mode} after: ${again.text}`)
          const replay = yield* postJson("/v3/spotcast", createBody(), key, { "idempotency-key": `hole-${mode}` })
          assert.strictEqual(replay.json.id, again.json.id)
          assert.strictEqual((yield* get("/readyz")).status, 200)
        }
        const balance = yield* get("/v3/account/balance", key)
        assert.strictEqual(balance.json.credit_balance, 20 - 2 * 3, balance.text)
        assert.strictEqual((yield* get("/v3/spotcasts", key)).json.data.length, 3)
      }), 120_000)

    it.effect("workers and the webhook dispatcher back off through an outage and resume by themselves: every job finishes once, every delivery goes out once", () =>
      Effect.gen(function*() {
        const { key } = yield* account(20)
        const webhook = { webhook_url: "https://receiver.example.com/hooks" }
        // Queued before any worker runs, so that the work is waiting when the database goes away.
        const created = [
          yield* postJson("/v3/spotcast", createBody(webhook), key),
          yield* postJson("/v3/spotcast", createBody(webhook), key)
        ]
        for (const c of created) assert.strictEqual(c.status, 202, c.text)
        yield* Proxy.set("blackhole")
        yield* startWorkerPool({ concurrency: 2, pollInterval: "50 millis", lease: "10 seconds", shutdownGrace: "1 second" })
        yield* startWebhookDispatcher({ concurrency: 2, pollInterval: "50 millis", lease: "1 minute", shutdownGrace: "1 second" })
        yield* Effect.sleep("3 seconds")
        assert.strictEqual(receiver.requests.length, 0, "nothing can be done while the database is away")
        yield* Proxy.set("reset")
        yield* Effect.sleep("1 second")
        yield* Proxy.set("pass")
        for (const c of created) {
          const status = yield* awaitFinished(c.json.id, key)
          assert.strictEqual(status.json.status, "completed", status.text)
        }
        for (let i = 0; i < 200 && receiver.requests.length < created.length; i++) yield* Effect.sleep("50 millis")
        yield* Effect.sleep("500 millis")
        const ids = receiver.requests.map((r) => r.request.headers["X-Service-Delivery-ID"])
        assert.strictEqual(ids.length, created.length, `one delivery per forecast: ${ids.join(", ")}`)
        assert.strictEqual(new Set(ids).size, created.length)
        assert.deepStrictEqual(receiver.requests.map((r) => r.request.headers["X-Service-Event"]), created.map(() => "spotcast.forecast.completed"))
        for (const c of created) {
          const forecasts = yield* get(`/v3/spotcast/${c.json.id}/forecasts`, key)
          assert.strictEqual(forecasts.json.data.length, 1, forecasts.text)
        }
        assert.strictEqual((yield* get("/v3/account/balance", key)).json.credit_balance, 20 - 2 * 2)
      }).pipe(Effect.scoped), 120_000)
  })
})