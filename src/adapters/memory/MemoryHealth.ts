import { Effect, Layer } from "effect"
import { StorageHealth } from "../../ports/StorageHealth.js"

/** Memory is always there and has no schema to migrate. */
export const layer = Layer.succeed(StorageHealth, { check: Effect.succeed({ ready: true } as const), connections: Effect.succeed([]), isOutage: () => false })
