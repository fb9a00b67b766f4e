import { Effect, Layer } from "effect"
import { Analyst } from "../../ports/Analyst.js"
import { WeatherProvider } from "../../ports/WeatherProvider.js"
import * as TokenBucket from "./TokenBucket.js"

/**
 * Upstream rate limits at the port boundary: a provider layer wrapped so that every call first takes a
 * token from its own bucket (one bucket per wrapped layer, per process). The adapters inside know
 * nothing of it; a burst of forecasts then waits here, holding its place in flight, instead of getting
 * the service refused (or banned) upstream. `undefined` options leave the layer as it is.
 */

/** Each `hourly` call takes a token: wrap the live provider inside any cache, so cache hits cost none. */
export const weather = <E, R>(
  options: TokenBucket.TokenBucketOptions | undefined,
  inner: Layer.Layer<WeatherProvider, E, R>
): Layer.Layer<WeatherProvider, E, R> =>
  options === undefined ? inner : Layer.effect(
    WeatherProvider,
    Effect.gen(function*() {
      const bucket = yield* TokenBucket.make(options)
      const provider = yield* WeatherProvider
      return WeatherProvider.of({ hourly: (request) => Effect.zipRight(bucket.acquire, provider.hourly(request)) })
    })
  ).pipe(Layer.provide(inner))

/** Each `analyze` and `describeRoute` call takes a token: wrap the language model's analyst. */
export const analyst = <E, R>(
  options: TokenBucket.TokenBucketOptions | undefined,
  inner: Layer.Layer<Analyst, E, R>
): Layer.Layer<Analyst, E, R> =>
  options === undefined ? inner : Layer.effect(
    Analyst,
    Effect.gen(function*() {
      const bucket = yield* TokenBucket.make(options)
      const analyst = yield* Analyst
      const describeRoute = analyst.describeRoute
      return Analyst.of({
        analyze: (input) => Effect.zipRight(bucket.acquire, analyst.analyze(input)),
        ...(describeRoute === undefined ? {} : { describeRoute: (input) => Effect.zipRight(bucket.acquire, describeRoute(input)) })
      })
    })
  ).pipe(Layer.provide(inner))
