import { existsSync } from "node:fs"
import { availableParallelism } from "node:os"
import { fileURLToPath } from "node:url"
import { type Duration, Effect, Layer, Option, type Scope } from "effect"
import * as InProcessCompute from "../../adapters/compute/InProcessCompute.js"
import * as ThreadCompute from "../../adapters/compute/ThreadCompute.js"
import * as SimulatedWeather from "../../adapters/weather/SimulatedWeather.js"
import { Analyst } from "../../ports/Analyst.js"
import { ComputePool, type ComputePoolShape } from "../../ports/ComputePool.js"
import { Geography } from "../../ports/Geography.js"
import { WeatherProvider } from "../../ports/WeatherProvider.js"
import { steps } from "./Steps.js"

/** The compute thread's entry, beside this module once built (`dist/main/compute/ComputeThread.js`). */
const script = new URL("./ComputeThread.js", import.meta.url)

/**
 * The process's compute pool: SPOTCAST_COMPUTE_THREADS worker threads for routes and their simulated weather
 * (a forecast's own steps run on the loop, `withForecastsOnLoop`), or everything in process with one step
 * per core at once when it is 0 or the code runs from its TypeScript source (the tests: a thread needs
 * the built entry). Absent, one thread per core but the one the request loop keeps (at least one): each
 * thread is a V8 instance of its own (about 45 MB of RSS), started on the first step that needs it, and
 * the loop's own core serves requests and I/O while the threads compute.
 */
export const layer = (threads: Option.Option<number>): Layer.Layer<ComputePool> => {
  const cores = availableParallelism()
  const wanted = Option.getOrElse(threads, () => Math.max(1, cores - 1))
  if (wanted > 0 && existsSync(fileURLToPath(script))) return withForecastsOnLoop(ThreadCompute.make({ threads: wanted, script }))
  return Layer.unwrapEffect(Effect.as(
    wanted > 0 ? Effect.logDebug("compute threads need the built code; computing in process") : Effect.void,
    InProcessCompute.layer(steps, cores)
  ))
}

/**
 * A forecast's steps on the request loop, its one simulated series too (in its turn, below the steps of
 * the forecasts further along: a forecast waiting for the CPU waits before its weather exists, not with
 * it), the rest on `threads`. A forecast has at most 5 days, and
 * each of its three steps takes 0.3–1 ms for 2 days and 0.7–2.2 ms for 5 (medians; up to 8 ms with a
 * collection), each after a turn of the loop: far less than the 50 ms a request may wait. A thread is a
 * V8 instance of its own (about 45 MB of RSS, most of it effect's and the domain's module graph) that a
 * burst of forecasts would otherwise start and keep for its whole length, for under a tenth of the
 * burst's CPU. Routes (hundreds of ms) and their simulated weather (hundreds of series for a route) still go
 * to a thread.
 */
export const withForecastsOnLoop = (threads: Effect.Effect<ComputePoolShape, never, Scope.Scope>): Layer.Layer<ComputePool> =>
  Layer.scoped(
    ComputePool,
    Effect.gen(function*() {
      const pool = yield* threads
      const loop = yield* InProcessCompute.make(steps, 1)
      return {
        judgeForecast: loop.judgeForecast,
        writeForecast: loop.writeForecast,
        finishForecast: loop.finishForecast,
        analyzeRoute: pool.analyzeRoute,
        simulateWeather: (input) => input.batch === true ? pool.simulateWeather(input) : loop.simulateWeather(input)
      }
    })
  )

/** The built-in analyst, writing on the compute pool (its texts for many days are CPU work too). */
export const builtinAnalyst: Layer.Layer<Analyst, never, ComputePool> = Layer.effect(
  Analyst,
  Effect.map(ComputePool, (pool) => ({ analyze: pool.writeForecast }))
)

/**
 * The simulated weather, computed on the compute pool: a route's series on its threads (hundreds for a
 * large route), a SpotCast's one series on the loop in its turn (`withForecastsOnLoop`).
 */
export const simulatedWeather = (latency: Duration.DurationInput): Layer.Layer<WeatherProvider, never, ComputePool | Geography> =>
  Layer.effect(
    WeatherProvider,
    Effect.gen(function*() {
      const pool = yield* ComputePool
      return SimulatedWeather.make({ latency, compute: pool.simulateWeather }, yield* Geography)
    })
  )
