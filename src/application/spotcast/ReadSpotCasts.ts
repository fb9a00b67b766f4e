import { isForecastId, isSpotCastId } from "../../domain/Ids.js"
import { DateTime, Effect, Option } from "effect"
import type { Account } from "../../domain/account/Account.js"
import type { CursorPosition } from "../../domain/paging/Cursor.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import { ForecastNotFound } from "../../domain/forecast/Forecast.js"
import { SpotCastNotFound } from "../../domain/spotcast/SpotCast.js"
import { SpotCastStore, type SpotCastSummary } from "../../ports/SpotCastStore.js"
import { type PageQuery, readPage } from "../KeysetPage.js"
import { spanned } from "../../ports/Spans.js"

export type { ListPage, PageQuery } from "../KeysetPage.js"

export const SPOTCASTS_LIST = "spotcasts"
export const forecastsList = (spotcastId: string) => `forecasts:${spotcastId}`

const at = (createdAt: DateTime.Utc, id: string): CursorPosition => ({
  createdAtMillis: DateTime.toEpochMillis(createdAt),
  id
})

// Untraced: on every GET, Effect.fn's stack capture per call costs more than the span it names.
export const getSpotCast = Effect.fnUntraced(function*(account: Account, spotcastId: string) {
  if (!isSpotCastId(spotcastId)) return yield* new SpotCastNotFound({ spotcastId })
  const found = yield* (yield* SpotCastStore).get(account.id, spotcastId)
  if (Option.isNone(found)) return yield* new SpotCastNotFound({ spotcastId })
  return found.value
}, spanned("GetSpotCast"))

/** One forecast with its SpotCast; a forecast of another SpotCast or account is not found. */
export const getForecast = Effect.fn("GetForecast")(function*(account: Account, spotcastId: string, forecastId: string) {
  if (!isSpotCastId(spotcastId) || !isForecastId(forecastId)) return yield* new ForecastNotFound({ forecastId })
  const store = yield* SpotCastStore
  const spotcast = yield* store.get(account.id, spotcastId)
  const forecast = yield* store.getForecast(account.id, spotcastId, forecastId)
  if (Option.isNone(spotcast) || Option.isNone(forecast)) return yield* new ForecastNotFound({ forecastId })
  return { view: spotcast.value, forecast: forecast.value }
})

const listSpan = spanned("ListSpotCasts")
export const listSpotCasts = (account: Account, query: PageQuery) =>
  Effect.flatMap(SpotCastStore, (store) =>
    readPage<SpotCastSummary>(
      { accountId: account.id, list: SPOTCASTS_LIST },
      query,
      (v) => at(v.spotcast.createdAt, v.spotcast.id),
      (page) => store.list(account.id, page)
    )).pipe(listSpan)

// Made once (a generator function made per call costs V8 new hidden classes, see docs/performance.md).
export const listForecasts = Effect.fnUntraced(
  function*(account: Account, spotcastId: string, query: PageQuery) {
    const { spotcast } = yield* getSpotCast(account, spotcastId)
    const store = yield* SpotCastStore
    const page = yield* readPage<Forecast>(
      { accountId: account.id, list: forecastsList(spotcast.id) },
      query,
      (f) => at(f.createdAt, f.id),
      (p) => store.listForecasts(account.id, spotcast.id, p)
    )
    return { spotcastId: spotcast.id, data: page.data, hasMore: page.hasMore, nextCursor: page.nextCursor }
  },
  spanned("ListForecasts")
)
