// The framework's floor: a bare @effect/platform HttpApi with one GET endpoint answering the same
// bytes, serialized once as SpotCast's GET is (no middleware, no auth, no logging, tracing off), to tell
// HttpApi's own cost from SpotCast's. Answering the body as an object instead (addSuccess(Schema.Unknown))
// costs a JSON.stringify of the 24 KB per request, which SpotCast does not pay: that floor is too high.
// node bench/memory-floor.mjs <port> <bodyfile>
import { createServer } from "node:http"
import { readFileSync } from "node:fs"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup, HttpMiddleware, HttpServerResponse } from "@effect/platform"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Effect, Function, Layer, Schema } from "effect"

const [port, file] = process.argv.slice(2)
const body = new Uint8Array(readFileSync(file))

const Api = HttpApi.make("floor").add(
  HttpApiGroup.make("g").add(HttpApiEndpoint.get("get", "/v3/spotcast/:id").setPath(Schema.Struct({ id: Schema.String })).addSuccess(Schema.Unknown))
)
const Live = HttpApiBuilder.group(Api, "g", (h) =>
  h.handle("get", () => Effect.sync(() => HttpServerResponse.uint8Array(body, { contentType: "application/json" }))))

HttpApiBuilder.serve().pipe(
  Layer.provide(HttpApiBuilder.api(Api).pipe(Layer.provide(Live))),
  HttpMiddleware.withTracerDisabledWhen(Function.constTrue),
  Layer.provide(Layer.setTracerEnabled(false)),
  Layer.provide(NodeHttpServer.layer(createServer, { port: Number(port), host: "127.0.0.1" })),
  Layer.launch,
  NodeRuntime.runMain
)
