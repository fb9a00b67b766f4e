import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect } from "effect"
import { StorageHealth } from "../../../ports/StorageHealth.js"
import { Lifecycle } from "./Lifecycle.js"

export const HEALTH_PATH = "/healthz"
export const READY_PATH = "/readyz"

const noStore = { headers: { "cache-control": "no-store" } }

/** The process is up and serving HTTP; it checks nothing else, so a restart is never caused by the database. */
export const healthz = Effect.succeed(HttpServerResponse.unsafeJson({ status: "ok" }, noStore))

/**
 * Ready to take traffic: not shutting down, and storage answers with its migrations applied.
 * Otherwise 503 with the first reason found.
 */
export const readyz = Effect.gen(function*() {
  const lifecycle = yield* Lifecycle
  const notReady = (reason: string) =>
    HttpServerResponse.unsafeJson({ status: "not_ready", reason }, { ...noStore, status: 503 })
  if (yield* lifecycle.shuttingDown) return notReady("shutting down")
  const storage = yield* (yield* StorageHealth).check
  return storage.ready ? HttpServerResponse.unsafeJson({ status: "ready" }, noStore) : notReady(storage.reason)
})

/** Both probes as routes beside the API; the request gate lets them through without a key or a rate limit. */
export const routes = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const context = yield* Effect.context<Lifecycle | StorageHealth>()
    yield* router.get(HEALTH_PATH, healthz)
    yield* router.get(READY_PATH, Effect.provide(readyz, context))
  })
)

/** Paths the request gate passes straight to their route. */
export const ungated = (path: string) => path === HEALTH_PATH || path === READY_PATH
