import { DateTime, Effect, Either, Layer, Option } from "effect"
import type { Analysis } from "../../domain/forecast/Analysis.js"
import { type Forecast, ForecastInProgress } from "../../domain/forecast/Forecast.js"
import type { ForecastError } from "../../domain/forecast/ForecastError.js"
import { LifecycleEvent, transition } from "../../domain/forecast/ForecastLifecycle.js"
import { isTerminal } from "../../domain/forecast/ForecastStatus.js"
import { decide, type IdempotencyClaim, IdempotencyKeyReused, type Receipt } from "../../domain/billing/Idempotency.js"
import type { AccountId, ForecastId, LedgerEntryId, SpotCastId } from "../../domain/Ids.js"
import { applyEntry, canAfford, emptyBalance, InsufficientBalance, type LedgerEntry } from "../../domain/billing/Ledger.js"
import { SpotCastNotFound, type SpotCastView } from "../../domain/spotcast/SpotCast.js"
import type { WebhookDelivery } from "../../domain/webhook/WebhookDelivery.js"
import { type Charged, SpotCastStore, type SpotCastStoreShape } from "../../ports/SpotCastStore.js"
import { insertSorted, newestFirst } from "./KeysetOrder.js"
import { idempotencyKey, MemoryDatabase, type MemoryTables } from "./MemoryDatabase.js"

const COMPLETION_SAMPLES = 100

const position = (createdAt: DateTime.Utc, id: string) => ({ createdAtMillis: DateTime.toEpochMillis(createdAt), id })

const replayOrReject = (
  db: MemoryTables,
  accountId: AccountId,
  claim: IdempotencyClaim | undefined,
  now: DateTime.Utc
): Either.Either<Receipt | undefined, IdempotencyKeyReused> => {
  if (claim === undefined) return Either.right(undefined)
  const decision = decide(db.idempotency.get(idempotencyKey(accountId, claim.key)), claim.fingerprint, now)
  switch (decision._tag) {
    case "Fresh":
      return Either.right(undefined)
    case "Replay":
      return Either.right(decision.receipt)
    case "Reused":
      return Either.left(new IdempotencyKeyReused({ key: claim.key }))
  }
}

/** The charge step shared by create and refresh; returns the new balance or the shortfall. */
const charge = (db: MemoryTables, accountId: AccountId, forecast: Forecast, price: number, chargeId: LedgerEntryId) => {
  const balance = db.balances.get(accountId) ?? emptyBalance
  if (!canAfford(balance, price)) {
    return Either.left(new InsufficientBalance({ currentBalance: balance.creditBalance, requiredCredits: price }))
  }
  const entry: LedgerEntry = {
    id: chargeId,
    accountId,
    kind: "charge",
    amount: price,
    forecastId: forecast.id,
    createdAt: forecast.createdAt
  }
  const ledger = db.ledger.get(accountId)
  if (ledger === undefined) throw new Error(`no ledger for account ${accountId}`)
  ledger.push(entry)
  const after = applyEntry(balance, entry)
  db.balances.set(accountId, after)
  db.chargeOf.set(forecast.id, chargeId)
  return Either.right(after)
}

const addForecast = (db: MemoryTables, forecast: Forecast) => {
  db.forecasts.set(forecast.id, forecast)
  const list = db.forecastsOf.get(forecast.spotcastId) ?? []
  list.push(forecast.id)
  db.forecastsOf.set(forecast.spotcastId, list)
  db.jobs.set(forecast.id, {
    forecastId: forecast.id,
    accountId: forecast.accountId,
    attempts: 0,
    availableAt: forecast.createdAt
  })
}

const remember = (db: MemoryTables, accountId: AccountId, claim: IdempotencyClaim | undefined, receipt: Receipt) => {
  if (claim === undefined) return
  db.idempotency.set(idempotencyKey(accountId, claim.key), {
    accountId,
    key: claim.key,
    fingerprint: claim.fingerprint,
    createdAt: receipt.createdAt,
    receipt
  })
}

const view = (db: MemoryTables, spotcastId: SpotCastId): SpotCastView | undefined => {
  const spotcast = db.spotcasts.get(spotcastId)
  const ids = db.forecastsOf.get(spotcastId)
  if (spotcast === undefined || ids === undefined || ids.length === 0) return undefined
  return { spotcast, forecastCount: ids.length, latest: db.forecasts.get(ids[ids.length - 1]!)! }
}

const ownedSpotCast = (db: MemoryTables, accountId: AccountId, spotcastId: string) => {
  const spotcast = db.spotcasts.get(spotcastId as SpotCastId)
  return spotcast !== undefined && spotcast.accountId === accountId ? spotcast : undefined
}

/** Applies a lifecycle event to an unfinished forecast; undefined when the forecast is missing or finished. */
const step = (db: MemoryTables, forecastId: ForecastId, event: LifecycleEvent) => {
  const forecast = db.forecasts.get(forecastId)
  if (forecast === undefined) return undefined
  const next = transition(forecast, event)
  return Either.isRight(next) ? { ...forecast, ...next.right } : undefined
}

const finish = (db: MemoryTables, forecast: Forecast, delivery: WebhookDelivery | undefined) => {
  db.forecasts.set(forecast.id, forecast)
  db.jobs.delete(forecast.id)
  if (delivery !== undefined) {
    db.deliveries.set(delivery.id, delivery)
    db.attempts.set(delivery.id, [])
  }
}

export const make = (db: MemoryTables): SpotCastStoreShape => ({
  create: ({ chargeId, estimatedCompletionSeconds, forecast, idempotency, price, spotcast }) =>
    Effect.suspend((): Effect.Effect<Charged, InsufficientBalance | IdempotencyKeyReused> => {
      const prior = replayOrReject(db, spotcast.accountId, idempotency, spotcast.createdAt)
      if (Either.isLeft(prior)) return Effect.fail(prior.left)
      if (prior.right !== undefined) return Effect.succeed({ _tag: "Replayed", receipt: prior.right })
      const charged = charge(db, spotcast.accountId, forecast, price, chargeId)
      if (Either.isLeft(charged)) return Effect.fail(charged.left)
      db.spotcasts.set(spotcast.id, spotcast)
      const owned = db.spotcastsOf.get(spotcast.accountId)
      if (owned !== undefined) insertSorted(owned, spotcast.id, (id) => position(db.spotcasts.get(id)!.createdAt, id))
      addForecast(db, forecast)
      const receipt: Receipt = {
        kind: "create",
        spotcastId: spotcast.id,
        forecastId: forecast.id,
        createdAt: forecast.createdAt,
        creditsCharged: price,
        creditsRemaining: charged.right.creditBalance,
        estimatedCompletionSeconds
      }
      remember(db, spotcast.accountId, idempotency, receipt)
      return Effect.succeed({ _tag: "Created", receipt })
    }),

  refresh: ({ accountId, chargeId, estimatedCompletionSeconds, forecast, idempotency, price, spotcastId }) =>
    Effect.suspend((): Effect.Effect<
      Charged,
      InsufficientBalance | SpotCastNotFound | ForecastInProgress | IdempotencyKeyReused
    > => {
      const prior = replayOrReject(db, accountId, idempotency, forecast.createdAt)
      if (Either.isLeft(prior)) return Effect.fail(prior.left)
      if (prior.right !== undefined) return Effect.succeed({ _tag: "Replayed", receipt: prior.right })
      const current = ownedSpotCast(db, accountId, spotcastId) && view(db, spotcastId)
      if (!current) return Effect.fail(new SpotCastNotFound({ spotcastId }))
      if (!isTerminal(current.latest.status)) {
        return Effect.fail(new ForecastInProgress({ spotcastId, forecastId: current.latest.id }))
      }
      const charged = charge(db, accountId, forecast, price, chargeId)
      if (Either.isLeft(charged)) return Effect.fail(charged.left)
      addForecast(db, forecast)
      const receipt: Receipt = {
        kind: "refresh",
        spotcastId,
        forecastId: forecast.id,
        createdAt: forecast.createdAt,
        creditsCharged: price,
        creditsRemaining: charged.right.creditBalance,
        estimatedCompletionSeconds
      }
      remember(db, accountId, idempotency, receipt)
      return Effect.succeed({ _tag: "Created", receipt })
    }),

  get: (accountId, spotcastId) =>
    Effect.sync(() =>
      Option.fromNullable(ownedSpotCast(db, accountId, spotcastId) && view(db, spotcastId as SpotCastId))
    ),

  getForecast: (accountId, spotcastId, forecastId) =>
    Effect.sync(() => {
      const forecast = db.forecasts.get(forecastId as ForecastId)
      return Option.fromNullable(
        forecast !== undefined && forecast.accountId === accountId && forecast.spotcastId === spotcastId
          ? forecast
          : undefined
      )
    }),

  list: (accountId, page) =>
    Effect.sync(() =>
      newestFirst(db.spotcastsOf.get(accountId) ?? [], (id) => position(db.spotcasts.get(id)!.createdAt, id), page)
        .map((id) => view(db, id)!)
    ),

  listForecasts: (accountId, spotcastId, page) =>
    Effect.sync(() => {
      if (ownedSpotCast(db, accountId, spotcastId) === undefined) return []
      // Kept in creation order (the last is the SpotCast's newest); a SpotCast has few, so sort to page.
      const byKey = (id: ForecastId) => position(db.forecasts.get(id)!.createdAt, id)
      const sorted: Array<ForecastId> = []
      for (const id of db.forecastsOf.get(spotcastId) ?? []) insertSorted(sorted, id, byKey)
      return newestFirst(sorted, byKey, page).map((id) => db.forecasts.get(id)!)
    }),

  work: (forecastId) =>
    Effect.sync(() => {
      const forecast = db.forecasts.get(forecastId)
      const spotcast = forecast && db.spotcasts.get(forecast.spotcastId)
      const account = spotcast && db.accounts.get(spotcast.accountId)
      return forecast && spotcast && account ? Option.some({ account, spotcast, forecast }) : Option.none()
    }),

  advance: (forecastId, stage) =>
    Effect.sync(() => {
      const next = step(db, forecastId, LifecycleEvent.Advance({ stage }))
      if (next === undefined) return false
      db.forecasts.set(forecastId, next)
      return true
    }),

  complete: ({ analysis, at, delivery, forecastId }: {
    forecastId: ForecastId
    analysis: Analysis
    at: DateTime.Utc
    delivery?: WebhookDelivery
  }) =>
    Effect.sync(() => {
      const next = step(db, forecastId, LifecycleEvent.Complete())
      if (next === undefined) return false
      finish(db, { ...next, completedAt: at, analysis }, delivery)
      db.completionSeconds.push((DateTime.toEpochMillis(at) - DateTime.toEpochMillis(next.createdAt)) / 1000)
      if (db.completionSeconds.length > COMPLETION_SAMPLES) db.completionSeconds.shift()
      return true
    }),

  fail: ({ at, delivery, error, forecastId, refundId }: {
    forecastId: ForecastId
    error: ForecastError
    at: DateTime.Utc
    refundId: LedgerEntryId
    delivery?: WebhookDelivery
  }) =>
    Effect.sync(() => {
      const next = step(db, forecastId, LifecycleEvent.Fail({ error }))
      if (next === undefined) return false
      finish(db, { ...next, failedAt: at, error }, delivery)
      const chargeId = db.chargeOf.get(forecastId)
      const chargeEntry = chargeId && db.ledger.get(next.accountId)?.find((e) => e.id === chargeId)
      if (chargeId !== undefined && chargeEntry && !db.refunded.has(chargeId)) {
        const refund: LedgerEntry = {
          id: refundId,
          accountId: next.accountId,
          kind: "refund",
          amount: chargeEntry.amount,
          forecastId,
          refundOf: chargeId,
          createdAt: at
        }
        db.ledger.get(next.accountId)!.push(refund)
        db.balances.set(next.accountId, applyEntry(db.balances.get(next.accountId) ?? emptyBalance, refund))
        db.refunded.add(chargeId)
      }
      return true
    }),

  recentCompletionSeconds: (count) => Effect.sync(() => db.completionSeconds.slice(-count).reverse())
})

export const layer = Layer.effect(SpotCastStore, Effect.map(MemoryDatabase, make))
