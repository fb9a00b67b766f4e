import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { balanceResource, developerInfo as developerInfoResource } from "./contract/AccountResources.js"
import { forecastList } from "./contract/ForecastList.js"
import { forecastResource } from "./contract/ForecastResource.js"
import { DEFAULT_FORECASTS_LIMIT, DEFAULT_SPOTCASTS_LIMIT } from "./contract/ListQuery.js"
import { spotcastListItem, spotcastResource } from "./contract/SpotCastResource.js"
import { statusResource } from "./contract/StatusResource.js"
import { accountBalance, developerInfo } from "../../application/AccountOverview.js"
import { createSpotCast } from "../../application/CreateSpotCast.js"
import { getForecast, getSpotCast, listForecasts, listSpotCasts } from "../../application/ReadSpotCasts.js"
import { refreshSpotCast } from "../../application/RefreshSpotCast.js"
import { Settings } from "../../ports/Settings.js"
import { CurrentCaller } from "./Authentication.js"
import { accepted, claimOf } from "./Idempotency.js"
import { ServedApi } from "./ServedApi.js"

const account = Effect.map(CurrentCaller, (caller) => caller.account)

export const SpotCastsLive = HttpApiBuilder.group(ServedApi, "spotcasts", (handlers) =>
  handlers
    .handle("create", ({ headers, payload }) =>
      Effect.flatMap(account, (account) =>
        createSpotCast(account, payload, claimOf(headers["idempotency-key"], "POST", "/v3/spotcast", payload))
      ).pipe(Effect.flatMap(accepted)))
    .handle("refresh", ({ headers, path, payload }) =>
      Effect.flatMap(account, (account) =>
        refreshSpotCast(
          account,
          path.id,
          payload,
          claimOf(headers["idempotency-key"], "POST", `/v3/spotcast/${path.id}/refresh`, payload)
        )
      ).pipe(Effect.flatMap(accepted)))
    .handle("get", ({ path }) =>
      Effect.flatMap(account, (account) => getSpotCast(account, path.id)).pipe(Effect.map(spotcastResource)))
    .handle("status", ({ path }) =>
      Effect.flatMap(account, (account) => getSpotCast(account, path.id)).pipe(Effect.map(statusResource)))
    .handle("forecasts", ({ path, urlParams }) =>
      Effect.flatMap(account, (account) =>
        listForecasts(account, path.id, { limit: urlParams.limit ?? DEFAULT_FORECASTS_LIMIT, after: urlParams.after })
      ).pipe(Effect.map(forecastList)))
    .handle("forecast", ({ path }) =>
      Effect.flatMap(account, (account) => getForecast(account, path.id, path.forecast_id)).pipe(
        Effect.map(({ forecast, view }) => forecastResource(view.spotcast, forecast))
      ))
    .handle("list", ({ urlParams }) =>
      Effect.flatMap(account, (account) =>
        listSpotCasts(account, { limit: urlParams.limit ?? DEFAULT_SPOTCASTS_LIMIT, after: urlParams.after })
      ).pipe(Effect.map((page) => ({
        data: page.data.map(spotcastListItem),
        has_more: page.hasMore,
        next_cursor: page.nextCursor
      })))))

export const AccountLive = HttpApiBuilder.group(ServedApi, "account", (handlers) =>
  handlers
    .handle("balance", () =>
      Effect.gen(function*() {
        const balance = yield* accountBalance(yield* account)
        return balanceResource(balance, (yield* Settings).purchaseUrl)
      }))
    .handle("developerInfo", () =>
      Effect.gen(function*() {
        const info = yield* developerInfo(yield* CurrentCaller)
        return developerInfoResource(info, (yield* Settings).purchaseUrl)
      })))
