import { Context, type DateTime, type Effect, type Option } from "effect"
import type { Account } from "../domain/account/Account.js"
import type { Analysis } from "../domain/forecast/Analysis.js"
import type { CursorPosition } from "../domain/paging/Cursor.js"
import type { Forecast, ForecastInProgress } from "../domain/forecast/Forecast.js"
import type { ForecastError } from "../domain/forecast/ForecastError.js"
import type { IdempotencyClaim, IdempotencyKeyReused } from "../domain/billing/Idempotency.js"
import type { Receipt } from "../domain/billing/Receipt.js"
import type { AccountId, ForecastId, LedgerEntryId, SpotCastId } from "../domain/Ids.js"
import type { InsufficientBalance } from "../domain/billing/Ledger.js"
import type { Stage } from "../domain/forecast/Progress.js"
import type { SpotCast, SpotCastNotFound, SpotCastView } from "../domain/spotcast/SpotCast.js"
import type { WebhookDelivery } from "../domain/webhook/WebhookDelivery.js"

/** The outcome of a charging command: it took effect now, or its idempotency key replays an earlier one. */
export type Charged =
  | { readonly _tag: "Created"; readonly receipt: Receipt }
  | { readonly _tag: "Replayed"; readonly receipt: Receipt }

/** What every charging command (SpotCast, widget, route) carries besides what it stores. */
export interface ChargeParts {
  readonly price: number
  /** Id of the charge's ledger entry. */
  readonly chargeId: LedgerEntryId
  readonly estimatedCompletionSeconds: number
  readonly idempotency?: IdempotencyClaim
}

export interface CreateSpotCastCommand extends ChargeParts {
  readonly spotcast: SpotCast
  /** The first forecast, in its initial lifecycle state. */
  readonly forecast: Forecast
}

export interface RefreshSpotCastCommand extends ChargeParts {
  readonly accountId: AccountId
  readonly spotcastId: SpotCastId
  readonly forecast: Forecast
}

export interface PageRequest {
  /** Rows wanted; callers ask for one more than the page size to learn whether more follow. */
  readonly limit: number
  readonly after?: CursorPosition
}

/**
 * A SpotCast as a list page shows it: what the list prints and no more, so that a page of SpotCasts
 * reads neither their settings nor their forecasts' analyses. A `SpotCastView` is one too.
 */
export interface SpotCastSummary {
  readonly spotcast: Pick<SpotCast, "id" | "createdAt" | "coordinates">
  readonly latest: Pick<Forecast, "id" | "status">
}

/** Everything a worker needs to produce one forecast. */
export interface ForecastWork {
  readonly account: Account
  readonly spotcast: SpotCast
  readonly forecast: Forecast
  /** True when the forecast is a route's (its hidden SpotCast's): the worker reads the route's work. */
  readonly ofRoute?: boolean
}

/**
 * SpotCasts, their forecasts and the credit movements they cause. Every command is atomic: it happens
 * entirely or not at all, whatever runs beside it, and the balance never goes below zero.
 */
export interface SpotCastStoreShape {
  /**
   * Checks the balance, charges `price` (ledger entry), stores the SpotCast and its first forecast,
   * enqueues the forecast's job and records the idempotency claim: all or nothing.
   */
  readonly create: (
    command: CreateSpotCastCommand
  ) => Effect.Effect<Charged, InsufficientBalance | IdempotencyKeyReused>
  /** As create, for a new forecast of an existing SpotCast whose newest forecast has finished. */
  readonly refresh: (
    command: RefreshSpotCastCommand
  ) => Effect.Effect<Charged, InsufficientBalance | SpotCastNotFound | ForecastInProgress | IdempotencyKeyReused>

  readonly get: (accountId: AccountId, spotcastId: string) => Effect.Effect<Option.Option<SpotCastView>>
  readonly getForecast: (
    accountId: AccountId,
    spotcastId: string,
    forecastId: string
  ) => Effect.Effect<Option.Option<Forecast>>
  /** The account's SpotCasts, newest first (created_at, then id, descending), strictly after the cursor. */
  readonly list: (accountId: AccountId, page: PageRequest) => Effect.Effect<ReadonlyArray<SpotCastSummary>>
  /** A SpotCast's forecasts, newest first, strictly after the cursor; none when the SpotCast is not the account's. */
  readonly listForecasts: (
    accountId: AccountId,
    spotcastId: SpotCastId,
    page: PageRequest
  ) => Effect.Effect<ReadonlyArray<Forecast>>

  /**
   * Worker side: the forecast with its SpotCast and account. With `start`, an unfinished forecast that
   * is not a route's is also moved to that stage in the same step (as `advance`); the work is as read
   * before it moved.
   */
  readonly work: (forecastId: ForecastId, start?: Exclude<Stage, "completed">) => Effect.Effect<Option.Option<ForecastWork>>
  /** Moves an unfinished forecast to a later stage; false when it has finished (nothing changes). */
  readonly advance: (forecastId: ForecastId, stage: Exclude<Stage, "completed">) => Effect.Effect<boolean>
  /**
   * Completes an unfinished forecast, removes its job and writes its webhook delivery (if any) at once.
   * False when the forecast had already finished: then nothing changes.
   */
  readonly complete: (command: {
    readonly forecastId: ForecastId
    readonly analysis: Analysis
    readonly at: DateTime.Utc
    readonly delivery?: WebhookDelivery
  }) => Effect.Effect<boolean>
  /**
   * Fails an unfinished forecast, refunds its charge (once: `refundId` is the refund entry), removes its
   * job and writes its webhook delivery (if any) at once. False when it had already finished.
   */
  readonly fail: (command: {
    readonly forecastId: ForecastId
    readonly error: ForecastError
    readonly at: DateTime.Utc
    readonly refundId: LedgerEntryId
    readonly delivery?: WebhookDelivery
  }) => Effect.Effect<boolean>
  /** Seconds from creation to completion of the most recently completed forecasts, newest first. */
  readonly recentCompletionSeconds: (count: number) => Effect.Effect<ReadonlyArray<number>>
}

export class SpotCastStore extends Context.Tag("spotcast/SpotCastStore")<SpotCastStore, SpotCastStoreShape>() {}
