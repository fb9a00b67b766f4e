import { NodeHttpClient } from "@effect/platform-node"
import { Layer } from "effect"
import * as BuiltinAnalyst from "../adapters/analyst/BuiltinAnalyst.js"
import * as LlmAnalyst from "../adapters/analyst/LlmAnalyst.js"
import * as OpenMeteoWeather from "../adapters/weather/OpenMeteoWeather.js"
import * as RoutedWeather from "../adapters/weather/RoutedWeather.js"
import * as SimulatedWeather from "../adapters/weather/SimulatedWeather.js"
import type { AppConfig } from "./AppConfig.js"

/**
 * Weather and analysis. Sandbox accounts always get simulated weather; live accounts get Open-Meteo
 * unless SPOTCAST_WEATHER_PROVIDER=simulated. The analyst is the built-in one unless an LLM is
 * configured, which then writes over the built-in one as its fallback and safety floor.
 */
export const layer = (config: AppConfig) =>
  Layer.mergeAll(
    RoutedWeather.layerFrom({
      simulated: SimulatedWeather.layerConfig,
      live: OpenMeteoWeather.layerConfig,
      forceSimulated: config.weatherProvider === "simulated"
    }),
    LlmAnalyst.layerConfig(BuiltinAnalyst.layer)
  ).pipe(Layer.provide(NodeHttpClient.layerUndici))
