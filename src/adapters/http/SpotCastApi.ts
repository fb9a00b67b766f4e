import { HttpApi, HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { BalanceResource, DeveloperInfo } from "./contract/AccountResources.js"
import { CreateSpotCastRequest } from "./contract/CreateSpotCastRequest.js"
import { ForecastList } from "./contract/ForecastList.js"
import { ForecastResource } from "./contract/ForecastResource.js"
import { ListForecastsQuery, ListSpotCastsQuery } from "./contract/ListQuery.js"
import { RefreshSpotCastBody } from "./contract/RefreshSpotCastRequest.js"
import { SpotCastAccepted } from "./contract/SpotCastAccepted.js"
import { SpotCastList, SpotCastResource } from "./contract/SpotCastResource.js"
import { StatusResource } from "./contract/StatusResource.js"
import { IdempotencyKey } from "../../domain/billing/Idempotency.js"
import * as ApiErrors from "./ApiErrors.js"
import { Authentication } from "./Authentication.js"
import * as OpenApiDocument from "./OpenApiDocument.js"
import { says } from "./contract/SchemaAnnotations.js"

const SpotCastPath = Schema.Struct({
  id: Schema.String.annotations({ description: "SpotCast id (spc_…)" })
})

const ForecastPath = Schema.Struct({
  id: Schema.String.annotations({ description: "SpotCast id (spc_…)" }),
  forecast_id: Schema.String.annotations({ description: "Forecast id (fcst_…)" })
})

export const IdempotencyHeaders = Schema.Struct({
  "idempotency-key": Schema.optional(
    IdempotencyKey.annotations({
      ...says("Idempotency-Key must be 1 to 255 characters"),
      description: "Retry-safe key (1-255 characters): the same key and body within 24 hours replays the first answer"
    })
  )
})

const create = HttpApiEndpoint.post("create", "/v3/spotcast")
  .setPayload(CreateSpotCastRequest)
  .setHeaders(IdempotencyHeaders)
  .addSuccess(SpotCastAccepted, { status: 202 })
  .addError(ApiErrors.Insufficient.schema)
  .addError(ApiErrors.IdempotencyReused.schema)
  .annotate(OpenApi.Summary, "Create a SpotCast (charges max(2, num_days) credits)")

const get = HttpApiEndpoint.get("get", "/v3/spotcast/:id")
  .setPath(SpotCastPath)
  .addSuccess(SpotCastResource)
  .addError(ApiErrors.NoSpotCast.schema)
  .annotate(OpenApi.Summary, "A SpotCast with its latest forecast")

const status = HttpApiEndpoint.get("status", "/v3/spotcast/:id/status")
  .setPath(SpotCastPath)
  .addSuccess(StatusResource)
  .addError(ApiErrors.NoSpotCast.schema)
  .annotate(OpenApi.Summary, "Processing status of the newest forecast, for polling")

const refresh = HttpApiEndpoint.post("refresh", "/v3/spotcast/:id/refresh")
  .setPath(SpotCastPath)
  .setPayload(RefreshSpotCastBody)
  .setHeaders(IdempotencyHeaders)
  .addSuccess(SpotCastAccepted, { status: 202 })
  .addError(ApiErrors.NoSpotCast.schema)
  .addError(ApiErrors.Insufficient.schema)
  .addError(ApiErrors.InProgress.schema)
  .addError(ApiErrors.IdempotencyReused.schema)
  .annotate(OpenApi.Summary, "A new forecast for an existing SpotCast (charges max(2, num_days) credits)")

const forecasts = HttpApiEndpoint.get("forecasts", "/v3/spotcast/:id/forecasts")
  .setPath(SpotCastPath)
  .setUrlParams(ListForecastsQuery)
  .addSuccess(ForecastList)
  .addError(ApiErrors.NoSpotCast.schema)
  .annotate(OpenApi.Summary, "Forecast history, newest first")

const forecast = HttpApiEndpoint.get("forecast", "/v3/spotcast/:id/forecast/:forecast_id")
  .setPath(ForecastPath)
  .addSuccess(ForecastResource)
  .addError(ApiErrors.NoForecast.schema)
  .annotate(OpenApi.Summary, "One forecast")

const list = HttpApiEndpoint.get("list", "/v3/spotcasts")
  .setUrlParams(ListSpotCastsQuery)
  .addSuccess(SpotCastList)
  .annotate(OpenApi.Summary, "The account's SpotCasts, newest first")

export class SpotCastsGroup extends HttpApiGroup.make("spotcasts")
  .add(create)
  .add(get)
  .add(status)
  .add(refresh)
  .add(forecasts)
  .add(forecast)
  .add(list)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "SpotCasts")
{}

export class AccountGroup extends HttpApiGroup.make("account")
  .add(
    HttpApiEndpoint.get("balance", "/v3/account/balance")
      .addSuccess(BalanceResource)
      .annotate(OpenApi.Summary, "Credit balance")
  )
  .add(
    HttpApiEndpoint.get("developerInfo", "/v3/developer/info")
      .addSuccess(DeveloperInfo)
      .annotate(OpenApi.Summary, "Account, calling key, credits, rate limit and webhook secret")
  )
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Account")
{}

/** The public Marine Forecast Service API v3 (all but widgets), for the server and typed clients. */
export class SpotCastApi extends HttpApi.make("spotcast")
  .add(SpotCastsGroup)
  .add(AccountGroup)
  .addError(ApiErrors.Validation.schema)
  .addError(ApiErrors.TooLarge.schema)
  .addError(ApiErrors.RateLimited.schema)
  .addError(ApiErrors.Internal.schema)
  .addError(ApiErrors.NoRoute.schema)
  .annotate(OpenApi.Title, "SpotCast: Marine Forecast Service API")
  .annotate(OpenApi.Version, "3")
  .annotate(OpenApi.Transform, OpenApiDocument.tidy)
  .annotate(
    OpenApi.Description,
    "Asynchronous marine weather forecasts (SpotCasts) with a GO/CAUTION/AVOID analysis per day, " +
      "billed in prepaid credits."
  )
{}
