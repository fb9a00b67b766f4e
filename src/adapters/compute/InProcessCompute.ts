import { Effect, Layer } from "effect"
import { ComputePool, type ComputePoolShape, type ComputeSteps } from "../../ports/ComputePool.js"
import { typedSteps } from "./StepEffects.js"
import * as StepTurns from "./StepTurns.js"

/**
 * How far along its forecast a step is: at each turn, the step of the highest rank goes first
 * (StepTurns), so a forecast that has started finishes before the next one's rules run. A route's
 * analysis and simulated weather rank below a forecast's rules.
 */
const RANK = { judge: 1, write: 2, finish: 3, other: 0 } as const

/**
 * The steps on the calling thread, one turn of the event loop each (`permits` a turn at most), so the
 * requests and I/O that were waiting run between them; the steps of the forecasts furthest along go first
 * (StepTurns). For one process without threads (SPOTCAST_COMPUTE_THREADS=0), a forecast's own steps in
 * `serve`, the tests and the benches; a long step still holds the loop while it runs.
 */
export const make = (steps: ComputeSteps, permits: number): Effect.Effect<ComputePoolShape> =>
  Effect.sync(() => {
    const turns = StepTurns.make(permits)
    const [judge, write, finish, other] = [turns.run(RANK.judge), turns.run(RANK.write), turns.run(RANK.finish), turns.run(RANK.other)]
    const typed = typedSteps(steps)
    return {
      judgeForecast: (input) => judge(() => typed.judgeForecast(input)),
      writeForecast: (input) => write(() => typed.writeForecast(input)),
      finishForecast: (input) => finish(() => typed.finishForecast(input)),
      analyzeRoute: (route, cells, zones) => other(() => typed.analyzeRoute(route, cells, zones)),
      simulateWeather: (input) => other(() => typed.simulateWeather(input))
    }
  })

export const layer = (steps: ComputeSteps, permits: number): Layer.Layer<ComputePool> =>
  Layer.effect(ComputePool, make(steps, permits))
