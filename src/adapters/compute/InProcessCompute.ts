import { Duration, Effect, Layer } from "effect"
import { ComputePool, type ComputePoolShape, type ComputeSteps } from "../../ports/ComputePool.js"
import { stepEffects } from "./StepEffects.js"
import * as StepTurns from "./StepTurns.js"

/**
 * How far along its forecast a step is: when a place frees, the step of the highest rank goes first
 * (StepTurns), so a forecast that has started finishes before the next one's rules run. A route's
 * analysis and simulated weather rank below a forecast's rules.
 */
const RANK = { judge: 1, write: 2, finish: 3, other: 0 } as const

/**
 * One turn of the event loop: what waits on I/O runs before the step that follows. Effect's own yield lets
 * other fibers run, but not the loop's I/O; a zero timer does, but Node makes it at least 1 ms, in which
 * the place is held and, with nothing else to do, the core idles (the worker made 1.47 times the
 * forecasts a second without it: docs/performance.md). `setImmediate` runs right after the loop's I/O.
 */
const loopTurn: Effect.Effect<void> = typeof setImmediate === "function"
  ? Effect.async<void>((resume) => {
    const handle = setImmediate(() => resume(Effect.void))
    return Effect.sync(() => clearImmediate(handle))
  })
  : Effect.sleep(Duration.zero)

/**
 * The steps on the calling thread, at most `permits` at once (the rest wait their turn, the steps of the
 * forecasts furthest along first), each after a turn of the event loop so the requests and I/O that were
 * waiting run first. For one process without threads (SPOTCAST_COMPUTE_THREADS=0), the tests and the
 * benches; a long step still holds the loop while it runs.
 */
export const make = (steps: ComputeSteps, permits: number): Effect.Effect<ComputePoolShape> =>
  Effect.sync(() => {
    const turns = StepTurns.make(permits)
    const run = (rank: number) => {
      const inTurn = turns.run(rank)
      return <A, E>(step: Effect.Effect<A, E>) => inTurn(Effect.zipRight(loopTurn, step))
    }
    const [judge, write, finish, other] = [run(RANK.judge), run(RANK.write), run(RANK.finish), run(RANK.other)]
    const effects = stepEffects(steps)
    return {
      judgeForecast: (input) => judge(effects.judgeForecast(input)),
      writeForecast: (input) => write(effects.writeForecast(input)),
      finishForecast: (input) => finish(effects.finishForecast(input)),
      analyzeRoute: (route, cells) => other(effects.analyzeRoute(route, cells)),
      simulateWeather: (input) => other(effects.simulateWeather(input))
    }
  })

export const layer = (steps: ComputeSteps, permits: number): Layer.Layer<ComputePool> =>
  Layer.effect(ComputePool, make(steps, permits))
