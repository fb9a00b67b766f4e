import { Cache, Data, Duration, Effect, Either, Exit, Layer } from "effect"
import type { ForecastWeather } from "../../domain/weather/ForecastWeather.js"
import { WeatherUnavailable } from "../../domain/weather/HourlyWeather.js"
import { WeatherProvider, type WeatherProviderShape, type WeatherRequest } from "../../ports/WeatherProvider.js"
import { defaults, type OpenMeteoOptions } from "./OpenMeteoOptions.js"
import { makeFetch } from "./OpenMeteoFetch.js"
import { forDates, forecastVariables, marineVariables, mergeSeries } from "./OpenMeteoSeries.js"

/** Identical requests share one upstream call: the same 0.01° cell (about 1 km), dates and zone. */
interface CacheKey {
  readonly latitude: string
  readonly longitude: string
  readonly startDate: string
  readonly endDate: string
  /** The spot's zone when the caller knows it (the answer is written at its offset now), else `auto`. */
  readonly timezone: string
}

// Rounded here and sent rounded, so every request sharing a key asks upstream the same question.
// 0.01° is finer than Open-Meteo's finest model grids (about 1-2 km).
const cell = (degrees: number): string => (Math.round(degrees * 100) / 100).toFixed(2)

const keyOf = (request: WeatherRequest): CacheKey => {
  const sorted = [...request.dates].sort()
  return Data.struct({
    latitude: cell(request.coordinates.latitude),
    longitude: cell(request.coordinates.longitude),
    startDate: sorted[0]!,
    endDate: sorted[sorted.length - 1]!,
    timezone: request.timezone ?? "auto"
  })
}

const names = (mappings: ReadonlyArray<readonly [string, string, string]>) => mappings.map((m) => m[1]).join(",")

/** The Open-Meteo weather provider: Forecast + Marine APIs, metric, converted to canonical units here. */
export const make = Effect.fn("OpenMeteoWeather.make")(function*(overrides: Partial<OpenMeteoOptions> = {}) {
  const options: OpenMeteoOptions = { ...defaults, ...overrides }
  const fetch = yield* makeFetch(options)

  const lookup = (key: CacheKey): Effect.Effect<ForecastWeather, WeatherUnavailable> => {
    const common = {
      latitude: key.latitude,
      longitude: key.longitude,
      timezone: key.timezone,
      start_date: key.startDate,
      end_date: key.endDate,
      timeformat: "iso8601"
    }
    return Effect.all([
      fetch({
        api: "forecast",
        url: options.forecastUrl,
        params: {
          ...common,
          hourly: names(forecastVariables),
          // Several models in one call; each variable comes back suffixed `_<model>` (issue 15).
          ...(options.models.length === 0 ? {} : { models: options.models.join(",") }),
          wind_speed_unit: "kmh",
          temperature_unit: "celsius",
          precipitation_unit: "mm",
          // Wind over the water, not over the nearest land cell (where friction lowers it).
          cell_selection: "sea"
        }
      }),
      fetch({
        api: "marine",
        url: options.marineUrl,
        params: { ...common, hourly: names(marineVariables), length_unit: "metric", temperature_unit: "celsius" }
      })
    ], { concurrency: 2 }).pipe(
      Effect.mapError((e) => new WeatherUnavailable({ reason: e.reason })),
      Effect.flatMap(([forecast, marine]) =>
        Either.mapLeft(mergeSeries(forecast, marine, options.models), (reason) => new WeatherUnavailable({ reason: `open-meteo: ${reason}` }))
      )
    )
  }

  const cache = yield* Cache.makeWith({
    capacity: options.cacheCapacity,
    lookup,
    timeToLive: Exit.match({ onFailure: () => Duration.zero, onSuccess: () => options.cacheTtl })
  })

  const hourly = Effect.fn("OpenMeteoWeather.hourly")(function*(request: WeatherRequest) {
    if (request.dates.length === 0) return yield* new WeatherUnavailable({ reason: "no dates were requested" })
    const key = keyOf(request)
    // Concurrent callers share a failed attempt; later ones must ask again.
    const series = yield* cache.get(key).pipe(Effect.tapError(() => cache.invalidate(key)))
    return yield* Either.mapLeft(forDates(series, request.dates, request.timezone), (reason) => new WeatherUnavailable({ reason: `open-meteo: ${reason}` }))
  })

  return { hourly } satisfies WeatherProviderShape
})

/** Needs an `HttpClient` (NodeHttpClient in main, a loopback client in tests). */
export const layer = (overrides: Partial<OpenMeteoOptions> = {}) => Layer.effect(WeatherProvider, make(overrides))
