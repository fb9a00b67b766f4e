import { DateTime, Effect, Either, Metric, Option } from "effect"
import { refundEntry } from "../../domain/billing/Ledger.js"
import type { Analysis } from "../../domain/forecast/Analysis.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import type { ForecastError } from "../../domain/forecast/ForecastError.js"
import { completed, failed } from "../../domain/forecast/ForecastLifecycle.js"
import { DeliveryId, type ForecastId, IdPrefix, type LedgerEntryId, type SpotCastId } from "../../domain/Ids.js"
import type { RouteAnalysis } from "../../domain/route/Route.js"
import { eventBody, type WebhookEvent } from "../../domain/webhook/events/SpotCastEvent.js"
import type { WebhookDelivery } from "../../domain/webhook/WebhookDelivery.js"
import type { WebhookUrl } from "../../domain/webhook/WebhookUrl.js"
import { ChargeLedger } from "../../ports/ChargeLedger.js"
import { RouteStore } from "../../ports/RouteStore.js"
import { SpotCastStore, type SpotCastStoreShape } from "../../ports/SpotCastStore.js"
import { Transactions } from "../../ports/Transactions.js"
import { WebhookOutbox } from "../../ports/WebhookOutbox.js"
import { creditsRefundedTotal } from "../Metrics.js"
import { newId } from "../NewIds.js"
import { spanned } from "../../ports/Spans.js"

/** Whom a finished forecast's webhook tells, and what: built from the forecast as it finished. */
export interface Notice {
  readonly url: WebhookUrl
  readonly spotcastId: SpotCastId
  readonly event: WebhookEvent
}

interface Finishing {
  readonly forecastId: ForecastId
  readonly at: DateTime.Utc
  /** The forecast as the worker read it; read (and locked) again when not given. */
  readonly forecast?: Forecast | undefined
  /** The event the finished forecast owes, if any (a webhook URL applies). */
  readonly notice?: ((finished: Forecast) => Notice | undefined) | undefined
  /** A delivery built by the caller instead (operator tools and tests). */
  readonly delivery?: WebhookDelivery | undefined
}

/** The delivery of `notice` for the finished forecast: due now, with no attempts yet. */
const deliveryOf = (finished: Forecast, notice: Notice, at: DateTime.Utc) =>
  Effect.map(newId(IdPrefix.delivery), (id): WebhookDelivery => ({
    id: DeliveryId.make(id),
    accountId: finished.accountId,
    spotcastId: notice.spotcastId,
    forecastId: finished.id,
    event: notice.event.event,
    url: notice.url,
    body: eventBody(notice.event),
    status: "pending",
    attempts: 0,
    nextAttemptAt: at,
    createdAt: at
  }))

/** The webhook the finished forecast owes, added to the outbox with it. */
const notify = Effect.fnUntraced(function*(finishing: Finishing, finished: Forecast) {
  const notice = finishing.notice?.(finished)
  const delivery = finishing.delivery ?? (notice === undefined ? undefined : yield* deliveryOf(finished, notice, finishing.at))
  if (delivery !== undefined) yield* (yield* WebhookOutbox).add(delivery)
})

/** The forecast as it stands, locked, when the worker's read is not to be used. */
const current = (finishing: Finishing) =>
  finishing.forecast !== undefined
    ? Effect.succeed(Option.some(finishing.forecast))
    : Effect.flatMap(SpotCastStore, (store) => store.lockForecast(finishing.forecastId))

// The spans of both finish paths are made only when tracing (see Spans): every forecast finishes here.

/**
 * Completes an unfinished forecast of any kind: the domain's `completed` makes the finished forecast,
 * the store writes it (only while unfinished, removing its job), a route's own analysis beside it, and
 * the webhook it owes, all at once. False when it had finished already: then nothing changes.
 */
export const completeForecast = Effect.fnUntraced(function*(command: Completing) {
  const store = yield* SpotCastStore
  const { atomically } = yield* Transactions
  const write = writeCompleted(command, store)
  // A completion that writes one row needs no transaction (one statement, as the pipeline runs most).
  const single = command.forecast !== undefined && command.routeAnalysis === undefined && command.delivery === undefined &&
    command.notice?.(command.forecast) === undefined
  return yield* (single ? write : atomically(write))
}, spanned("Finish.complete"))

type Completing = Finishing & { readonly analysis: Analysis; readonly routeAnalysis?: RouteAnalysis | undefined }

const writeCompleted = Effect.fnUntraced(function*(command: Completing, store: SpotCastStoreShape) {
  const before = yield* current(command)
  if (Option.isNone(before)) return false
  const finished = completed(before.value, command.analysis, command.at)
  if (Either.isLeft(finished)) return false
  if (!(yield* store.saveFinished(finished.right))) return false
  if (command.routeAnalysis !== undefined) yield* (yield* RouteStore).saveAnalysis(finished.right, command.routeAnalysis)
  yield* notify(command, finished.right)
  return true
})

/**
 * Fails an unfinished forecast of any kind and refunds its charge, from the charge's own amount and
 * once (the ledger's guard), with the webhook it owes, all at once. The forecast is read locked: a
 * failure keeps the progress the work had reached. False when it had finished already.
 */
export const failForecast = Effect.fnUntraced(function*(
  command: Finishing & { readonly error: ForecastError; readonly refundId: LedgerEntryId }
) {
  const store = yield* SpotCastStore
  const ledger = yield* ChargeLedger
  const { atomically } = yield* Transactions
  const outcome = yield* atomically(Effect.gen(function*() {
    const before = yield* store.lockForecast(command.forecastId)
    if (Option.isNone(before)) return Option.none<number>()
    const finished = failed(before.value, command.error, command.at)
    if (Either.isLeft(finished)) return Option.none<number>()
    if (!(yield* store.saveFinished(finished.right))) return Option.none<number>()
    yield* notify(command, finished.right)
    const charge = yield* ledger.chargeOf(finished.right.accountId, finished.right.id)
    if (Option.isNone(charge)) return Option.some(0)
    const refunded = yield* ledger.refund(refundEntry(charge.value, command.refundId, command.at))
    return Option.some(refunded ? charge.value.amount : 0)
  }))
  if (Option.isNone(outcome)) return false
  if (outcome.value > 0) yield* Metric.incrementBy(creditsRefundedTotal, outcome.value)
  return true
}, spanned("Finish.fail"))
