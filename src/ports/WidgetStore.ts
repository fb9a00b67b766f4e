import { Context, type DateTime, type Effect, type Option } from "effect"
import type { IdempotencyKeyReused } from "../domain/billing/Idempotency.js"
import type { InsufficientBalance } from "../domain/billing/Ledger.js"
import type { Forecast } from "../domain/forecast/Forecast.js"
import type { AccountId, SpotCastId, WidgetId } from "../domain/Ids.js"
import type { SpotCast } from "../domain/spotcast/SpotCast.js"
import type { Widget, WidgetNotFound, WidgetRefreshInProgress, WidgetView } from "../domain/widget/Widget.js"
import type { ChargeParts, Charged, PageRequest } from "./SpotCastStore.js"

export interface CreateWidgetCommand extends ChargeParts {
  readonly widget: Widget
  /** The hidden SpotCast that produces the widget's forecasts. */
  readonly spotcast: SpotCast
  readonly forecast: Forecast
}

/** A widget's refresh takes no idempotency key (its endpoint has no Idempotency-Key header). */
export interface RefreshWidgetCommand extends Omit<ChargeParts, "idempotency"> {
  readonly accountId: AccountId
  readonly widgetId: WidgetId
  /** The forecast to produce; its hidden SpotCast is re-aimed as `aim` says (given the locked widget). */
  readonly forecast: Forecast
  readonly aim: (widget: Widget) => SpotCast
  /** The widget after the refresh (its schedule restarted). */
  readonly refreshed: (widget: Widget) => Widget
  /** An automatic refresh: only while the widget's claim (`nextRefreshAt` = `dueAt`) is still its own; else not found. */
  readonly automatic?: { readonly dueAt: DateTime.Utc }
}

/**
 * Widgets, charged and stored with the same atomic steps (and ledger) as SpotCasts: the balance never
 * goes below zero whatever runs beside a command, and each charge names its widget.
 */
export interface WidgetStoreShape {
  /** Checks the balance, charges, stores the widget, its hidden SpotCast, first forecast and job, and the key's claim. */
  readonly create: (command: CreateWidgetCommand) => Effect.Effect<Charged, InsufficientBalance | IdempotencyKeyReused>
  /** A new forecast of a widget whose newest forecast has finished; charged like create. */
  readonly refresh: (
    command: RefreshWidgetCommand
  ) => Effect.Effect<Charged, InsufficientBalance | WidgetNotFound | WidgetRefreshInProgress>
  /** A live (not deleted) widget of the account. */
  readonly get: (accountId: AccountId, widgetId: string) => Effect.Effect<Option.Option<WidgetView>>
  /** A live widget by id alone, for its public embed page. */
  readonly getPublic: (widgetId: string) => Effect.Effect<Option.Option<WidgetView>>
  /** The widget as its create answered, by its hidden SpotCast (an idempotent replay's body), deleted or not. */
  readonly created: (accountId: AccountId, spotcastId: SpotCastId) => Effect.Effect<Option.Option<Widget>>
  /** The account's live widgets, newest first (created_at, then id, descending), strictly after the cursor. */
  readonly list: (accountId: AccountId, page: PageRequest) => Effect.Effect<ReadonlyArray<WidgetView>>
  /** Replaces a live widget's configuration with `update(widget)`; none when not found. */
  readonly update: (
    accountId: AccountId,
    widgetId: string,
    update: (widget: Widget) => Widget
  ) => Effect.Effect<Option.Option<WidgetView>>
  /** Deletes a live widget (its embed stops working; its ledger entries stay); false when not found. */
  readonly remove: (accountId: AccountId, widgetId: string, at: DateTime.Utc) => Effect.Effect<boolean>
  /**
   * Up to `limit` widgets whose automatic refresh is due at `now`, each claimed for `leaseSeconds` (its
   * due time moves past the lease) so that no other process takes it meanwhile.
   */
  readonly claimDue: (
    now: DateTime.Utc,
    limit: number,
    leaseSeconds: number
  ) => Effect.Effect<ReadonlyArray<{ readonly widget: Widget; readonly dueAt: DateTime.Utc }>>
}

export class WidgetStore extends Context.Tag("spotcast/WidgetStore")<WidgetStore, WidgetStoreShape>() {}
