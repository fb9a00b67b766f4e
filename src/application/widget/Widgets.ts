import { DateTime, Effect, Option } from "effect"
import type { Account } from "../../domain/account/Account.js"
import type { IdempotencyClaim } from "../../domain/billing/Idempotency.js"
import { widgetPrice } from "../../domain/billing/Pricing.js"
import type { CursorPosition } from "../../domain/paging/Cursor.js"
import { type AccountId, IdPrefix, isWidgetId, LedgerEntryId, SpotCastId, WidgetId } from "../../domain/Ids.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import type { SpotCast } from "../../domain/spotcast/SpotCast.js"
import {
  applyPatch,
  backingSpotCast,
  checkWidgetRefreshable,
  claimedFor,
  nextRefreshAfter,
  refreshed,
  type Widget,
  type WidgetConfig,
  WidgetNotFound,
  type WidgetPatch,
  type WidgetView
} from "../../domain/widget/Widget.js"
import { WidgetStore } from "../../ports/WidgetStore.js"
import { newForecast } from "../spotcast/CreateSpotCast.js"
import { estimateCompletionSeconds } from "../charge/EstimateCompletion.js"
import { charge, type ChargeParts, priorReceipt } from "../charge/Charge.js"
import { type PageQuery, readPage } from "../KeysetPage.js"
import { requireAccount } from "../account/ManageAccounts.js"
import { newId } from "../NewIds.js"
import { requireWater } from "../RequireWater.js"

export const WIDGETS_LIST = "widgets"

/** What a charging widget command answers: the widget, and whether it replays an earlier request. */
export interface WidgetCharged {
  readonly replayed: boolean
  readonly view: WidgetView
}

const at = (createdAt: DateTime.Utc, id: string): CursorPosition => ({
  createdAtMillis: DateTime.toEpochMillis(createdAt),
  id
})

const found = (widgetId: string) => (view: Option.Option<WidgetView>) =>
  Option.isSome(view) ? Effect.succeed(view.value) : Effect.fail(new WidgetNotFound({ widgetId }))

/**
 * Creates a widget with its first forecast, charged `num_days` credits atomically. A replay of its
 * Idempotency-Key answers with the widget as it was created, its first forecast as it was then.
 */
export const createWidget = Effect.fn("CreateWidget")(function*(
  account: Account,
  config: WidgetConfig,
  idempotency?: IdempotencyClaim
) {
  yield* requireWater(config.coordinates, "coordinates")
  const prior = yield* priorReceipt(account.id, idempotency)
  if (Option.isSome(prior)) return yield* replay(account, prior.value.spotcastId, prior.value.forecastId)

  const now = yield* DateTime.now
  const next = nextRefreshAfter(config.autoRefreshHours, now)
  const widget: Widget = {
    ...config,
    id: WidgetId.make(yield* newId(IdPrefix.widget)),
    accountId: account.id,
    spotcastId: SpotCastId.make(yield* newId(IdPrefix.spotcast)),
    createdAt: now,
    updatedAt: now,
    lastRefreshedAt: now,
    ...(next === undefined ? {} : { nextRefreshAt: next })
  }
  const spotcast = backingSpotCast(widget, now)
  const forecast = yield* newForecast(spotcast, now)
  const charged = yield* chargeNewWidget({
    widget,
    spotcast,
    forecast,
    price: widgetPrice(widget.numDays),
    chargeId: LedgerEntryId.make(yield* newId(IdPrefix.ledgerEntry)),
    estimatedCompletionSeconds: yield* estimateCompletionSeconds,
    idempotency
  })
  if (charged._tag === "Replayed") return yield* replay(account, charged.receipt.spotcastId, charged.receipt.forecastId)
  return { replayed: false, view: { widget, latest: forecast } } satisfies WidgetCharged as WidgetCharged
})

/** A new widget with its hidden SpotCast, first forecast and job, charged and stored in one transaction. */
export const chargeNewWidget = (
  command: ChargeParts & { readonly widget: Widget; readonly spotcast: SpotCast; readonly forecast: Forecast }
) =>
  Effect.flatMap(WidgetStore, (store) =>
    charge({
      ...command,
      accountId: command.widget.accountId,
      kind: "create",
      spotcastId: command.spotcast.id,
      widgetId: command.widget.id,
      check: Effect.void,
      write: () => store.insert(command.widget, command.spotcast, command.forecast)
    }))

/** A widget's refresh as `refreshWidget` describes it to `chargeWidgetRefresh`. */
export interface WidgetRefreshCommand extends Omit<ChargeParts, "idempotency"> {
  readonly accountId: AccountId
  readonly widgetId: WidgetId
  /** The forecast to produce; its hidden SpotCast is re-aimed as `aim` says (given the locked widget). */
  readonly forecast: Forecast
  readonly aim: (widget: Widget) => SpotCast
  /** The widget after the refresh (its schedule restarted). */
  readonly refreshed: (widget: Widget) => Widget
  /** An automatic refresh: only while the widget's claim (`nextRefreshAt` = `dueAt`) is still its own; else not found. */
  readonly automatic?: { readonly dueAt: DateTime.Utc } | undefined
}

/**
 * A new forecast of a widget whose newest forecast has finished, charged and stored in one
 * transaction (a widget's refresh takes no idempotency key). The widget's row lock makes one of two
 * refreshes wait and then see the other's forecast unfinished.
 */
export const chargeWidgetRefresh = (command: WidgetRefreshCommand) =>
  Effect.flatMap(WidgetStore, (store) =>
    charge({
      ...command,
      kind: "refresh",
      spotcastId: command.forecast.spotcastId,
      check: Effect.gen(function*() {
        const locked = yield* store.lockLatest(command.accountId, command.widgetId)
        if (Option.isNone(locked) || locked.value.widget.spotcastId !== command.forecast.spotcastId) {
          return yield* new WidgetNotFound({ widgetId: command.widgetId })
        }
        const { latest, widget } = locked.value
        if (command.automatic !== undefined && !claimedFor(widget, command.automatic.dueAt)) {
          return yield* new WidgetNotFound({ widgetId: command.widgetId })
        }
        yield* checkWidgetRefreshable(widget.id, latest)
        return widget
      }),
      write: (widget) => store.addForecast(command.forecast, command.aim(widget), command.refreshed(widget))
    })).pipe(Effect.catchTag("IdempotencyKeyReused", Effect.die)) // no key: never reused

/** The first answer again: the widget as created, with its first forecast as it was just created. */
const replay = (account: Account, spotcastId: SpotCastId, forecastId: string) =>
  Effect.gen(function*() {
    const created = yield* (yield* WidgetStore).created(account.id, spotcastId)
    // The key was claimed by another kind of request with the same fingerprint: impossible, since the path is in it.
    if (Option.isNone(created)) return yield* Effect.dieMessage(`idempotent replay names no widget (${spotcastId})`)
    const widget = created.value
    const first = yield* newForecast({ id: widget.spotcastId, accountId: widget.accountId }, widget.createdAt)
    return {
      replayed: true,
      view: { widget, latest: { ...first, id: forecastId as typeof first.id } }
    } satisfies WidgetCharged as WidgetCharged
  })

export const getWidget = Effect.fn("GetWidget")(function*(account: Account, widgetId: string) {
  if (!isWidgetId(widgetId)) return yield* new WidgetNotFound({ widgetId })
  return yield* Effect.flatMap(WidgetStore, (store) => store.get(account.id, widgetId)).pipe(Effect.flatMap(found(widgetId)))
})

/** A live widget by id alone, for its public embed page. */
export const getPublicWidget = Effect.fn("GetPublicWidget")(function*(widgetId: string) {
  if (!isWidgetId(widgetId)) return Option.none()
  return yield* Effect.flatMap(WidgetStore, (store) => store.getPublic(widgetId))
})

export const listWidgets = (account: Account, query: PageQuery) =>
  Effect.flatMap(WidgetStore, (store) =>
    readPage<WidgetView>(
      { accountId: account.id, list: WIDGETS_LIST },
      query,
      (v) => at(v.widget.createdAt, v.widget.id),
      (page) => store.list(account.id, page)
    )).pipe(Effect.withSpan("ListWidgets"))

/** Changes the configuration, free of charge; the forecast follows it at the next refresh. */
export const updateWidget = Effect.fn("UpdateWidget")(function*(account: Account, widgetId: string, patch: WidgetPatch) {
  if (patch.coordinates !== undefined) yield* requireWater(patch.coordinates, "coordinates")
  if (!isWidgetId(widgetId)) return yield* new WidgetNotFound({ widgetId })
  const now = yield* DateTime.now
  const store = yield* WidgetStore
  return yield* store.update(account.id, widgetId, (widget) => applyPatch(widget, patch, now)).pipe(
    Effect.flatMap(found(widgetId))
  )
})

export const deleteWidget = Effect.fn("DeleteWidget")(function*(account: Account, widgetId: string) {
  if (!isWidgetId(widgetId)) return yield* new WidgetNotFound({ widgetId })
  const removed = yield* (yield* WidgetStore).remove(account.id, widgetId, yield* DateTime.now)
  if (!removed) return yield* new WidgetNotFound({ widgetId })
})

/**
 * A new forecast for the widget's current configuration from today, charged `num_days` credits;
 * refused with 409 while the newest is unfinished. `automatic` is the auto-refresh runner's claim.
 */
export const refreshWidget = Effect.fn("RefreshWidget")(function*(
  account: Pick<Account, "id">,
  widgetId: string,
  automatic?: { readonly widget: Widget; readonly dueAt: DateTime.Utc }
) {
  if (automatic === undefined && !isWidgetId(widgetId)) return yield* new WidgetNotFound({ widgetId })
  const store = yield* WidgetStore
  const current = automatic === undefined
    ? yield* store.get(account.id, widgetId).pipe(Effect.flatMap(found(widgetId)), Effect.map((v) => v.widget))
    : automatic.widget
  const now = yield* DateTime.now
  const forecast = yield* newForecast({ id: current.spotcastId, accountId: account.id }, now)
  yield* chargeWidgetRefresh({
    accountId: account.id,
    widgetId: current.id,
    forecast,
    // The forecast follows the configuration read here, which also sets the price: a PUT racing this
    // refresh takes effect at the next one, and the charge always matches the days forecast.
    aim: () => backingSpotCast(current, now),
    refreshed: (widget) => refreshed(widget, now),
    price: widgetPrice(current.numDays),
    chargeId: LedgerEntryId.make(yield* newId(IdPrefix.ledgerEntry)),
    estimatedCompletionSeconds: yield* estimateCompletionSeconds,
    ...(automatic === undefined ? {} : { automatic: { dueAt: automatic.dueAt } })
  })
  return yield* store.get(account.id, current.id).pipe(Effect.flatMap(found(widgetId)))
})

/** Operator side: an account's widgets by account id (404 for an unknown account). */
export const listAccountWidgets = Effect.fn("ListAccountWidgets")(function*(accountId: string, query: PageQuery) {
  return yield* listWidgets(yield* requireAccount(accountId), query)
})
