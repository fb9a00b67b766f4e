import { Config, ConfigError, Either, Option } from "effect"
import type { TokenBucketOptions } from "../../adapters/system/TokenBucket.js"
import { intBetween, positiveInt } from "./Env.js"

/** Forecasts in flight per process when nothing is set. */
export const DEFAULT_IN_FLIGHT = 256
/** The most in flight per process: each holds its weather and texts in memory while it waits. */
export const MAX_IN_FLIGHT = 4096

/**
 * The worker's in-flight bound. `SPOTCAST_WORKER_IN_FLIGHT` (default 256): forecasts a process holds
 * at once, mostly waiting on the weather provider and the language model. `SPOTCAST_WORKER_CONCURRENCY`
 * is its former name (when it meant slots each held for a whole forecast): still read when the new
 * name is not set, with a warning at start-up, so a deployment that set it keeps its bound.
 */
export const WorkerConfig = Config.all({
  inFlight: Config.option(intBetween("SPOTCAST_WORKER_IN_FLIGHT", 1, MAX_IN_FLIGHT)),
  former: Config.option(intBetween("SPOTCAST_WORKER_CONCURRENCY", 1, MAX_IN_FLIGHT))
}).pipe(
  Config.map(({ former, inFlight }) => ({
    inFlight: Option.getOrElse(Option.orElse(inFlight, () => former), () => DEFAULT_IN_FLIGHT),
    deprecated: Option.isNone(inFlight) && Option.isSome(former)
  }))
)
export type WorkerConfig = Config.Config.Success<typeof WorkerConfig>

/** Sustained requests per second (a decimal; 0 turns the limit off). */
const rate = (name: string, fallback: number) =>
  Config.number(name).pipe(
    Config.validate({ message: "Expected a number of requests per second from 0 (no limit) to 100000", validation: (n) => n >= 0 && n <= 100_000 }),
    Config.withDefault(fallback)
  )

/** One upstream's bucket: `None` when its rate is 0 (no limit). */
const bucket = (prefix: "SPOTCAST_WEATHER" | "SPOTCAST_LLM") =>
  Config.all({
    perSecond: rate(`${prefix}_RATE`, 10),
    burst: positiveInt(`${prefix}_BURST`).pipe(Config.withDefault(300))
  }).pipe(Config.mapOrFail(({ burst, perSecond }) =>
    perSecond === 0
      ? Either.right(Option.none<TokenBucketOptions>())
      : burst > 100_000
      ? Either.left(ConfigError.InvalidData([`${prefix}_BURST`], "Expected at most 100000"))
      : Either.right(Option.some<TokenBucketOptions>({ perSecond, burst }))
  ))

/**
 * Upstream rate limits, per process (docs/configuration.md): `SPOTCAST_WEATHER_RATE` /
 * `SPOTCAST_WEATHER_BURST` for live weather calls that miss the cache, `SPOTCAST_LLM_RATE` /
 * `SPOTCAST_LLM_BURST` for the language model's calls. By default 300 at once, then 10 a second.
 */
export const UpstreamRatesConfig = Config.all({
  weather: bucket("SPOTCAST_WEATHER"),
  llm: bucket("SPOTCAST_LLM")
})
export type UpstreamRatesConfig = Config.Config.Success<typeof UpstreamRatesConfig>
