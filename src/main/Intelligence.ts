import type { HttpClient } from "@effect/platform"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { Duration, Effect, Layer, Option } from "effect"
import * as BuiltinAnalyst from "../adapters/analyst/BuiltinAnalyst.js"
import type { LlmOptions } from "../adapters/analyst/LlmOptions.js"
import * as EstimatedWaves from "../adapters/weather/EstimatedWaves.js"
import * as OpenMeteoWeather from "../adapters/weather/OpenMeteoWeather.js"
import * as RoutedWeather from "../adapters/weather/RoutedWeather.js"
import * as SharedWeatherCache from "../adapters/weather/SharedWeatherCache.js"
import * as SimulatedWeather from "../adapters/weather/SimulatedWeather.js"
import * as RateLimited from "../adapters/system/RateLimited.js"
import type { TokenBucketOptions } from "../adapters/system/TokenBucket.js"
import type { Analyst } from "../ports/Analyst.js"
import type { Geography } from "../ports/Geography.js"
import type { WeatherProvider } from "../ports/WeatherProvider.js"
import type { AppConfig } from "./config/AppConfig.js"

/**
 * `fallback` itself when no LLM is configured; otherwise the LLM analyst over it. The LLM code (and
 * `@effect/ai` with it) is loaded only when a model is configured.
 */
export const analyst = <E, R>(
  llm: Option.Option<LlmOptions>,
  fallback: Layer.Layer<Analyst, E, R>,
  rate?: TokenBucketOptions
): Layer.Layer<Analyst, E, R | HttpClient.HttpClient> =>
  Option.match(llm, {
    onNone: () => fallback,
    onSome: (options) =>
      RateLimited.analyst(
        rate,
        Layer.unwrapEffect(Effect.map(Effect.promise(() => import("../adapters/analyst/LlmAnalyst.js")), (m) => m.layer(options, fallback)))
      )
  })

/**
 * Weather and analysis. Sandbox accounts always get simulated weather; live accounts get Open-Meteo
 * unless SPOTCAST_WEATHER_PROVIDER=simulated, through the weather cache shared by every process on the
 * same storage (Open-Meteo's own per-process cache then only joins identical calls in flight). Either
 * way, hours without waves on a lake or enclosed water get the fetch-limited estimate. The analyst is
 * the built-in one unless an LLM is configured, which then writes over the built-in one as its
 * fallback and safety floor. `builtin` and `simulated` are where the built-in analyst and the simulated
 * weather compute (`serve`: on the compute pool). Live weather calls that miss the cache, and the model's
 * calls, each take a token from their upstream's bucket first (SPOTCAST_WEATHER_RATE, SPOTCAST_LLM_RATE).
 */
export const layer = <E = never, R = never>(
  config: Pick<AppConfig, "weather" | "analyst" | "upstreamRates">,
  builtin: Layer.Layer<Analyst, E, R> = BuiltinAnalyst.layer as Layer.Layer<Analyst, E, R>,
  simulated: Layer.Layer<WeatherProvider, E, R | Geography> = SimulatedWeather.layer({ latency: config.weather.simulatedLatency })
) =>
  Layer.mergeAll(
    EstimatedWaves.layer(RoutedWeather.layerFrom({
      simulated,
      live: SharedWeatherCache.layer(
        {
          provider: "open-meteo",
          variant: config.weather.openMeteo.models.join(","),
          ttl: config.weather.openMeteo.cacheTtl
        },
        RateLimited.weather(
          Option.getOrUndefined(config.upstreamRates.weather),
          // With no time to live its entries are never used again, yet held up to the capacity (about
          // 70 KB each): a small capacity keeps a burst of distinct cells from holding 1,024 of them.
          // Identical calls in flight are joined by the shared cache in front of it anyway.
          OpenMeteoWeather.layer({ ...config.weather.openMeteo, cacheTtl: Duration.zero, cacheCapacity: 64 })
        )
      ),
      forceSimulated: config.weather.provider === "simulated"
    })),
    analyst(config.analyst, builtin, Option.getOrUndefined(config.upstreamRates.llm))
  ).pipe(Layer.provide(NodeHttpClient.layerUndici))
