import * as HttpApi from "@effect/platform/HttpApi"
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
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
import { IdempotencyHeaders } from "./contract/IdempotencyHeaders.js"
import * as RequestErrors from "./contract/RequestErrors.js"
import * as SpotCastErrors from "./contract/SpotCastErrors.js"
import { Authentication } from "./Authentication.js"
import * as OpenApiDocument from "./OpenApiDocument.js"
import { UsageGroup } from "./UsageApi.js"
import { RoutesGroup } from "./RouteApi.js"
import { WidgetsGroup } from "./WidgetApi.js"
import { documentConditional } from "./ConditionalGet.js"

const SpotCastPath = Schema.Struct({
  id: Schema.String.annotations({ description: "SpotCast id (spc_…)" })
})

const ForecastPath = Schema.Struct({
  id: Schema.String.annotations({ description: "SpotCast id (spc_…)" }),
  forecast_id: Schema.String.annotations({ description: "Forecast id (fcst_…)" })
})

const create = HttpApiEndpoint.post("create", "/v3/spotcast")
  .setPayload(CreateSpotCastRequest)
  .setHeaders(IdempotencyHeaders)
  .addSuccess(SpotCastAccepted, { status: 202 })
  .addError(SpotCastErrors.Insufficient)
  .addError(SpotCastErrors.IdempotencyReused)
  .annotate(OpenApi.Summary, "Create a SpotCast (charges max(2, num_days) credits)")

const get = HttpApiEndpoint.get("get", "/v3/spotcast/:id")
  .setPath(SpotCastPath)
  .addSuccess(SpotCastResource)
  .addError(SpotCastErrors.NoSpotCast)
  .annotate(OpenApi.Summary, "A SpotCast with its latest forecast")
  .annotate(OpenApi.Transform, documentConditional)

const status = HttpApiEndpoint.get("status", "/v3/spotcast/:id/status")
  .setPath(SpotCastPath)
  .addSuccess(StatusResource)
  .addError(SpotCastErrors.NoSpotCast)
  .annotate(OpenApi.Summary, "Processing status of the newest forecast, for polling")
  .annotate(OpenApi.Transform, documentConditional)

const refresh = HttpApiEndpoint.post("refresh", "/v3/spotcast/:id/refresh")
  .setPath(SpotCastPath)
  .setPayload(RefreshSpotCastBody)
  .setHeaders(IdempotencyHeaders)
  .addSuccess(SpotCastAccepted, { status: 202 })
  .addError(SpotCastErrors.NoSpotCast)
  .addError(SpotCastErrors.Insufficient)
  .addError(SpotCastErrors.InProgress)
  .addError(SpotCastErrors.IdempotencyReused)
  .annotate(OpenApi.Summary, "A new forecast for an existing SpotCast (charges max(2, num_days) credits)")

const forecasts = HttpApiEndpoint.get("forecasts", "/v3/spotcast/:id/forecasts")
  .setPath(SpotCastPath)
  .setUrlParams(ListForecastsQuery)
  .addSuccess(ForecastList)
  .addError(SpotCastErrors.NoSpotCast)
  .annotate(OpenApi.Summary, "Forecast history, newest first")

const forecast = HttpApiEndpoint.get("forecast", "/v3/spotcast/:id/forecast/:forecast_id")
  .setPath(ForecastPath)
  .addSuccess(ForecastResource)
  .addError(SpotCastErrors.NoForecast)
  .annotate(OpenApi.Summary, "One forecast")
  .annotate(OpenApi.Transform, documentConditional)

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

/** The public Marine Forecast Service API v3 (widgets included), for the server and typed clients. */
export class SpotCastApi extends HttpApi.make("spotcast")
  .add(SpotCastsGroup)
  .add(AccountGroup)
  .add(WidgetsGroup)
  .add(UsageGroup)
  .add(RoutesGroup)
  .addError(RequestErrors.Validation)
  .addError(RequestErrors.TooLarge)
  .addError(RequestErrors.Unsupported)
  .addError(RequestErrors.Unavailable)
  .addError(RequestErrors.RateLimited)
  .addError(RequestErrors.Internal)
  .addError(RequestErrors.NoRoute)
  .addError(RequestErrors.WrongMethod)
  .annotate(OpenApi.Title, "SpotCast: Marine Forecast Service API")
  .annotate(OpenApi.Version, "3")
  .annotate(OpenApi.Transform, OpenApiDocument.tidy)
  .annotate(
    OpenApi.Description,
    "Asynchronous marine weather forecasts (SpotCasts) with a GO/CAUTION/AVOID analysis per day, " +
      "billed in prepaid credits."
  )
{}
