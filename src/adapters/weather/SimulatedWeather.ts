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
   * Where the series of a batch (`WeatherRequest.batch`: a route's cells, hundreds) are computed (`serve`:
   * the compute pool, off the request loop); in place by default. A single series (one forecast's: about
   * 0.5 ms for 2 days) is computed in place: sent to a thread it cost the worker more than computing it
   * (the messages both ways), and queued there it held the forecast's place while the CPU had a backlog.
   */
  readonly compute?: (input: SimulationInput) => Effect.Effect<ForecastWeather, WeatherUnavailable>
}

/** What one simulated series is computed from: plain data (it may cross to a compute thread). */
export interface SimulationInput {
  readonly coordinates: WeatherRequest["coordinates"]
  readonly dates: ReadonlyArray<string>
  readonly seed: string
  readonly site: Site | undefined
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
    const compute = request.batch === true ? options.compute ?? inPlace : inPlace
    return yield* compute({ coordinates: request.coordinates, dates: request.dates, seed: request.seed, site })
  }, hourlySpan)
  return { hourly }
}

/** With `latency` before each answer (none by default), on the real geography. */
export const layer = (options: Options = {}) => Layer.effect(WeatherProvider, Effect.map(Geography, (g) => make(options, g)))
