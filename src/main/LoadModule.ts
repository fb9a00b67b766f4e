import { Effect, Layer } from "effect"
import { oneLine } from "./cli/OneLine.js"
import { StartupFailure } from "./StartupFailure.js"

/**
 * A module the configuration asks for, imported when it does (storage, tracing, the background roles, a
 * model): a process does not hold code it never runs. Failing to load it fails start-up in one line, as
 * any other start-up failure, naming what could not be loaded and why.
 */
export const loadModule = <M>(load: () => Promise<M>, what: string): Effect.Effect<M, StartupFailure> =>
  Effect.tryPromise({
    try: load,
    catch: (error) => new StartupFailure(`cannot load ${what} (${oneLine(error)}); reinstall SpotCast (npm ci, npm run build)`)
  })

/** A layer built from a module loaded as `loadModule` does, when the layer is built. */
export const loadLayer = <M, A, E, R>(
  load: () => Promise<M>,
  what: string,
  build: (module: M) => Layer.Layer<A, E, R>
): Layer.Layer<A, E | StartupFailure, R> => Layer.unwrapEffect(Effect.map(loadModule(load, what), build))
