import { HttpApi, HttpApiBuilder, HttpApiScalar, HttpServerResponse, OpenApi } from "@effect/platform"
import { Effect, Layer } from "effect"
import { Settings } from "../../../ports/Settings.js"
import { withServers } from "./OpenApiPolish.js"

/** The public OpenAPI document, with `servers` naming this service's public root (PUBLIC_BASE_URL). */
export const openApiLayer = (path: `/${string}`) =>
  HttpApiBuilder.Router.use((router) =>
    Effect.gen(function*() {
      const { api } = yield* HttpApi.Api
      const { publicBaseUrl } = yield* Settings
      const response = yield* HttpServerResponse.json(withServers(OpenApi.fromApi(api), publicBaseUrl)).pipe(Effect.orDie)
      yield* router.get(path, Effect.succeed(response))
    })
  )

/**
 * The Scalar reference page: no toolbar (its Share and Generate SDKs would upload the document to a
 * third party), no telemetry, no web fonts fetched; requests tried from the page go to PUBLIC_BASE_URL.
 */
export const docsLayer = (path: `/${string}`) =>
  Layer.unwrapEffect(Effect.map(Settings, ({ publicBaseUrl }) =>
    HttpApiScalar.layer({
      path,
      scalar: {
        withDefaultFonts: false,
        // Options of the bundled Scalar that @effect/platform's ScalarConfig type does not list.
        ...{ showToolbar: "never", telemetry: false, servers: [{ url: publicBaseUrl }] }
      } as HttpApiScalar.ScalarConfig
    })
  ))

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
