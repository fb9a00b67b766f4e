import { assert } from "@effect/vitest"
import { DateTime, Duration, Effect, Option, Schema } from "effect"
import { WebhookDelivery } from "../../src/domain/webhook/WebhookDelivery.js"
import { type AttemptRecord, WebhookOutbox } from "../../src/ports/WebhookOutbox.js"
import { seedAccount } from "../support/Accounts.js"
import { at, plus, seedDelivery, T0 } from "../support/WebhookDeliveries.js"
import type { ContractIt } from "./StorageHarness.js"

const LEASE = Duration.seconds(60)
const FAR = Date.UTC(2999, 0, 1)
const utc = (millis: number) => DateTime.unsafeMake(millis)
const URL = "https://receiver.example.com/hooks"

/** Leaves nothing due: every suite test starts from an outbox with no pending work of earlier tests. */
const drain = at(FAR)(Effect.gen(function*() {
  const outbox = yield* WebhookOutbox
  for (;;) {
    const claimed = yield* outbox.claim("drain", LEASE)
    if (Option.isNone(claimed)) return
    yield* outbox.record({ accountId: claimed.value.accountId, deliveryId: claimed.value.id, owner: "drain", at: utc(FAR), durationMs: 0, next: { _tag: "Failed" } })
  }
}))

const attempt = (delivery: WebhookDelivery, owner: string, millis: number, rest: Partial<AttemptRecord> = {}): AttemptRecord => ({
  accountId: delivery.accountId,
  deliveryId: delivery.id,
  owner,
  at: utc(millis),
  durationMs: 7,
  next: { _tag: "Failed" },
  ...rest
})

const encode = Schema.encodeSync(WebhookDelivery)

const claimAt = (millis: number, owner: string) => at(millis)(Effect.flatMap(WebhookOutbox, (o) => o.claim(owner, LEASE)))

/** The outbox port's contract, run against every adapter with its own layer. */
export const webhookOutboxContract = (it: ContractIt) => {
  let t = T0
  /** A fresh stretch of time for each test, days apart. */
  const nextBase = () => (t += Duration.toMillis(Duration.days(3)))

  it.effect("claims a due delivery once; a second claimer gets it only after the lease ends", () =>
    Effect.gen(function*() {
      yield* drain
      const T = nextBase()
      const outbox = yield* WebhookOutbox
      const { account } = yield* at(T)(seedAccount(1000, "sandbox"))
      const delivery = yield* at(T)(seedDelivery(account, { url: URL, outcome: "completed" }))
      assert.isTrue(Option.isNone(yield* claimAt(T - 1, "a")), "not due before its time")
      const first = yield* claimAt(T, "a")
      assert.strictEqual(Option.getOrThrow(first).id, delivery.id)
      assert.isTrue(Option.isNone(yield* claimAt(plus(T, "59 seconds"), "b")), "leased to a")
      const second = yield* claimAt(plus(T, "61 seconds"), "b")
      assert.strictEqual(Option.getOrThrow(second).id, delivery.id, "free again once the lease ended")
      assert.isFalse(yield* outbox.record(attempt(delivery, "a", T)), "a lost the lease: its record changes nothing")
      assert.isTrue(yield* outbox.record(attempt(delivery, "b", plus(T, "61 seconds"))))
      const history = Option.getOrThrow(yield* outbox.get(account.id, delivery.id))
      assert.strictEqual(history.attempts.length, 1)
    }))

  it.effect("records an attempt and the next time, counts it, and hands the delivery out again when due", () =>
    Effect.gen(function*() {
      yield* drain
      const T = nextBase()
      const outbox = yield* WebhookOutbox
      const { account } = yield* at(T)(seedAccount(1000, "sandbox"))
      const delivery = yield* at(T)(seedDelivery(account, { url: URL, outcome: "failed" }))
      assert.strictEqual(delivery.status, "pending")
      assert.strictEqual(delivery.attempts, 0)
      yield* claimAt(T, "a")
      const retryAt = plus(T, "5 minutes")
      assert.isTrue(yield* outbox.record(attempt(delivery, "a", T, { statusCode: 500, durationMs: 12, next: { _tag: "Retry", at: utc(retryAt) } })))
      const after = Option.getOrThrow(yield* outbox.get(account.id, delivery.id))
      assert.strictEqual(after.delivery.status, "pending")
      assert.strictEqual(after.delivery.attempts, 1)
      assert.strictEqual(DateTime.toEpochMillis(after.delivery.nextAttemptAt!), retryAt)
      assert.deepStrictEqual(after.attempts.map((a) => [a.number, DateTime.toEpochMillis(a.at), a.durationMs, a.statusCode, a.error]), [
        [1, T, 12, 500, undefined]
      ])
      assert.isFalse(yield* outbox.record(attempt(delivery, "a", T)), "the record released the lease")
      assert.isTrue(Option.isNone(yield* claimAt(retryAt - 1, "b")))
      const again = Option.getOrThrow(yield* claimAt(retryAt, "b"))
      assert.strictEqual(again.attempts, 1)
      assert.strictEqual(again.body, delivery.body, "the same bytes")
      const deliveredAt = plus(retryAt, "1 second")
      assert.isTrue(yield* outbox.record(attempt(delivery, "b", retryAt, { statusCode: 204, next: { _tag: "Delivered", at: utc(deliveredAt) } })))
      const done = Option.getOrThrow(yield* outbox.get(account.id, delivery.id))
      assert.strictEqual(done.delivery.status, "delivered")
      assert.strictEqual(done.delivery.attempts, 2)
      assert.strictEqual(DateTime.toEpochMillis(done.delivery.deliveredAt!), deliveredAt)
      assert.deepStrictEqual(done.attempts.map((a) => [a.number, a.statusCode]), [[1, 500], [2, 204]])
      assert.isTrue(Option.isNone(yield* claimAt(FAR, "c")), "a delivered delivery is never handed out again")
    }))

  it.effect("a failed delivery stays failed until redelivered: same id and body, fresh count, due now", () =>
    Effect.gen(function*() {
      yield* drain
      const T = nextBase()
      const outbox = yield* WebhookOutbox
      const { account } = yield* at(T)(seedAccount(1000, "sandbox"))
      const { account: other } = yield* at(T)(seedAccount(1000, "sandbox", "Someone else"))
      const delivery = yield* at(T)(seedDelivery(account, { url: URL, outcome: "completed" }))
      yield* claimAt(T, "a")
      assert.isTrue(yield* outbox.record(attempt(delivery, "a", T, { error: "connection: refused" })))
      const failed = Option.getOrThrow(yield* outbox.get(account.id, delivery.id))
      assert.strictEqual(failed.delivery.status, "failed")
      assert.isUndefined(failed.delivery.nextAttemptAt)
      assert.strictEqual(failed.attempts[0]!.error, "connection: refused")
      assert.isTrue(Option.isNone(yield* claimAt(FAR, "b")), "a failed delivery is not due")

      assert.strictEqual(yield* Effect.flip(outbox.redeliver(other.id, delivery.id, utc(T))).pipe(Effect.map((e) => e._tag)), "DeliveryNotFound")
      assert.strictEqual(yield* Effect.flip(outbox.redeliver(account.id, "whk_missing", utc(T))).pipe(Effect.map((e) => e._tag)), "DeliveryNotFound")

      const later = plus(T, "1 hour")
      const again = yield* outbox.redeliver(account.id, delivery.id, utc(later))
      assert.strictEqual(again.id, delivery.id)
      assert.strictEqual(again.body, delivery.body)
      assert.strictEqual(again.status, "pending")
      assert.strictEqual(again.attempts, 0)
      assert.strictEqual(DateTime.toEpochMillis(again.nextAttemptAt!), later)
      const notFailed = yield* Effect.flip(outbox.redeliver(account.id, delivery.id, utc(later)))
      assert.strictEqual(notFailed._tag, "DeliveryNotFailed")

      const claimed = Option.getOrThrow(yield* claimAt(later, "c"))
      assert.strictEqual(claimed.attempts, 0)
      assert.isTrue(yield* outbox.record(attempt(delivery, "c", later, { statusCode: 200, next: { _tag: "Delivered", at: utc(later) } })))
      const history = Option.getOrThrow(yield* outbox.get(account.id, delivery.id))
      assert.deepStrictEqual(history.attempts.map((a) => a.number), [1, 2], "attempt numbers run on; the history is kept")
      assert.strictEqual(history.delivery.attempts, 1)
      assert.strictEqual(history.delivery.status, "delivered")
    }))

  it.effect("release gives a held delivery back at once, uncounted; only its holder can release it", () =>
    Effect.gen(function*() {
      yield* drain
      const T = nextBase()
      const outbox = yield* WebhookOutbox
      const { account } = yield* at(T)(seedAccount(1000, "sandbox"))
      const delivery = yield* at(T)(seedDelivery(account, { url: URL, outcome: "completed" }))
      yield* claimAt(T, "a")
      yield* outbox.release(delivery.accountId, delivery.id, "b")
      assert.isTrue(Option.isNone(yield* claimAt(T, "b")), "b does not hold it, so its release did nothing")
      yield* outbox.release(delivery.accountId, delivery.id, "a")
      const again = Option.getOrThrow(yield* claimAt(T, "b"))
      assert.strictEqual(again.attempts, 0)
    }))

  it.effect("hands out the delivery that has been due longest first", () =>
    Effect.gen(function*() {
      yield* drain
      const T = nextBase()
      const { account } = yield* at(T)(seedAccount(1000, "sandbox"))
      const older = yield* at(T)(seedDelivery(account, { url: URL, outcome: "completed" }))
      const newer = yield* at(plus(T, "1 minute"))(seedDelivery(account, { url: URL, outcome: "failed" }))
      const now = plus(T, "2 minutes")
      assert.deepStrictEqual(
        [Option.getOrThrow(yield* claimAt(now, "a")).id, Option.getOrThrow(yield* claimAt(now, "b")).id],
        [older.id, newer.id]
      )
    }))

  it.effect("says when the next pending delivery falls due, counting a live lease as not yet due", () =>
    Effect.gen(function*() {
      yield* drain
      const T = nextBase()
      const outbox = yield* WebhookOutbox
      const nextDue = (millis: number) => at(millis)(outbox.nextDueAt).pipe(Effect.map(Option.map(DateTime.toEpochMillis)))
      assert.deepStrictEqual(yield* nextDue(T), Option.none())
      const { account } = yield* at(T)(seedAccount(1000, "sandbox"))
      const delivery = yield* at(T)(seedDelivery(account, { url: URL, outcome: "completed" }))
      assert.deepStrictEqual(yield* nextDue(T - 1000), Option.some(T))
      yield* claimAt(T, "a")
      assert.deepStrictEqual(yield* nextDue(T), Option.some(plus(T, "60 seconds")), "held until the lease ends")
      assert.isTrue(yield* outbox.record(attempt(delivery, "a", T, { next: { _tag: "Retry", at: utc(plus(T, "5 minutes")) } })))
      assert.deepStrictEqual(yield* nextDue(T), Option.some(plus(T, "5 minutes")))
      yield* claimAt(plus(T, "5 minutes"), "b")
      assert.isTrue(yield* outbox.record(attempt(delivery, "b", plus(T, "5 minutes"), { next: { _tag: "Delivered", at: utc(plus(T, "5 minutes")) } })))
      assert.deepStrictEqual(yield* nextDue(T), Option.none(), "nothing pending")
    }))

  it.effect("concurrent claimers never hold the same delivery", () =>
    Effect.gen(function*() {
      yield* drain
      const T = nextBase()
      const { account } = yield* at(T)(seedAccount(1000, "sandbox"))
      const seeded = yield* at(T)(Effect.forEach([1, 2, 3, 4, 5], () => seedDelivery(account, { url: URL, outcome: "completed" })))
      const claims = yield* Effect.forEach(
        Array.from({ length: 16 }, (_, i) => i),
        (i) => claimAt(plus(T, "1 second"), `claimer-${i}`),
        { concurrency: "unbounded" }
      )
      const ids = claims.flatMap((c) => (Option.isSome(c) ? [c.value.id] : []))
      assert.strictEqual(ids.length, 5)
      assert.deepStrictEqual([...ids].sort(), seeded.map((d) => d.id).sort())
    }))

  it.effect("lists an account's deliveries newest first, with attempts, by page and status; never another account's", () =>
    Effect.gen(function*() {
      yield* drain
      const T = nextBase()
      const outbox = yield* WebhookOutbox
      const { account } = yield* at(T)(seedAccount(1000, "sandbox"))
      const { account: other } = yield* at(T)(seedAccount(1000, "sandbox", "Someone else"))
      const d1 = yield* at(T)(seedDelivery(account, { url: URL, outcome: "completed" }))
      const d2 = yield* at(plus(T, "1 second"))(seedDelivery(account, { url: URL, outcome: "failed" }))
      const d3 = yield* at(plus(T, "2 seconds"))(seedDelivery(account, { url: URL, outcome: "completed" }))
      const theirs = yield* at(plus(T, "4 seconds"))(seedDelivery(other, { url: URL, outcome: "completed" }))
      yield* claimAt(plus(T, "3 seconds"), "a")
      assert.isTrue(yield* outbox.record(attempt(d1, "a", plus(T, "3 seconds"), { error: "tls: bad certificate" })))

      const first = yield* outbox.list(account.id, { limit: 2 })
      assert.deepStrictEqual(first.map((h) => h.delivery.id), [d3.id, d2.id])
      const rest = yield* outbox.list(account.id, {
        limit: 2,
        after: { createdAtMillis: DateTime.toEpochMillis(d2.createdAt), id: d2.id }
      })
      assert.deepStrictEqual(rest.map((h) => h.delivery.id), [d1.id])
      assert.deepStrictEqual(rest[0]!.attempts.map((a) => a.error), ["tls: bad certificate"])
      const failed = yield* outbox.list(account.id, { limit: 10, status: "failed" })
      assert.deepStrictEqual(failed.map((h) => h.delivery.id), [d1.id])
      assert.isTrue(Option.isNone(yield* outbox.get(account.id, theirs.id)))
      assert.isTrue(Option.isSome(yield* outbox.get(other.id, theirs.id)))
      const whole = Option.getOrThrow(yield* outbox.get(account.id, d2.id))
      assert.deepStrictEqual(encode(whole.delivery), encode(d2), "the row reads back exactly as written")
    }))
}
