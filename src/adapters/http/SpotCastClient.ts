import * as HttpApiClient from "@effect/platform/HttpApiClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { Redacted } from "effect"
import { SpotCastApi } from "./SpotCastApi.js"

/** A typed client of the public API v3, authenticated with an API key. Needs an HttpClient. */
export const make = (options: { readonly baseUrl: string; readonly apiKey: Redacted.Redacted<string> }) =>
  HttpApiClient.make(SpotCastApi, {
    baseUrl: options.baseUrl,
    transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(Redacted.value(options.apiKey)))
  })
