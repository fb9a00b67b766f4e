import { Context, type Effect } from "effect"
import type { AccountMode } from "../domain/account/Account.js"
import type { Coordinates } from "../domain/spotcast/Coordinates.js"
import type { ForecastWeather } from "../domain/weather/ForecastWeather.js"
import type { WeatherUnavailable } from "../domain/weather/HourlyWeather.js"

export interface WeatherRequest {
  readonly coordinates: Coordinates
  /**
   * The forecast's calendar dates, local at the spot: the provider returns every hour of them (in
   * `timezone` when given; its hours' instants are what count, whatever one offset it writes them at).
   */
  readonly dates: ReadonlyArray<string>
  /** The spot's IANA time zone, when the caller knows it (the geography's). */
  readonly timezone?: string
  /** Sandbox accounts get simulated data whatever the provider behind them. */
  readonly mode: AccountMode
  /** Makes simulated data reproducible (the SpotCast id); real providers ignore it. */
  readonly seed: string
  /**
   * One of many calls for one job (a route's cells): a provider that computes its series (the simulated
   * one) does these off the request loop, and one forecast's single series on it, in its turn
   * (`SimulationRequest.batch`). Real providers ignore it.
   */
  readonly batch?: boolean
}

/** Hourly atmospheric and marine series for a point (with tide, current and models where known), or `WeatherUnavailable`. */
export interface WeatherProviderShape {
  readonly hourly: (request: WeatherRequest) => Effect.Effect<ForecastWeather, WeatherUnavailable>
}

export class WeatherProvider extends Context.Tag("spotcast/WeatherProvider")<WeatherProvider, WeatherProviderShape>() {}
