import { Context, type Effect } from "effect"

/**
 * Whether this process has begun shutting down: readiness then answers 503 so that a load balancer
 * stops sending new requests while the ones in flight finish.
 */
export class Lifecycle extends Context.Tag("spotcast/http/Lifecycle")<Lifecycle, {
  readonly shuttingDown: Effect.Effect<boolean>
  readonly beginShutdown: Effect.Effect<void>
}>() {}
