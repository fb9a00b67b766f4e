// A bare @effect/platform server, for bench/bare-route-gc.sh: one route, no middleware, tracing off; its
// handler answers at once (none), or first waits 2 ms (sleep), for `SELECT 1` through pg directly (rawpg)
// or through @effect/sql-pg (sql). It shows what a waiting fiber costs the young generation outside SpotCast.
// SLAB=1 first keeps Effect's root fibers as SpotCast's `serve` does (src/main/RootFibers.ts; needs `npm run build`).
// usage: node bench/bare-route.mjs <none|sleep|rawpg|sql> <port> <database url>
import { createServer } from "node:http"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServer from "@effect/platform/HttpServer"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { PgClient } from "@effect/sql-pg"
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Layer, Redacted } from "effect"
import pg from "pg"

if (process.env.SLAB === "1") (await import("../dist/main/RootFibers.js")).keepRootFibersInSlab()

const [mode, port, url] = process.argv.slice(2)
const pool = new pg.Pool({ connectionString: url, max: 10 })
const route = HttpRouter.empty.pipe(HttpRouter.get("/", Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  if (mode === "sleep") yield* Effect.sleep("2 millis")
  else if (mode === "rawpg") yield* Effect.promise(() => pool.query("SELECT 1 AS x"))
  else if (mode === "sql") yield* sql`SELECT 1 AS x`
  return HttpServerResponse.text("ok")
})))
route.pipe(
  HttpServer.serve(),
  Layer.provide(NodeHttpServer.layer(createServer, { port: Number(port), host: "127.0.0.1" })),
  Layer.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 10 })),
  Layer.provide(Layer.setTracerEnabled(false)),
  Layer.launch,
  Effect.runPromise
)
