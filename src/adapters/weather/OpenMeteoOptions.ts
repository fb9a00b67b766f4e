import { Duration, Option, type Redacted } from "effect"

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
  /**
   * Forecast models asked for in one call (`models=`), the first the primary the rules judge; the
   * others rate the confidence (issue 15). One model: no comparison, confidence medium.
   */
  readonly models: ReadonlyArray<string>
}

export const defaults: OpenMeteoOptions = {
  forecastUrl: "https://api.open-meteo.com/v1/forecast",
  marineUrl: "https://marine-api.open-meteo.com/v1/marine",
  apiKey: Option.none(),
  timeout: Duration.seconds(10),
  retries: 3,
  retryBaseDelay: Duration.millis(500),
  cacheTtl: Duration.minutes(5),
  cacheCapacity: 1024,
  models: ["best_match", "ecmwf_ifs025", "gfs_seamless", "icon_seamless"]
}
