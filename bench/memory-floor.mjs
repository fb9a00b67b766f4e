// The framework's floor: a bare @effect/platform HttpApi with one GET endpoint answering the same
// bytes (no middleware, no auth, no logging, tracing off), to tell HttpApi's own cost from SpotCast's.
// node bench/memory-floor.mjs <port> <bodyfile>
import { createServer } from "node:http"
import { readFileSync } from "node:fs"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup, HttpMiddleware } from "@effect/platform"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Effect, Function, Layer, Schema } from "effect"

const [port, file] = process.argv.slice(2)
const body = JSON.parse(readFileSync(file, "utf8"))

const Api = HttpApi.make("floor").add(
  HttpApiGroup.make("g").add(HttpApiEndpoint.get("get", "/v3/spotcast/:id").setPath(Schema.Struct({ id: Schema.String })).addSuccess(Schema.Unknown))
)
const Live = HttpApiBuilder.group(Api, "g", (h) => h.handle("get", () => Effect.succeed(body)))

HttpApiBuilder.serve().pipe(
  Layer.provide(HttpApiBuilder.api(Api).pipe(Layer.provide(Live))),
  HttpMiddleware.withTracerDisabledWhen(Function.constTrue),
  Layer.provide(Layer.setTracerEnabled(false)),
  Layer.provide(NodeHttpServer.layer(createServer, { port: Number(port), host: "127.0.0.1" })),
  Layer.launch,
  NodeRuntime.runMain
)
