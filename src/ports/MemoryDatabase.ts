import { Context } from "effect"
import type { Account } from "../domain/account/Account.js"
import type { ApiKey } from "../domain/account/ApiKey.js"
import type { Forecast } from "../domain/forecast/Forecast.js"
import type { IdempotencyRecord } from "../domain/billing/Idempotency.js"
import type { AccountId, ApiKeyId, DeliveryId, ForecastId, LedgerEntryId, RouteId, SpotCastId, WidgetId } from "../domain/Ids.js"
import type { Route, RouteAnalysis } from "../domain/route/Route.js"
import type { Job } from "../domain/forecast/Job.js"
import type { Balance, LedgerEntry } from "../domain/billing/Ledger.js"
import type { ReceiptDraft } from "../domain/billing/Receipt.js"
import type { SpotCast } from "../domain/spotcast/SpotCast.js"
import type { DeliveryAttempt, WebhookDelivery } from "../domain/webhook/WebhookDelivery.js"
import type { Widget } from "../domain/widget/Widget.js"

/** A widget as stored: its current configuration, as created (an idempotent replay's body), and deletion. */
export interface WidgetRecord {
  readonly current: Widget
  readonly created: Widget
  readonly deleted: boolean
}

/**
 * The state behind every memory adapter, shared so that one command can touch several aggregates.
 * Atomicity: each command reads and writes this state inside a single `Effect.sync`, which no other
 * fiber can interleave with, so a command is all-or-nothing; `MemoryTransactions` runs several as one.
 */
export interface MemoryTables {
  readonly accounts: Map<AccountId, Account>
  readonly keys: Map<ApiKeyId, ApiKey>
  readonly keyByHash: Map<string, ApiKeyId>
  readonly ledger: Map<AccountId, Array<LedgerEntry>>
  readonly balances: Map<AccountId, Balance>
  /** The charge entry of each forecast, and which charges were refunded. */
  readonly chargeOf: Map<ForecastId, LedgerEntryId>
  readonly refunded: Set<LedgerEntryId>
  readonly spotcasts: Map<SpotCastId, SpotCast>
  /** Each account's SpotCasts in ascending (created_at, id) order. */
  readonly spotcastsOf: Map<AccountId, Array<SpotCastId>>
  readonly forecasts: Map<ForecastId, Forecast>
  /** Each SpotCast's forecasts in insertion order: the last is the newest. */
  readonly forecastsOf: Map<SpotCastId, Array<ForecastId>>
  readonly jobs: Map<ForecastId, Job>
  readonly idempotency: Map<string, IdempotencyRecord>
  /** Keys claimed by the charge in progress, with the receipt to be, until its debit settles them. */
  readonly claimedKeys: Map<string, { readonly record: Omit<IdempotencyRecord, "receipt">; readonly draft: ReceiptDraft }>
  readonly deliveries: Map<DeliveryId, WebhookDelivery>
  readonly attempts: Map<DeliveryId, Array<DeliveryAttempt>>
  readonly widgets: Map<WidgetId, WidgetRecord>
  /** Each account's widgets in ascending (created_at, id) order (deleted ones included). */
  readonly widgetsOf: Map<AccountId, Array<WidgetId>>
  /** The hidden SpotCast of each widget, which SpotCast reads do not show. */
  readonly widgetOfSpotCast: Map<SpotCastId, WidgetId>
  readonly routes: Map<RouteId, Route>
  /** Each account's routes in ascending (created_at, id) order. */
  readonly routesOf: Map<AccountId, Array<RouteId>>
  /** The hidden SpotCast of each route, which SpotCast reads do not show. */
  readonly routeOfSpotCast: Map<SpotCastId, RouteId>
  /** Each completed route forecast's analysis. */
  readonly routeAnalyses: Map<ForecastId, RouteAnalysis>
  /** Creation-to-completion seconds of completed forecasts, newest last (bounded). */
  readonly completionSeconds: Array<number>
}

/** The tables every memory adapter of one database shares (tests and embedding hosts may read them). */
export class MemoryDatabase extends Context.Tag("spotcast/MemoryDatabase")<MemoryDatabase, MemoryTables>() {}
