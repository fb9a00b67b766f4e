import * as HttpApi from "@effect/platform/HttpApi"
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import type * as HttpApiScalar from "@effect/platform/HttpApiScalar"
import type * as HttpLayerRouter from "@effect/platform/HttpLayerRouter"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as OpenApi from "@effect/platform/OpenApi"
import { Clock, Context, Effect, Layer, Option } from "effect"
import { Settings } from "../../../ports/Settings.js"
import { withDatedExamples, withServers } from "./OpenApiPolish.js"

const DAY_MS = 86_400_000

/**
 * The API whose document names this service's public root (PUBLIC_BASE_URL) in `servers` and whose
 * examples are dated for the UTC day of `nowMillis`, after the API's own finishing touches.
 */
type Api = (typeof HttpApi.Api)["Service"]["api"]

const documentedOn = (api: Api, publicBaseUrl: string, nowMillis: number): Api => {
  const finish = Option.getOrElse(Context.getOption(api.annotations, OpenApi.Transform), () => (spec: Record<string, any>) => spec)
  return api.annotate(OpenApi.Transform, (spec) =>
    withDatedExamples(withServers(finish(spec), publicBaseUrl), nowMillis))
}

/**
 * The public OpenAPI document, with `servers` naming this service's public root and examples dated
 * today: it is built once per UTC day, when first asked for.
 */
export const openApiLayer = (path: `/${string}`) =>
  HttpApiBuilder.Router.use((router) =>
    Effect.gen(function*() {
      const { api } = yield* HttpApi.Api
      const { publicBaseUrl } = yield* Settings
      let built: { readonly day: number; readonly response: HttpServerResponse.HttpServerResponse } | undefined
      yield* router.get(path, Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const day = Math.floor(now / DAY_MS)
        if (built !== undefined && built.day === day) return Effect.succeed(built.response)
        return Effect.map(
          HttpServerResponse.json(OpenApi.fromApi(documentedOn(api, publicBaseUrl, now))).pipe(Effect.orDie),
          (response) => {
            built = { day, response }
            return response
          }
        )
      }))
    })
  )

/**
 * The Scalar reference page: no toolbar (its Share and Generate SDKs would upload the document to a
 * third party), no telemetry, no web fonts fetched; requests tried from the page go to PUBLIC_BASE_URL.
 * The page embeds the document, with examples dated the day the server started. It is made when first
 * asked for: Scalar's bundle (3.4 MB of JavaScript, about 20 MB of heap with the page) is loaded then,
 * not by every process at start-up.
 */
export const docsLayer = (path: `/${string}`) =>
  HttpApiBuilder.Router.use((router) =>
    Effect.gen(function*() {
      const { api } = yield* HttpApi.Api
      const { publicBaseUrl } = yield* Settings
      const now = yield* Clock.currentTimeMillis
      const page = yield* Effect.cached(scalarPage(path, documentedOn(api, publicBaseUrl, now), publicBaseUrl))
      yield* router.get(path, page)
    })
  )

/** The page as `HttpApiScalar` makes it: its route's handler, caught from a router that only records it. */
const scalarPage = (path: `/${string}`, api: Api, publicBaseUrl: string) =>
  Effect.gen(function*() {
    const [Scalar, LayerRouter] = yield* Effect.promise(() =>
      Promise.all([import("@effect/platform/HttpApiScalar"), import("@effect/platform/HttpLayerRouter")])
    )
    let handler: Effect.Effect<HttpServerResponse.HttpServerResponse> | undefined
    const recorder = { add: (_method: string, _path: string, h: typeof handler) => Effect.sync(() => void (handler = h)) }
    yield* Layer.build(Scalar.layerHttpLayerRouter({
      api,
      path,
      scalar: {
        withDefaultFonts: false,
        // Options of the bundled Scalar that @effect/platform's ScalarConfig type does not list.
        ...{ showToolbar: "never", telemetry: false, servers: [{ url: publicBaseUrl }] }
      } as HttpApiScalar.ScalarConfig
    }).pipe(Layer.provide(Layer.succeed(LayerRouter.HttpRouter, recorder as unknown as HttpLayerRouter.HttpRouter))))
    return yield* handler!
  }).pipe(Effect.scoped)

/** `GET /`: where to start, for a person or a client that lands on the root. */
export const rootLayer = (paths: { readonly docs: string; readonly openapi: string }) =>
  HttpApiBuilder.Router.use((router) =>
    Effect.gen(function*() {
      const { publicBaseUrl } = yield* Settings
      const response = HttpServerResponse.unsafeJson({
        name: "SpotCast: Marine Forecast Service API v3",
        message: `See the API reference at ${publicBaseUrl}${paths.docs}`,
        docs: `${publicBaseUrl}${paths.docs}`,
        openapi: `${publicBaseUrl}${paths.openapi}`
      }, { headers: { link: `<${paths.docs}>; rel="help"` } })
      yield* router.get("/", Effect.succeed(response))
    })
  )
