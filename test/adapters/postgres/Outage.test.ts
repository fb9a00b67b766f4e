import { HttpClientRequest } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect, Layer, Option, Redacted } from "effect"
import { connect, createServer, type Server, type Socket } from "node:net"
import * as PostgresStorage from "../../../src/adapters/postgres/PostgresStorage.js"
import * as HttpServerLive from "../../../src/adapters/http/HttpServerLive.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import * as SequentialIds from "../../../src/adapters/system/SequentialIds.js"
import { account, createBody, get, postJson } from "../http/support/Fixtures.js"
import { raw } from "../http/support/TestServer.js"
import * as TestSettings from "../../support/TestSettings.js"
import { describeServer, freshDatabase } from "./TestDatabase.js"

type Mode = "pass" | "refuse" | "reset"

/**
 * A TCP proxy in front of the test database that can refuse new connections or reset every
 * connection, and go back to passing traffic.
 */
const proxy = (target: URL) =>
  Effect.acquireRelease(
    Effect.async<{ readonly port: number; readonly set: (mode: Mode) => void; readonly server: Server; readonly open: Set<Socket> }>((resume) => {
      let mode: Mode = "pass"
      const open = new Set<Socket>()
      const server = createServer((client) => {
        if (mode === "refuse" || mode === "reset") return client.resetAndDestroy()
        open.add(client)
        client.on("close", () => open.delete(client))
        client.on("error", () => client.destroy())
        const upstream = connect(Number(target.port || 5432), target.hostname)
        open.add(upstream)
        upstream.on("close", () => open.delete(upstream))
        upstream.on("error", () => client.destroy())
        client.on("close", () => upstream.destroy())
        upstream.on("close", () => client.destroy())
        client.pipe(upstream)
        upstream.pipe(client)
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        resume(Effect.succeed({
          port: typeof address === "object" && address !== null ? address.port : 0,
          server,
          open,
          set: (next) => {
            mode = next
            if (next === "reset" || next === "refuse") for (const socket of open) socket.resetAndDestroy()
          }
        }))
      })
    }),
    ({ open, server }) =>
      Effect.async<void>((resume) => {
        for (const socket of open) socket.destroy()
        server.close(() => resume(Effect.void))
      })
  )

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
    Layer.provideMerge(Layer.mergeAll(SequentialIds.layer, NodeCrypto.layer, TestSettings.layer({ rateLimitPerMinute: 100_000 })))
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
        const first = yield* postJson("/v3/spotcast", createBody(), key, { "idempotency-key": "outage-1" })
        assert.strictEqual(first.status, 202, first.text)
        // Black-holed connections are not covered yet: a query on a pooled connection that never hears back
        // waits without a client-side deadline (see the README's Failures and retries).
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
  })
})
