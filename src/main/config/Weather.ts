import { Config, Duration } from "effect"
import { defaults, type OpenMeteoOptions } from "../../adapters/weather/OpenMeteoOptions.js"
import { httpUrl, intBetween, nonNegativeInt } from "./Env.js"

/** `SPOTCAST_OPEN_METEO_*`: every one has the adapter's default. */
export const OpenMeteoConfig: Config.Config<OpenMeteoOptions> = Config.all({
  forecastUrl: httpUrl("SPOTCAST_OPEN_METEO_FORECAST_URL").pipe(Config.withDefault(defaults.forecastUrl)),
  marineUrl: httpUrl("SPOTCAST_OPEN_METEO_MARINE_URL").pipe(Config.withDefault(defaults.marineUrl)),
  apiKey: Config.option(Config.redacted(Config.nonEmptyString("SPOTCAST_OPEN_METEO_API_KEY"))),
  timeoutMs: intBetween("SPOTCAST_OPEN_METEO_TIMEOUT_MS", 100, 120_000).pipe(
    Config.withDefault(Duration.toMillis(defaults.timeout))
  ),
  retries: intBetween("SPOTCAST_OPEN_METEO_RETRIES", 0, 10).pipe(Config.withDefault(defaults.retries)),
  cacheTtlSeconds: intBetween("SPOTCAST_OPEN_METEO_CACHE_TTL_SECONDS", 1, 3600).pipe(
    Config.withDefault(Duration.toSeconds(defaults.cacheTtl))
  ),
  // Issue 15: the forecast models asked in one call, the first judged, the others for the confidence.
  models: Config.string("SPOTCAST_OPEN_METEO_MODELS").pipe(
    Config.map((list) => list.split(",").map((m) => m.trim())),
    Config.validate({
      message: "a comma-separated list of 1 to 6 Open-Meteo model names (letters, digits, _)",
      validation: (ms) => ms.length >= 1 && ms.length <= 6 && ms.every((m) => /^[a-z0-9_]+$/.test(m))
    }),
    Config.withDefault(defaults.models)
  )
}).pipe(
  Config.map(({ cacheTtlSeconds, timeoutMs, ...rest }): OpenMeteoOptions => ({
    ...defaults,
    ...rest,
    timeout: Duration.millis(timeoutMs),
    cacheTtl: Duration.seconds(cacheTtlSeconds)
  }))
)

/** Which weather each account gets, and the settings of both providers. */
export const WeatherConfig = Config.all({
  /** `auto`: sandbox accounts simulated, live accounts Open-Meteo; `simulated`: every account simulated. */
  provider: Config.literal("auto", "simulated")("SPOTCAST_WEATHER_PROVIDER").pipe(Config.withDefault("auto" as const)),
  simulatedLatency: nonNegativeInt("SPOTCAST_SIMULATED_WEATHER_LATENCY_MS").pipe(
    Config.withDefault(0),
    Config.map(Duration.millis)
  ),
  openMeteo: OpenMeteoConfig
})
export type WeatherConfig = Config.Config.Success<typeof WeatherConfig>
