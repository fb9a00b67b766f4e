import { randomUUID } from "node:crypto"
import { Clock, Context, Data, Deferred, Duration, Effect, Exit, FiberId, Layer, Metric, type Scope } from "effect"
import type { ForecastWeather } from "../../domain/weather/ForecastWeather.js"
import { WeatherUnavailable } from "../../domain/weather/HourlyWeather.js"
import { WeatherCacheStore, type WeatherCacheStoreShape } from "../../ports/WeatherCacheStore.js"
import { WeatherProvider, type WeatherProviderShape, type WeatherRequest } from "../../ports/WeatherProvider.js"
import { cacheHitsTotal, cacheMissesTotal } from "./WeatherMetrics.js"

export interface SharedWeatherCacheOptions {
  /** Names the upstream in keys and metrics, e.g. `open-meteo`. */
  readonly provider: string
  /** Whatever else shapes the provider's answer besides cell and dates (e.g. its model list). */
  readonly variant: string
  /** How long an answer is shared. */
  readonly ttl: Duration.DurationInput
  /** A claim lasts this long unless renewed; its holder renews it every third of it while it waits upstream. */
  readonly lease?: Duration.DurationInput
  /** A waiter gives up on another caller's claim after this long and asks the provider itself. */
  readonly maxWait?: Duration.DurationInput
  /** The grid the key rounds coordinates to, in decimal places of a degree (2: 0.01°, about 1 km). */
  readonly cellDecimals?: number
}

const FIRST_POLL_MILLIS = 20
const MAX_POLL_MILLIS = 250

/** The storage under the cache failed: the provider is asked directly (the cache only saves calls). */
class StoreDown extends Data.TaggedError("StoreDown")<{ readonly cause: unknown }> {}

const stored = <A>(effect: Effect.Effect<A>): Effect.Effect<A, StoreDown> =>
  Effect.catchAllDefect(effect, (cause) => Effect.fail(new StoreDown({ cause })))

/** The request as every caller in its cell asks it: coordinates on the grid, dates sorted and distinct. */
export const normalized = (request: WeatherRequest, decimals: number): WeatherRequest => {
  const scale = 10 ** decimals
  const round = (degrees: number) => Math.round(degrees * scale) / scale
  return {
    ...request,
    coordinates: { latitude: round(request.coordinates.latitude), longitude: round(request.coordinates.longitude) },
    dates: [...new Set(request.dates)].sort()
  }
}

export const keyOf = (options: SharedWeatherCacheOptions, request: WeatherRequest): string => {
  const decimals = options.cellDecimals ?? 2
  const { latitude, longitude } = request.coordinates
  // The zone too: a provider answers the local days of the zone asked (none: its own).
  return `${options.provider}|${options.variant}|${latitude.toFixed(decimals)},${longitude.toFixed(decimals)}|${request.dates.join(",")}|${request.timezone ?? ""}`
}

/**
 * A `WeatherProvider` over another one that shares answers through a `WeatherCacheStore`: keyed by
 * provider, grid cell, dates and models, so every process on the same storage asks upstream once per key
 * and TTL. Concurrent callers in this process share one look; across processes the store's claim makes
 * the others wait for the holder's answer (or its failure) instead of calling too. A claim whose holder
 * died lapses after its lease. Failures are shared with the callers that waited, never cached.
 */
export const make = Effect.fn("SharedWeatherCache.make")(function*(
  options: SharedWeatherCacheOptions,
  inner: WeatherProviderShape
) {
  const store: WeatherCacheStoreShape = yield* WeatherCacheStore
  const scope: Scope.Scope = yield* Effect.scope
  const decimals = options.cellDecimals ?? 2
  const ttlMillis = Duration.toMillis(options.ttl)
  const leaseMillis = Duration.toMillis(options.lease ?? Duration.seconds(15))
  const maxWaitMillis = Duration.toMillis(options.maxWait ?? Duration.seconds(60))
  const sweepEveryMillis = Math.max(ttlMillis, 60_000)
  const hits = Metric.tagged(cacheHitsTotal, "provider", options.provider)
  const misses = Metric.tagged(cacheMissesTotal, "provider", options.provider)
  const instance = randomUUID()
  let claims = 0
  let nextSweep = 0
  const flights = new Map<string, Deferred.Deferred<ForecastWeather, WeatherUnavailable>>()

  const sweepIfDue = (now: number) => {
    if (now < nextSweep) return Effect.void
    nextSweep = now + sweepEveryMillis
    return stored(store.sweep(now))
  }

  /** Asks upstream under the claim, renewing it meanwhile; the answer or the failure goes to the store. */
  const fetchClaimed = (key: string, owner: string, request: WeatherRequest) => {
    const renewing = Effect.sleep(Duration.millis(leaseMillis / 3)).pipe(
      Effect.zipRight(Clock.currentTimeMillis),
      Effect.flatMap((now) => store.renew(key, owner, now + leaseMillis)),
      Effect.catchAllCause(() => Effect.void),
      Effect.forever
    )
    return Effect.zipRight(Metric.increment(misses), inner.hourly(request)).pipe(
      Effect.raceFirst(renewing),
      Effect.onExit((exit) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) =>
          Exit.match(exit, {
            onSuccess: (value) => store.fill(key, owner, JSON.stringify(value), now + ttlMillis),
            onFailure: (cause) => {
              const failure = cause._tag === "Fail" ? cause.error : undefined
              // A typed failure is shared with the waiters; anything else just ends the claim.
              return failure === undefined ? store.renew(key, owner, 0) : store.fail(key, owner, failure.reason, now)
            }
          })).pipe(Effect.catchAllCause((cause) => Effect.logWarning("weather cache: could not record an answer", cause)))
      )
    )
  }

  const resolve = (key: string, request: WeatherRequest): Effect.Effect<ForecastWeather, WeatherUnavailable> =>
    Effect.gen(function*() {
      const since = yield* Clock.currentTimeMillis
      let poll = FIRST_POLL_MILLIS
      while (true) {
        const now = yield* Clock.currentTimeMillis
        if (now - since > maxWaitMillis) {
          yield* Effect.logWarning("weather cache: gave up waiting for another caller's upstream call", { key })
          return yield* Effect.zipRight(Metric.increment(misses), inner.hourly(request))
        }
        yield* sweepIfDue(now)
        const owner = `${instance}:${++claims}`
        const found = yield* stored(store.look({
          key,
          owner,
          nowMillis: now,
          waitingSinceMillis: since,
          leaseUntilMillis: now + leaseMillis
        }))
        switch (found._tag) {
          case "Hit":
            const value = yield* Effect.try({
              try: () => JSON.parse(found.value) as ForecastWeather,
              catch: (cause) => new StoreDown({ cause })
            })
            yield* Metric.increment(hits)
            return value
          case "Failed":
            yield* Metric.increment(hits)
            return yield* new WeatherUnavailable({ reason: found.reason })
          case "Claimed":
            return yield* fetchClaimed(key, owner, request)
          case "InFlight":
            yield* Effect.sleep(Duration.millis(poll))
            poll = Math.min(poll * 2, MAX_POLL_MILLIS)
        }
      }
    }).pipe(
      Effect.catchTag("StoreDown", (e) =>
        Effect.logWarning("weather cache: storage failed, asking the provider directly", e.cause).pipe(
          Effect.zipRight(Metric.increment(misses)),
          Effect.zipRight(inner.hourly(request))
        ))
    )

  /**
   * One look per key in this process at a time, run apart from its callers: a caller that is
   * interrupted leaves the others (and the claim's answer for the other processes) unharmed.
   */
  const shared = (key: string, request: WeatherRequest): Effect.Effect<ForecastWeather, WeatherUnavailable> =>
    Effect.suspend(() => {
      const pending = flights.get(key)
      if (pending !== undefined) return Effect.zipRight(Metric.increment(hits), Deferred.await(pending))
      const flight = Deferred.unsafeMake<ForecastWeather, WeatherUnavailable>(FiberId.none)
      flights.set(key, flight)
      return resolve(key, request).pipe(
        Effect.intoDeferred(flight),
        Effect.ensuring(Effect.sync(() => flights.delete(key))),
        Effect.forkIn(scope),
        Effect.zipRight(Deferred.await(flight))
      )
    })

  const hourly = (request: WeatherRequest): Effect.Effect<ForecastWeather, WeatherUnavailable> => {
    if (request.dates.length === 0) return inner.hourly(request)
    const asked = normalized(request, decimals)
    return shared(keyOf(options, asked), asked)
  }

  return { hourly } satisfies WeatherProviderShape
})

/** Over a provider layer, built once in this layer's scope. */
export const layer = <E, R>(
  options: SharedWeatherCacheOptions,
  inner: Layer.Layer<WeatherProvider, E, R>
): Layer.Layer<WeatherProvider, E, R | WeatherCacheStore> =>
  Layer.scoped(
    WeatherProvider,
    Effect.gen(function*() {
      const provider = Context.get(yield* Layer.build(inner), WeatherProvider)
      return yield* make(options, provider)
    })
  )
