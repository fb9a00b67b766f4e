import { Duration, Effect, Either, Layer } from "effect"
import type { ForecastWeather } from "../../domain/weather/ForecastWeather.js"
import { WeatherUnavailable } from "../../domain/weather/HourlyWeather.js"
import { Geography, type GeographyShape } from "../../ports/Geography.js"
import { spanned } from "../../ports/Spans.js"
import { WeatherProvider, type WeatherProviderShape, type WeatherRequest } from "../../ports/WeatherProvider.js"
import { withTideAndCurrent } from "./SimulatedCurrent.js"
import { simulateSeries } from "./SimulatedSeries.js"
import { type Site, siteOf } from "./SimulatedSite.js"

export interface Options {
  /** Delay before each answer, to make simulated forecasts take time like real ones. Default none. */
  readonly latency?: Duration.DurationInput
  /**
   * Where each series is computed, told whether it is one of a batch (`WeatherRequest.batch`: a route's
   * cells, hundreds); in place by default. `serve` gives its compute pool, which sends a batch's series to
   * its threads and computes a single one (one forecast's: about 0.2 ms for 2 days) in its turn on the
   * loop (`Compute.withForecastsOnLoop`).
   */
  readonly compute?: (input: SimulationInput) => Effect.Effect<ForecastWeather, WeatherUnavailable>
}

/** What one simulated series is computed from: plain data (it may cross to a compute thread). */
export interface SimulationInput {
  readonly coordinates: WeatherRequest["coordinates"]
  readonly dates: ReadonlyArray<string>
  readonly seed: string
  readonly site: Site | undefined
  /** One of many series for one job (`WeatherRequest.batch`); absent for a single one. */
  readonly batch?: true
}

/** The series itself, pure (the CPU-heavy part): Left when the simulated world has no weather there. */
export const simulate = (input: SimulationInput): Either.Either<ForecastWeather, string> =>
  Either.map(simulateSeries(input.coordinates, input.dates, input.seed, input.site), (series) => withTideAndCurrent(series, input.coordinates))

// Made only when tracing (see Spans): a route asks for hundreds of series.
const hourlySpan = spanned("SimulatedWeather.hourly")

const inPlace = (input: SimulationInput) =>
  Either.match(simulate(input), { onLeft: (reason) => Effect.fail(new WeatherUnavailable({ reason })), onRight: Effect.succeed })

/**
 * The simulated weather provider: plausible, deterministic hourly weather for any point and dates,
 * offline. Sandbox accounts use it, and every account does when `SPOTCAST_WEATHER_PROVIDER=simulated`.
 * With `geography` (as served), the sea, the lakes and the time zone are the real ones; without it
 * (unit tests, benches) the simulated world's coarse mask and a zone of longitude ÷ 15.
 */
export const make = (options: Options = {}, geography?: GeographyShape): WeatherProviderShape => {
  const latency = Duration.decode(options.latency ?? Duration.zero)
  const wait = Duration.greaterThan(latency, Duration.zero) ? Effect.sleep(latency) : Effect.void
  const hourly = Effect.fnUntraced(function*(request: WeatherRequest) {
    yield* wait
    const { latitude, longitude } = request.coordinates
    const site = geography === undefined || !(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)
      ? undefined
      : yield* siteOf(geography, request.coordinates, request.dates)
    const input: SimulationInput = { coordinates: request.coordinates, dates: request.dates, seed: request.seed, site }
    return yield* (options.compute ?? inPlace)(request.batch === true ? { ...input, batch: true } : input)
  }, hourlySpan)
  return { hourly }
}

/** With `latency` before each answer (none by default), on the real geography. */
export const layer = (options: Options = {}) => Layer.effect(WeatherProvider, Effect.map(Geography, (g) => make(options, g)))
