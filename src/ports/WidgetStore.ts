import { Context, type DateTime, type Effect, type Option } from "effect"
import type { Forecast } from "../domain/forecast/Forecast.js"
import type { AccountId, SpotCastId } from "../domain/Ids.js"
import type { SpotCast } from "../domain/spotcast/SpotCast.js"
import type { Widget, WidgetView } from "../domain/widget/Widget.js"
import type { PageRequest } from "./SpotCastStore.js"

/**
 * Widgets and their hidden SpotCasts. A widget's create and refresh are charging commands: the core
 * runs these rows with the charge in one `Transactions.atomically`, and each charge names its widget.
 */
export interface WidgetStoreShape {
  /** Stores a new widget with its hidden SpotCast, that SpotCast's first forecast and the forecast's job. */
  readonly insert: (widget: Widget, spotcast: SpotCast, forecast: Forecast) => Effect.Effect<void>
  /**
   * A live widget of the account with its newest forecast, the widget's row locked until the
   * transaction ends so that refreshes of one widget queue here; none when not found.
   */
  readonly lockLatest: (
    accountId: AccountId,
    widgetId: string
  ) => Effect.Effect<Option.Option<{ readonly widget: Widget; readonly latest: Pick<Forecast, "id" | "status"> }>>
  /**
   * A refresh's rows: the new forecast with its job as the hidden SpotCast's newest, the SpotCast
   * re-aimed as `spotcast` says, and the widget saved as `widget`.
   */
  readonly addForecast: (forecast: Forecast, spotcast: SpotCast, widget: Widget) => Effect.Effect<void>
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
