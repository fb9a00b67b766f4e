import { Effect, Layer } from "effect"
import { estimatedWaveFt, fetchLimitedWaves } from "../../domain/geography/FetchLimitedWaves.js"
import { isMarine } from "../../domain/geography/Water.js"
import type { ForecastWeather } from "../../domain/weather/ForecastWeather.js"
import type { HourlyPoint } from "../../domain/weather/HourlyWeather.js"
import type { Coordinates } from "../../domain/spotcast/Coordinates.js"
import { Geography, type GeographyShape } from "../../ports/Geography.js"
import { WeatherProvider, type WeatherProviderShape } from "../../ports/WeatherProvider.js"

/** Directions the fetch is measured in: every 22.5°, from north. */
const DIRECTIONS = 16
/** Hours of wind from about the same direction that still build the sea (a day and a half). */
const MAX_DURATION_HOURS = 36
/** Wind within this of the hour's direction is the same wind for the duration. */
const SAME_WIND_DEG = 45

const angle = (a: number, b: number) => Math.abs((((a - b) % 360) + 540) % 360 - 180)

/** How long the hour's wind has blown from about its direction, hours (at least one). */
const durationAt = (hours: ReadonlyArray<HourlyPoint>, i: number): number => {
  const from = hours[i]!.wind_direction_deg!, speed = hours[i]!.wind_speed_kt!
  let n = 1
  for (let j = i - 1; j >= 0 && n < MAX_DURATION_HOURS; j--) {
    const h = hours[j]!
    if (h.wind_direction_deg === null || h.wind_speed_kt === null) break
    if (angle(h.wind_direction_deg, from) > SAME_WIND_DEG || h.wind_speed_kt < 0.5 * speed) break
    n++
  }
  return n
}

const fetchFrom = (fetchKm: ReadonlyArray<number>, fromDeg: number): number => {
  const x = ((((fromDeg % 360) + 360) % 360) / 360) * DIRECTIONS
  const i = Math.floor(x) % DIRECTIONS, f = x - Math.floor(x)
  return fetchKm[i]! * (1 - f) + fetchKm[(i + 1) % DIRECTIONS]! * f
}

/**
 * Fills the hours the provider left without waves (a lake, an enclosed water beyond the marine model)
 * with the Shore Protection Manual's fetch-limited estimate from the hour's wind, how long it has blown
 * from its direction, and the open water upwind measured on the real shores. Marked `waves_estimated`.
 * Where the provider gives waves, they are kept as they are.
 */
export const withEstimatedWaves = (geography: GeographyShape, at: Coordinates, series: ForecastWeather) =>
  Effect.gen(function*() {
    const missing = series.hours.some((h) => h.wave_height_ft === null && h.wind_speed_kt !== null && h.wind_direction_deg !== null)
    if (!missing || !isMarine(yield* geography.surfaceAt(at))) return series
    const fetchKm = yield* Effect.forEach(
      Array.from({ length: DIRECTIONS }, (_, i) => (i * 360) / DIRECTIONS),
      (fromDeg) => geography.fetchKm(at, fromDeg)
    )
    const hours = series.hours.map((h, i): HourlyPoint => {
      if (h.wave_height_ft !== null || h.wind_speed_kt === null || h.wind_direction_deg === null) return h
      const sea = fetchLimitedWaves(h.wind_speed_kt, fetchFrom(fetchKm, h.wind_direction_deg), durationAt(series.hours, i))
      return {
        ...h,
        wave_height_ft: estimatedWaveFt(sea),
        wave_period_s: Math.round(sea.periodS * 10) / 10,
        wave_direction_deg: Math.round(h.wind_direction_deg) % 360,
        waves_estimated: true
      }
    })
    return { ...series, hours }
  })

export const make = (inner: WeatherProviderShape, geography: GeographyShape): WeatherProviderShape => ({
  hourly: (request) => Effect.flatMap(inner.hourly(request), (series) => withEstimatedWaves(geography, request.coordinates, series))
})

/** `inner` with its missing waves estimated on the real geography. */
export const layer = <E, R>(inner: Layer.Layer<WeatherProvider, E, R>): Layer.Layer<WeatherProvider, E, R | Geography> =>
  Layer.effect(WeatherProvider, Effect.zipWith(WeatherProvider, Geography, make)).pipe(Layer.provide(inner))
