import { Duration, Effect, Layer } from "effect"
import { ComputePool, type ComputePoolShape, type ComputeSteps } from "../../ports/ComputePool.js"
import { stepEffects } from "./StepEffects.js"

/**
 * The steps on the calling thread, at most `permits` at once (the rest wait their turn), each after a
 * turn of the event loop so the requests and I/O that were waiting run first. For one process without threads
 * (SPOTCAST_COMPUTE_THREADS=0), the tests and the benches; a long step still holds the loop while it runs.
 */
export const make = (steps: ComputeSteps, permits: number): Effect.Effect<ComputePoolShape> =>
  Effect.map(Effect.makeSemaphore(Math.max(1, permits)), (semaphore) => {
    // A timer, not a microtask: Effect's own yield lets other fibers run, but not the event loop's I/O.
    const run = <A, E>(step: Effect.Effect<A, E>) => semaphore.withPermits(1)(Effect.zipRight(Effect.sleep(Duration.zero), step))
    const effects = stepEffects(steps)
    return {
      judgeForecast: (input) => run(effects.judgeForecast(input)),
      writeForecast: (input) => run(effects.writeForecast(input)),
      finishForecast: (input) => run(effects.finishForecast(input)),
      analyzeRoute: (route, cells) => run(effects.analyzeRoute(route, cells)),
      simulateWeather: (input) => run(effects.simulateWeather(input))
    }
  })

export const layer = (steps: ComputeSteps, permits: number): Layer.Layer<ComputePool> =>
  Layer.effect(ComputePool, make(steps, permits))
