import { Context, type Effect, type Either, type Option } from "effect"
import type { Account } from "../domain/account/Account.js"
import type { Balance, LedgerEntry } from "../domain/billing/Ledger.js"
import type { CursorPosition } from "../domain/paging/Cursor.js"
import type { Forecast } from "../domain/forecast/Forecast.js"
import type { AccountId, ForecastId, SpotCastId } from "../domain/Ids.js"
import type { Stage } from "../domain/forecast/Progress.js"
import type { SpotCast } from "../domain/spotcast/SpotCast.js"

/** A SpotCast as read: with its forecast count and newest forecast, whose status is the SpotCast's. */
export interface SpotCastView {
  readonly spotcast: SpotCast
  readonly forecastCount: number
  readonly latest: Forecast
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
}

/**
 * SpotCasts and their forecasts. Every command is atomic on its own; a charging command runs several
 * of them, with the charge's, in one `Transactions.atomically` (a create's one command needs none).
 */
export interface SpotCastStoreShape {
  /**
   * Stores a new SpotCast with its first forecast and that forecast's job, and charges it, in one
   * command: as `ChargeLedger.debit` does, `charge` is appended and its balance change applied unless
   * it would take the balance below zero, and with `settles` the claimed key's receipt records the
   * balance left. Right: the balance after; left: the balance as it was, and nothing is written.
   * Atomic on its own, so that a create without a key needs no transaction around it.
   */
  readonly insertCharged: (
    spotcast: SpotCast,
    forecast: Forecast,
    charge: LedgerEntry,
    settles: string | undefined
  ) => Effect.Effect<Either.Either<Balance, number>>
  /**
   * The newest forecast of a SpotCast of the account (not a widget's or route's hidden one), the
   * SpotCast's row locked until the transaction ends so that refreshes of one SpotCast queue here;
   * none when there is no such SpotCast.
   */
  readonly lockLatest: (accountId: AccountId, spotcastId: string) => Effect.Effect<Option.Option<Pick<Forecast, "id" | "status">>>
  /** Stores a new forecast of an existing SpotCast, with its job, as the SpotCast's newest. */
  readonly addForecast: (forecast: Forecast) => Effect.Effect<void>

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
  /** The forecast, its row locked until the transaction ends (finishing it reads it as it stands). */
  readonly lockForecast: (forecastId: ForecastId) => Effect.Effect<Option.Option<Forecast>>
  /**
   * Writes a finished forecast as the core made it and removes its job, only while the stored one is
   * unfinished: false when it had finished already (a worker that lost its lease), and nothing changes.
   */
  readonly saveFinished: (forecast: Forecast) => Effect.Effect<boolean>
  /** Seconds from creation to completion of the most recently completed forecasts, newest first. */
  readonly recentCompletionSeconds: (count: number) => Effect.Effect<ReadonlyArray<number>>
}

export class SpotCastStore extends Context.Tag("spotcast/SpotCastStore")<SpotCastStore, SpotCastStoreShape>() {}
