import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import type * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect } from "effect"
import { balanceResource, developerInfo as developerInfoResource } from "./contract/AccountResources.js"
import { createSpotCastCommand } from "./contract/CreateSpotCastRequest.js"
import { forecastList } from "./contract/ForecastList.js"
import { ForecastResource, forecastResource } from "./contract/ForecastResource.js"
import { DEFAULT_FORECASTS_LIMIT, DEFAULT_SPOTCASTS_LIMIT } from "./contract/ListQuery.js"
import { refreshSpotCastCommand } from "./contract/RefreshSpotCastRequest.js"
import type { SpotCastAccepted } from "./contract/SpotCastAccepted.js"
import {
  type SpotCastList,
  spotcastListItem,
  spotcastResource,
  spotcastResourceText
} from "./contract/SpotCastResource.js"
import { StatusResource, statusResource } from "./contract/StatusResource.js"
import { accountBalance, developerInfo } from "../../application/account/AccountOverview.js"
import type { Charged } from "../../application/charge/Charge.js"
import { createSpotCast } from "../../application/spotcast/CreateSpotCast.js"
import {
  getForecast,
  getSpotCast,
  type ListPage,
  listForecasts,
  listSpotCasts
} from "../../application/spotcast/ReadSpotCasts.js"
import type { SpotCastSummary } from "../../ports/SpotCastStore.js"
import { refreshSpotCast } from "../../application/spotcast/RefreshSpotCast.js"
import { CurrentCaller } from "./Authentication.js"
import { PurchaseUrl } from "./BillingPage.js"
import { callerAccount } from "./CallerAccount.js"
import { withPurchaseUrl } from "./PurchaseUrlOnShortfall.js"
import { accepted, claimOf } from "./Idempotency.js"
import { metadataAsSent } from "./RawMember.js"
import { ServedApi } from "./ServedApi.js"
import { conditionalBytes, conditionalJson, entityTag } from "./ConditionalGet.js"

/**
 * The most read answer, serialized once: spotcastResource already builds the contract's wire form (its
 * schema has no transformations; SpotCasts.test checks the body against it), so HttpApi's encoding pass
 * over every field of the forecast is skipped, and the bytes are kept while the view's forecast lives.
 * Views are immutable values made only from the SpotCast, its newest forecast and the forecast count
 * (memory storage hands out the same objects until they change; other storage makes new ones per read).
 * Its entity tag is kept with it.
 */
const bodies = new WeakMap<
  object,
  { readonly spotcast: object; readonly forecastCount: number; readonly body: Uint8Array; readonly etag: string }
>()
const utf8 = new TextEncoder()
const encodedOnce = (view: Parameters<typeof spotcastResource>[0]) => {
  let kept = bodies.get(view.latest)
  if (kept === undefined || kept.spotcast !== view.spotcast || kept.forecastCount !== view.forecastCount) {
    const body = utf8.encode(spotcastResourceText(view))
    kept = { spotcast: view.spotcast, forecastCount: view.forecastCount, body, etag: entityTag(body) }
    bodies.set(view.latest, kept)
  }
  return conditionalBytes(kept.body, kept.etag)
}

/**
 * A page of SpotCasts, serialized as it is made: its items are built in their wire form already (plain
 * strings, numbers and literals: SpotCastList's schema transforms nothing, SpotCasts.test checks the body
 * is its own encoding), so HttpApi's encoding pass over every field of every item is skipped.
 */
const listAnswer = (page: ListPage<SpotCastSummary>) =>
  HttpServerResponse.unsafeJson({
    data: page.data.map(spotcastListItem),
    has_more: page.hasMore,
    next_cursor: page.nextCursor
  } satisfies SpotCastList)

/**
 * A create's 202, serialized as made: `accepted` builds SpotCastAccepted's wire form already (strings,
 * integers and a literal; its schema transforms nothing, SpotCasts.test checks the bytes are its own
 * encoding), so HttpApi's encoding pass over the body is skipped.
 */
const createdAnswer = (charged: Charged) =>
  Effect.map(accepted(charged), (body) =>
    HttpServerResponse.unsafeJson(body satisfies SpotCastAccepted, { status: 202, contentType: "application/json" }))

const statusAnswer = conditionalJson(StatusResource)
const forecastAnswer = conditionalJson(ForecastResource)

// The handlers' generators are made once, here, not in a closure per request: V8 gives every new generator
// function its own prototype object and hidden classes, made in the old generation (about 0.4–0.5 KB a
// request, `bench/hidden-classes.mjs`), so a `() => Effect.gen(function*() {...})` handler fills the old
// generation on every call. `Effect.fnUntraced` makes its generator once and calls it per request.

const create = Effect.fnUntraced(function*(
  idempotencyKey: string | undefined,
  payload: Parameters<typeof createSpotCastCommand>[0],
  request: HttpServerRequest.HttpServerRequest
) {
  // Fingerprinted as sent: the decoded body no longer holds start_date's text.
  const claim = yield* claimOf(idempotencyKey, "POST", "/v3/spotcast", request.json)
  const metadata = yield* metadataAsSent(request)
  return yield* createdAnswer(yield* createSpotCast(yield* callerAccount, createSpotCastCommand(payload, metadata), claim))
}, withPurchaseUrl)

const refresh = Effect.fnUntraced(function*(
  idempotencyKey: string | undefined,
  id: string,
  payload: Parameters<typeof refreshSpotCastCommand>[0]
) {
  // The decoded refresh body is its wire form, with no body and null read as {}.
  const claim = yield* claimOf(idempotencyKey, "POST", `/v3/spotcast/${id}/refresh`, Effect.succeed(payload))
  return yield* accepted(yield* refreshSpotCast(yield* callerAccount, id, refreshSpotCastCommand(payload), claim))
}, withPurchaseUrl)

const balanceAnswer = Effect.gen(function*() {
  const balance = yield* accountBalance(yield* callerAccount)
  return balanceResource(balance, yield* PurchaseUrl)
})

const developerInfoAnswer = Effect.gen(function*() {
  const info = yield* developerInfo(yield* CurrentCaller)
  return developerInfoResource(info, yield* PurchaseUrl)
})

export const SpotCastsLive = HttpApiBuilder.group(ServedApi, "spotcasts", (handlers) =>
  handlers
    .handle("create", ({ headers, payload, request }) => create(headers["idempotency-key"], payload, request))
    .handle("refresh", ({ headers, path, payload }) => refresh(headers["idempotency-key"], path.id, payload))
    .handle("get", ({ path }) =>
      Effect.flatMap(callerAccount, (account) => getSpotCast(account, path.id)).pipe(Effect.flatMap(encodedOnce)))
    .handle("status", ({ path }) =>
      Effect.flatMap(callerAccount, (account) => getSpotCast(account, path.id)).pipe(
        Effect.flatMap((view) => statusAnswer(statusResource(view)))
      ))
    .handle("forecasts", ({ path, urlParams }) =>
      Effect.flatMap(callerAccount, (account) =>
        listForecasts(account, path.id, { limit: urlParams.limit ?? DEFAULT_FORECASTS_LIMIT, after: urlParams.after })
      ).pipe(Effect.map(forecastList)))
    .handle("forecast", ({ path }) =>
      Effect.flatMap(callerAccount, (account) => getForecast(account, path.id, path.forecast_id)).pipe(
        Effect.flatMap(({ forecast, view }) => forecastAnswer(forecastResource(view.spotcast, forecast)))
      ))
    .handle("list", ({ urlParams }) =>
      Effect.flatMap(callerAccount, (account) =>
        listSpotCasts(account, { limit: urlParams.limit ?? DEFAULT_SPOTCASTS_LIMIT, after: urlParams.after })
      ).pipe(Effect.map(listAnswer))))

export const AccountLive = HttpApiBuilder.group(ServedApi, "account", (handlers) =>
  handlers
    .handle("balance", () => balanceAnswer)
    .handle("developerInfo", () => developerInfoAnswer))
