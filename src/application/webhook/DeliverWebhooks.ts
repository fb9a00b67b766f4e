import { Clock, DateTime, Duration, Effect, Metric, Option, Redacted } from "effect"
import { recordAttempt } from "../../domain/webhook/WebhookAttempt.js"
import type { WebhookDelivery } from "../../domain/webhook/WebhookDelivery.js"
import { webhookHeaders } from "../../domain/webhook/WebhookHeaders.js"
import { nextAfterAttempt } from "../../domain/webhook/WebhookRetry.js"
import { AccountStore } from "../../ports/AccountStore.js"
import { Crypto } from "../../ports/Crypto.js"
import { type ClaimedDelivery, WebhookOutbox } from "../../ports/WebhookOutbox.js"
import { type WebhookOutcome, WebhookTransport } from "../../ports/WebhookTransport.js"
import { webhookAttemptsTotal } from "../Metrics.js"
import { startClaimLoop } from "../worker/ClaimLoop.js"

/** The contract's limit: a receiver must answer 2xx within 10 seconds. */
export const ATTEMPT_TIMEOUT = Duration.seconds(10)

/** The shortest idle wait, so a claim that keeps missing a due delivery can never spin. */
const MIN_IDLE = Duration.millis(10)

export interface WebhookDispatcherOptions {
  /** Deliveries in flight at once; a slow receiver holds up only its own slot. */
  readonly concurrency: number
  /** The longest wait before asking again when nothing was due (retries that fall due sooner wake it). */
  readonly pollInterval: Duration.DurationInput
  /** How long a claim lasts; must exceed the attempt timeout, or a slow attempt could be sent twice. */
  readonly lease: Duration.DurationInput
  readonly attemptTimeout?: Duration.DurationInput
  /** On shutdown, how long in-flight attempts may run on before they are returned to the outbox. */
  readonly shutdownGrace: Duration.DurationInput
}

const sinceMillis = (start: number) => Effect.map(Clock.currentTimeMillis, (now) => Math.max(0, Math.round(now - start)))

/** Sends the stored bytes once, signed with the account's current secret; never fails, whatever the receiver does. */
const send = (delivery: WebhookDelivery, at: DateTime.Utc, timeout: Duration.Duration) =>
  Effect.gen(function*() {
    const account = yield* (yield* AccountStore).get(delivery.accountId)
    if (Option.isNone(account)) return { ok: false, error: "account not found", durationMs: 0 } as WebhookOutcome
    const headers = webhookHeaders(yield* Crypto, delivery, Redacted.value(account.value.webhookSecret), at)
    const outcome = yield* (yield* WebhookTransport).post({ url: delivery.url, headers, body: delivery.body, timeout })
      .pipe(Effect.timeoutOption(timeout))
    if (Option.isSome(outcome)) return outcome.value
    const durationMs = yield* sinceMillis(DateTime.toEpochMillis(at))
    return { ok: false, error: `timeout: no response within ${Duration.format(timeout)}`, durationMs } as WebhookOutcome
  }).pipe(
    // A broken transport still counts as an attempt, so the delivery ends failed instead of looping on leases.
    Effect.catchAllDefect((defect) =>
      Effect.as(Effect.logError("webhook transport defect", defect), { ok: false, error: "internal error", durationMs: 0 } as WebhookOutcome)
    )
  )

/**
 * One attempt of a claimed delivery: send, then record the attempt and the next state (delivered, due
 * again per the schedule, or failed after the last attempt). The domain's `recordAttempt` makes both
 * from the delivery as claimed; the outbox writes them only while this holder still holds it, as
 * claimed. Interrupted (shutdown), the delivery goes back to the outbox uncounted.
 */
export const attemptDelivery = Effect.fn("DeliverWebhooks.attempt")(function*(
  claimed: ClaimedDelivery,
  owner: string,
  timeout: Duration.Duration = ATTEMPT_TIMEOUT
) {
  const { delivery } = claimed
  const outbox = yield* WebhookOutbox
  const at = yield* DateTime.now
  const outcome = yield* send(delivery, at, timeout).pipe(
    Effect.onInterrupt(() => outbox.release(delivery.accountId, delivery.id, owner))
  )
  yield* Metric.increment(Metric.tagged(webhookAttemptsTotal, "outcome", outcome.ok ? "delivered" : "failed"))
  const next = nextAfterAttempt(delivery.attempts + 1, outcome.ok, at, yield* DateTime.now)
  const attempted = recordAttempt(delivery, claimed.recorded, {
    at,
    durationMs: outcome.durationMs,
    ...(outcome.statusCode === undefined ? {} : { statusCode: outcome.statusCode }),
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
    next
  })
  // A claim hands out only pending deliveries, so there is always an attempt to record.
  const recorded = Option.isSome(attempted) &&
    (yield* outbox.record({ owner, from: delivery, attempted: attempted.value }))
  if (!recorded) yield* Effect.logWarning("webhook attempt made after its lease was lost; not recorded")
  else if (!outcome.ok) {
    yield* Effect.logInfo("webhook attempt failed", {
      attempt: delivery.attempts + 1,
      statusCode: outcome.statusCode,
      error: outcome.error,
      next: next._tag
    })
  }
  return { outcome, next, recorded }
}, (effect, claimed) => Effect.annotateLogs(effect, { deliveryId: claimed.delivery.id }))

/** Claims and attempts one due delivery; false when none was due. `onClaimed` runs between the two. */
export const deliverNext = (
  owner: string,
  lease: Duration.Duration,
  timeout: Duration.Duration = ATTEMPT_TIMEOUT,
  onClaimed: Effect.Effect<void> = Effect.void
) =>
  Effect.gen(function*() {
    const claimed = yield* (yield* WebhookOutbox).claim(owner, lease)
    if (Option.isNone(claimed)) return false
    yield* onClaimed
    yield* attemptDelivery(claimed.value, owner, timeout)
    return true
  })

/**
 * Webhook deliveries on the claim loop: due deliveries attempted `concurrency` at a time (a slow
 * receiver holds up only its own slot). Runs in the caller's scope: closing it stops claiming, lets
 * in-flight attempts finish within the grace period, then interrupts (and so returns) the rest.
 */
export const startWebhookDispatcher = (options: WebhookDispatcherOptions) =>
  Effect.gen(function*() {
    const lease = Duration.decode(options.lease)
    const timeout = Duration.decode(options.attemptTimeout ?? ATTEMPT_TIMEOUT)
    const poll = Duration.decode(options.pollInterval)
    const outbox = yield* WebhookOutbox
    // Until the next delivery falls due, but never longer than the poll interval: new deliveries are written
    // by other processes without notice.
    const idle = Effect.gen(function*() {
      // Storage away (an outage): wait the poll interval; a defect here would end this sender for good.
      const due = yield* outbox.nextDueAt.pipe(Effect.catchAllDefect(() => Effect.succeedNone))
      const now = yield* Clock.currentTimeMillis
      const wait = Option.match(due, {
        onNone: () => poll,
        onSome: (at) => {
          const untilDue = Duration.millis(Math.max(0, DateTime.toEpochMillis(at) - now))
          return Duration.clamp(untilDue, { minimum: MIN_IDLE, maximum: poll })
        }
      })
      yield* Effect.sleep(wait)
    })
    const owner = yield* startClaimLoop({
      name: "webhooks",
      // One delivery per claim, each under its sender's own name: a lease taken over inside this process
      // is told apart too. While deliveries are due the claimer claims again at once.
      batch: 1,
      claim: (owner) => Effect.map(outbox.claim(owner, lease), Option.toArray),
      process: (delivery, owner) => Effect.asVoid(attemptDelivery(delivery, owner, timeout)),
      release: ({ delivery }, owner) => outbox.release(delivery.accountId, delivery.id, owner),
      idle
    }, { concurrency: options.concurrency, shutdownGrace: options.shutdownGrace })
    yield* Effect.logInfo(`webhook dispatcher started: ${options.concurrency} senders as ${owner}`)
  })
