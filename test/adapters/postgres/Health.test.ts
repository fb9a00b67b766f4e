import * as Reactivity from "@effect/experimental/Reactivity"
import * as PgClient from "@effect/sql-pg/PgClient"
import { assert, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import * as net from "node:net"
import { migrate } from "../../../src/adapters/postgres/Migrations.js"
import * as PostgresHealth from "../../../src/adapters/postgres/PostgresHealth.js"
import { StorageHealth } from "../../../src/ports/StorageHealth.js"
import { freePort, spawnSpotcast, waitUntil } from "../../support/Spawn.js"
import { describeServer, freshDatabase } from "./TestDatabase.js"

/** A TCP relay to the test server that the test can cut, as a network partition would. */
const relay = (target: URL) =>
  Effect.acquireRelease(
    Effect.async<{ port: number; cut: () => void; server: net.Server }>((resume) => {
      const sockets = new Set<net.Socket>()
      const server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname)
        sockets.add(client).add(upstream)
        client.pipe(upstream).pipe(client)
        client.on("error", () => upstream.destroy())
        upstream.on("error", () => client.destroy())
      })
      const cut = () => {
        server.close()
        for (const socket of sockets) socket.destroy()
      }
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed({ port: (server.address() as net.AddressInfo).port, cut, server })))
    }),
    ({ cut }) => Effect.sync(cut)
  )

await describeServer("readiness on a Postgres server", () => {
  it.live("ready once migrated; not ready before migrations and while the database does not answer", () =>
    Effect.scoped(Effect.gen(function*() {
      const { url } = yield* freshDatabase
      const target = new URL(Redacted.value(url))
      const { cut, port } = yield* relay(target)
      const viaRelay = new URL(target)
      viaRelay.port = String(port)
      const client = PgClient.layer({ url: Redacted.make(viaRelay.toString()), maxConnections: 2, connectTimeout: "1 second" })
      const context = yield* Layer.build(Layer.provideMerge(PostgresHealth.layer, client).pipe(Layer.provide(Reactivity.layer)))
      const health = yield* Effect.provide(StorageHealth, context)

      const before = yield* health.check
      assert.isFalse(before.ready)
      assert.match((before as { reason: string }).reason, /migrations not applied \(at 0/)

      yield* Effect.provide(migrate, context)
      assert.deepStrictEqual(yield* health.check, { ready: true })
      const connections = yield* health.connections
      assert.isAtLeast(connections.find((c) => c.state === "active")?.count ?? 0, 1, JSON.stringify(connections))

      cut()
      const started = Date.now()
      assert.deepStrictEqual(yield* health.check, { ready: false, reason: "database not answering" })
      assert.isBelow(Date.now() - started, 5_000, "a probe answers within its timeout")
    })))

  it.live("a server's /readyz turns 503 while its database does not answer; /healthz stays 200", () =>
    Effect.scoped(Effect.gen(function*() {
      const { url } = yield* freshDatabase
      const target = new URL(Redacted.value(url))
      const { cut, port } = yield* relay(target)
      const viaRelay = new URL(target)
      viaRelay.port = String(port)
      const httpPort = yield* Effect.promise(freePort)
      const api = yield* spawnSpotcast("api", ["serve", "--role", "api"], {
        DATABASE_URL: viaRelay.toString(),
        SPOTCAST_DATABASE_POOL_SIZE: "2",
        HOST: "127.0.0.1",
        PORT: String(httpPort)
      })
      const probe = (path: string) =>
        Effect.promise(() =>
          fetch(`http://127.0.0.1:${httpPort}${path}`).then(async (r) => ({ status: r.status, json: await r.json() as any }), () => ({ status: 0, json: undefined }))
        )
      yield* waitUntil("the API is ready", Effect.map(probe("/readyz"), (r) => r.status === 200), [api])
      cut()
      const down = yield* probe("/readyz")
      assert.strictEqual(down.status, 503)
      assert.deepStrictEqual(down.json, { status: "not_ready", reason: "database not answering" })
      assert.strictEqual((yield* probe("/healthz")).status, 200)
    })), 60_000)
})
