import * as HttpApiClient from "@effect/platform/HttpApiClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { Redacted } from "effect"
import { AdminApi } from "./AdminApi.js"

/**
 * A typed client of the operator API (what `spotcast admin` uses): every call sends the admin token
 * as a bearer token; errors come back as their classes (AccountNotFound, AdminUnauthorized, ...).
 * Needs an HttpClient (e.g. NodeHttpClient.layerUndici).
 */
export const make = (options: { readonly baseUrl: string; readonly token: Redacted.Redacted<string> }) =>
  HttpApiClient.make(AdminApi, {
    baseUrl: options.baseUrl,
    transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(Redacted.value(options.token)))
  })
