import type { HttpClient } from "@effect/platform"
import { NodeHttpClient } from "@effect/platform-node"
import { Duration, Layer, Option } from "effect"
import * as BuiltinAnalyst from "../adapters/analyst/BuiltinAnalyst.js"
import * as LlmAnalyst from "../adapters/analyst/LlmAnalyst.js"
import type { LlmOptions } from "../adapters/analyst/LlmOptions.js"
import * as OpenMeteoWeather from "../adapters/weather/OpenMeteoWeather.js"
import * as RoutedWeather from "../adapters/weather/RoutedWeather.js"
import * as SharedWeatherCache from "../adapters/weather/SharedWeatherCache.js"
import * as SimulatedWeather from "../adapters/weather/SimulatedWeather.js"
import type { Analyst } from "../ports/Analyst.js"
import type { AppConfig } from "./config/AppConfig.js"

/** `fallback` itself when no LLM is configured; otherwise the LLM analyst over it. */
export const analyst = <E, R>(
  llm: Option.Option<LlmOptions>,
  fallback: Layer.Layer<Analyst, E, R>
): Layer.Layer<Analyst, E, R | HttpClient.HttpClient> =>
  Option.match(llm, { onNone: () => fallback, onSome: (options) => LlmAnalyst.layer(options, fallback) })

/**
 * Weather and analysis. Sandbox accounts always get simulated weather; live accounts get Open-Meteo
 * unless SPOTCAST_WEATHER_PROVIDER=simulated, through the weather cache shared by every process on the
 * same storage (Open-Meteo's own per-process cache then only joins identical calls in flight). The
 * analyst is the built-in one unless an LLM is configured, which then writes over the built-in one as
 * its fallback and safety floor.
 */
export const layer = (config: Pick<AppConfig, "weather" | "analyst">) =>
  Layer.mergeAll(
    RoutedWeather.layerFrom({
      simulated: SimulatedWeather.layer({ latency: config.weather.simulatedLatency }),
      live: SharedWeatherCache.layer(
        {
          provider: "open-meteo",
          variant: config.weather.openMeteo.models.join(","),
          ttl: config.weather.openMeteo.cacheTtl
        },
        OpenMeteoWeather.layer({ ...config.weather.openMeteo, cacheTtl: Duration.zero })
      ),
      forceSimulated: config.weather.provider === "simulated"
    }),
    analyst(config.analyst, BuiltinAnalyst.layer)
  ).pipe(Layer.provide(NodeHttpClient.layerUndici))
