import { Effect, Either } from "effect"
import { WeatherUnavailable } from "../../domain/weather/HourlyWeather.js"
import { AnalystUnavailable } from "../../ports/Analyst.js"
import type { ComputeSteps } from "../../ports/ComputePool.js"

/** Runs a pure step as an effect, its Left as the step's typed failure. */
const orFail = <A, E>(result: () => Either.Either<A, string>, error: (reason: string) => E): Effect.Effect<A, E> =>
  Effect.suspend(() => Either.match(result(), { onLeft: (reason) => Effect.fail(error(reason)), onRight: Effect.succeed }))

/** The steps as the effects a compute thread answers with (in process they run through StepTurns). */
export const stepEffects = (steps: ComputeSteps) => ({
  judgeForecast: (input: Parameters<ComputeSteps["judgeForecast"]>[0]) =>
    orFail(() => steps.judgeForecast(input), (reason) => new WeatherUnavailable({ reason })),
  writeForecast: (input: Parameters<ComputeSteps["writeForecast"]>[0]) => Effect.sync(() => steps.writeForecast(input)),
  finishForecast: (input: Parameters<ComputeSteps["finishForecast"]>[0]) =>
    orFail(() => steps.finishForecast(input), (reason) => new AnalystUnavailable({ reason })),
  analyzeRoute: (route: Parameters<ComputeSteps["analyzeRoute"]>[0], cells: Parameters<ComputeSteps["analyzeRoute"]>[1]) =>
    orFail(() => steps.analyzeRoute(route, cells), (reason) => new WeatherUnavailable({ reason })),
  simulateWeather: (input: Parameters<ComputeSteps["simulateWeather"]>[0]) =>
    orFail(() => steps.simulateWeather(input), (reason) => new WeatherUnavailable({ reason }))
})
