import { Effect, Layer, Ref } from "effect"
import { Lifecycle } from "../../../ports/Lifecycle.js"

export { Lifecycle }

export const make = Effect.map(Ref.make(false), (flag) => ({
  shuttingDown: Ref.get(flag),
  beginShutdown: Ref.set(flag, true)
}))

/** The flag, set as the first step of closing the server's scope. */
export const layer = Layer.scoped(
  Lifecycle,
  Effect.tap(make, (lifecycle) => Effect.addFinalizer(() => lifecycle.beginShutdown))
)
