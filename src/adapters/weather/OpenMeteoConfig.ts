import { Config, Duration, Option, type Redacted } from "effect"

export interface OpenMeteoOptions {
  /** Full endpoint URL of the Forecast API (the customer API's when a key is set). */
  readonly forecastUrl: string
  /** Full endpoint URL of the Marine API. */
  readonly marineUrl: string
  /** Sent as `apikey` to the customer API; never logged or traced. */
  readonly apiKey: Option.Option<Redacted.Redacted<string>>
  /** Per attempt, body included. */
  readonly timeout: Duration.DurationInput
  /** Extra attempts after the first, on 429, 5xx, timeouts and connection errors. */
  readonly retries: number
  /** First backoff delay; it doubles on each retry (with jitter). */
  readonly retryBaseDelay: Duration.DurationInput
  /** How long an answer is shared by identical requests (same 0.01° cell, same dates). */
  readonly cacheTtl: Duration.DurationInput
  readonly cacheCapacity: number
}

export const defaults: OpenMeteoOptions = {
  forecastUrl: "https://api.open-meteo.com/v1/forecast",
  marineUrl: "https://marine-api.open-meteo.com/v1/marine",
  apiKey: Option.none(),
  timeout: Duration.seconds(10),
  retries: 3,
  retryBaseDelay: Duration.millis(500),
  cacheTtl: Duration.minutes(5),
  cacheCapacity: 1024
}

const endpoint = (name: string, fallback: string) =>
  Config.url(name).pipe(
    Config.validate({
      message: "Expected an absolute http(s) URL",
      validation: (u) => u.protocol === "http:" || u.protocol === "https:"
    }),
    Config.map((u) => u.toString()),
    Config.withDefault(fallback)
  )

const bounded = (name: string, min: number, max: number, fallback: number) =>
  Config.integer(name).pipe(
    Config.validate({ message: `Expected an integer from ${min} to ${max}`, validation: (n) => n >= min && n <= max }),
    Config.withDefault(fallback)
  )

/** The adapter's settings from `SPOTCAST_OPEN_METEO_*`; every one has a default. */
export const config: Config.Config<OpenMeteoOptions> = Config.all({
  forecastUrl: endpoint("SPOTCAST_OPEN_METEO_FORECAST_URL", defaults.forecastUrl),
  marineUrl: endpoint("SPOTCAST_OPEN_METEO_MARINE_URL", defaults.marineUrl),
  apiKey: Config.option(Config.redacted(Config.nonEmptyString("SPOTCAST_OPEN_METEO_API_KEY"))),
  timeoutMs: bounded("SPOTCAST_OPEN_METEO_TIMEOUT_MS", 100, 120_000, 10_000),
  retries: bounded("SPOTCAST_OPEN_METEO_RETRIES", 0, 10, defaults.retries),
  cacheTtlSeconds: bounded("SPOTCAST_OPEN_METEO_CACHE_TTL_SECONDS", 1, 3600, 300)
}).pipe(
  Config.map(({ cacheTtlSeconds, timeoutMs, ...rest }): OpenMeteoOptions => ({
    ...defaults,
    ...rest,
    timeout: Duration.millis(timeoutMs),
    cacheTtl: Duration.seconds(cacheTtlSeconds)
  }))
)
