import { DateTime, Effect, Either, Option, Redacted } from "effect"
import type { Account } from "../Account.js"
import { type CursorPosition, type CursorScope, decodeCursor, encodeCursor } from "../Cursor.js"
import type { Forecast } from "../Forecast.js"
import { ForecastNotFound } from "../Forecast.js"
import { MAX_PAGE_SIZE, pageOf } from "../Page.js"
import { SpotCastNotFound, type SpotCastView } from "../SpotCast.js"
import { invalid } from "../Validation.js"
import { Settings } from "../../ports/Settings.js"
import { SpotCastStore } from "../../ports/SpotCastStore.js"

export interface PageQuery {
  readonly limit: number
  readonly after?: string | undefined
}

/** A page as the contract shows it: the items, whether more follow, and the cursor to ask for them. */
export interface ListPage<A> {
  readonly data: ReadonlyArray<A>
  readonly hasMore: boolean
  readonly nextCursor: string | null
}

export const SPOTCASTS_LIST = "spotcasts"
export const forecastsList = (spotcastId: string) => `forecasts:${spotcastId}`

const readPage = Effect.fn("ReadPage")(function*<A>(
  scope: CursorScope,
  query: PageQuery,
  positionOf: (a: A) => CursorPosition,
  fetch: (page: { limit: number; after?: CursorPosition }) => Effect.Effect<ReadonlyArray<A>>
) {
  if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > MAX_PAGE_SIZE) {
    return yield* invalid("invalid_limit", `limit must be an integer from 1 to ${MAX_PAGE_SIZE}`, "limit")
  }
  const secret = Redacted.value((yield* Settings).cursorSecret)
  let after: CursorPosition | undefined
  if (query.after !== undefined) {
    const decoded = decodeCursor(secret, scope, query.after)
    if (Either.isLeft(decoded)) return yield* decoded.left
    after = decoded.right
  }
  const rows = yield* fetch(after === undefined ? { limit: query.limit + 1 } : { limit: query.limit + 1, after })
  const page = pageOf(rows, query.limit)
  return {
    data: page.data,
    hasMore: page.hasMore,
    nextCursor: page.next === undefined ? null : encodeCursor(secret, scope, positionOf(page.next))
  } satisfies ListPage<A>
})

const at = (createdAt: DateTime.Utc, id: string): CursorPosition => ({
  createdAtMillis: DateTime.toEpochMillis(createdAt),
  id
})

export const getSpotCast = Effect.fn("GetSpotCast")(function*(account: Account, spotcastId: string) {
  const found = yield* (yield* SpotCastStore).get(account.id, spotcastId)
  if (Option.isNone(found)) return yield* new SpotCastNotFound({ spotcastId })
  return found.value
})

/** One forecast with its SpotCast; a forecast of another SpotCast or account is not found. */
export const getForecast = Effect.fn("GetForecast")(function*(account: Account, spotcastId: string, forecastId: string) {
  const store = yield* SpotCastStore
  const spotcast = yield* store.get(account.id, spotcastId)
  const forecast = yield* store.getForecast(account.id, spotcastId, forecastId)
  if (Option.isNone(spotcast) || Option.isNone(forecast)) return yield* new ForecastNotFound({ forecastId })
  return { view: spotcast.value, forecast: forecast.value }
})

export const listSpotCasts = (account: Account, query: PageQuery) =>
  Effect.flatMap(SpotCastStore, (store) =>
    readPage<SpotCastView>(
      { accountId: account.id, list: SPOTCASTS_LIST },
      query,
      (v) => at(v.spotcast.createdAt, v.spotcast.id),
      (page) => store.list(account.id, page)
    )).pipe(Effect.withSpan("ListSpotCasts"))

export const listForecasts = (account: Account, spotcastId: string, query: PageQuery) =>
  Effect.gen(function*() {
    const { spotcast } = yield* getSpotCast(account, spotcastId)
    const store = yield* SpotCastStore
    const page = yield* readPage<Forecast>(
      { accountId: account.id, list: forecastsList(spotcast.id) },
      query,
      (f) => at(f.createdAt, f.id),
      (p) => store.listForecasts(account.id, spotcast.id, p)
    )
    return { spotcastId: spotcast.id, ...page }
  }).pipe(Effect.withSpan("ListForecasts"))
