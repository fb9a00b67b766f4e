import { Duration, Effect, Either, Layer } from "effect"
import { WeatherUnavailable } from "../../domain/safety/HourlyWeather.js"
import { WeatherProvider, type WeatherProviderShape, type WeatherRequest } from "../../ports/WeatherProvider.js"
import { withTideAndCurrent } from "./SimulatedCurrent.js"
import { simulateSeries } from "./SimulatedSeries.js"

export interface Options {
  /** Delay before each answer, to make simulated forecasts take time like real ones. Default none. */
  readonly latency?: Duration.DurationInput
}

/**
 * The simulated weather provider: plausible, deterministic hourly weather for any point and dates,
 * offline. Sandbox accounts use it, and every account does when `SPOTCAST_WEATHER_PROVIDER=simulated`.
 */
export const make = (options: Options = {}): WeatherProviderShape => {
  const latency = Duration.decode(options.latency ?? Duration.zero)
  const wait = Duration.greaterThan(latency, Duration.zero) ? Effect.sleep(latency) : Effect.void
  return {
    hourly: Effect.fn("SimulatedWeather.hourly")(function*(request: WeatherRequest) {
      yield* wait
      const series = simulateSeries(request.coordinates, request.dates, request.seed)
      if (Either.isLeft(series)) return yield* new WeatherUnavailable({ reason: series.left })
      return withTideAndCurrent(series.right, request.coordinates)
    })
  }
}

/** With `latency` before each answer; none by default. */
export const layer = (options: Options = {}) => Layer.succeed(WeatherProvider, make(options))
