import { Context, Effect, Layer } from "effect"
import { WeatherProvider, type WeatherProviderShape, type WeatherRequest } from "../../ports/WeatherProvider.js"

export type Route = "simulated" | "live"

/** Sandbox requests always get simulated weather; live ones too when the service forces it. */
export const route = (request: WeatherRequest, forceSimulated: boolean): Route =>
  forceSimulated || request.mode === "sandbox" ? "simulated" : "live"

export interface Options {
  readonly simulated: WeatherProviderShape
  readonly live: WeatherProviderShape
  /** `SPOTCAST_WEATHER_PROVIDER=simulated`: every account gets simulated weather (offline development). */
  readonly forceSimulated: boolean
}

/** One `WeatherProvider` that sends each request to the simulated or the live provider. */
export const make = ({ forceSimulated, live, simulated }: Options): WeatherProviderShape => ({
  hourly: (request) => route(request, forceSimulated) === "simulated" ? simulated.hourly(request) : live.hourly(request)
})

/** From two provider shapes. */
export const layer = (options: Options): Layer.Layer<WeatherProvider> => Layer.succeed(WeatherProvider, make(options))

/** Builds a provider layer in the current scope and takes its `WeatherProvider` out of it. */
const provided = <E, R>(source: Layer.Layer<WeatherProvider, E, R>) =>
  Effect.map(Layer.build(source), (context) => Context.get(context, WeatherProvider))

/**
 * From two adapter layers that each provide `WeatherProvider` (e.g. the simulated and the Open-Meteo
 * layers), built once in this layer's scope. When forced, the live layer is not built at
 * all, so offline development needs none of its configuration.
 */
export const layerFrom = <E1, R1, E2, R2>(options: {
  readonly simulated: Layer.Layer<WeatherProvider, E1, R1>
  readonly live: Layer.Layer<WeatherProvider, E2, R2>
  readonly forceSimulated: boolean
}): Layer.Layer<WeatherProvider, E1 | E2, R1 | R2> =>
  Layer.scoped(
    WeatherProvider,
    Effect.gen(function*() {
      const simulated = yield* provided(options.simulated)
      const live = options.forceSimulated ? simulated : yield* provided(options.live)
      return make({ simulated, live, forceSimulated: options.forceSimulated })
    })
  )
