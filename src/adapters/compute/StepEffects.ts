import { Effect, Either } from "effect"
import { WeatherUnavailable } from "../../domain/weather/HourlyWeather.js"
import { AnalystUnavailable } from "../../ports/Analyst.js"
import type { ComputeSteps } from "../../ports/ComputePool.js"

const weatherUnavailable = (reason: string) => new WeatherUnavailable({ reason })

/**
 * The steps with their typed failures: each Left is the error the step's callers expect (the weather
 * cannot be judged, the analyst's words cannot be finished). One place for both ways a pool runs them:
 * in process through StepTurns, and inside a compute thread as effects (`stepEffects`).
 */
export const typedSteps = (steps: ComputeSteps) => ({
  judgeForecast: (input: Parameters<ComputeSteps["judgeForecast"]>[0]) =>
    Either.mapLeft(steps.judgeForecast(input), weatherUnavailable),
  writeForecast: (input: Parameters<ComputeSteps["writeForecast"]>[0]) =>
    Either.right(steps.writeForecast(input)),
  finishForecast: (input: Parameters<ComputeSteps["finishForecast"]>[0]) =>
    Either.mapLeft(steps.finishForecast(input), (reason) => new AnalystUnavailable({ reason })),
  analyzeRoute: (...[route, cells, zones]: Parameters<ComputeSteps["analyzeRoute"]>) =>
    Either.mapLeft(steps.analyzeRoute(route, cells, zones), weatherUnavailable),
  simulateWeather: (input: Parameters<ComputeSteps["simulateWeather"]>[0]) =>
    Either.mapLeft(steps.simulateWeather(input), weatherUnavailable)
})

/** The steps as the effects a compute thread answers with: an Either is the effect that fails with its Left. */
export const stepEffects = (steps: ComputeSteps) => {
  const typed = typedSteps(steps)
  return {
    judgeForecast: (input: Parameters<ComputeSteps["judgeForecast"]>[0]) => Effect.suspend(() => typed.judgeForecast(input)),
    writeForecast: (input: Parameters<ComputeSteps["writeForecast"]>[0]) => Effect.suspend(() => typed.writeForecast(input)),
    finishForecast: (input: Parameters<ComputeSteps["finishForecast"]>[0]) => Effect.suspend(() => typed.finishForecast(input)),
    analyzeRoute: (...[route, cells, zones]: Parameters<ComputeSteps["analyzeRoute"]>) =>
      Effect.suspend(() => typed.analyzeRoute(route, cells, zones)),
    simulateWeather: (input: Parameters<ComputeSteps["simulateWeather"]>[0]) => Effect.suspend(() => typed.simulateWeather(input))
  }
}
