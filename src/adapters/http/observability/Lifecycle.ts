import { Context, Effect, Layer, Ref } from "effect"

/**
 * Whether this process has begun shutting down: readiness then answers 503 so that a load balancer
 * stops sending new requests while the ones in flight finish.
 */
export class Lifecycle extends Context.Tag("spotcast/http/Lifecycle")<Lifecycle, {
  readonly shuttingDown: Effect.Effect<boolean>
  readonly beginShutdown: Effect.Effect<void>
}>() {}

export const make = Effect.map(Ref.make(false), (flag) => ({
  shuttingDown: Ref.get(flag),
  beginShutdown: Ref.set(flag, true)
}))

/** The flag, set as the first step of closing the server's scope. */
export const layer = Layer.scoped(
  Lifecycle,
  Effect.tap(make, (lifecycle) => Effect.addFinalizer(() => lifecycle.beginShutdown))
)
