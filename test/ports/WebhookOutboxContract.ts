import { assert } from "@effect/vitest"
import { DateTime, Duration, Effect, Either, Option, Schema } from "effect"
import type { Attempt } from "../../src/domain/webhook/WebhookAttempt.js"
import { WebhookDelivery } from "../../src/domain/webhook/WebhookDelivery.js"
import { redeliver } from "../../src/domain/webhook/WebhookRedelivery.js"
import { type AttemptRecord, type ClaimedDelivery, WebhookOutbox } from "../../src/ports/WebhookOutbox.js"
import { seedAccount } from "../support/Accounts.js"
import { at, plus, seedDelivery, T0 } from "../support/WebhookDeliveries.js"
import * as F from "./Fixtures.js"
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
    yield* outbox.record(attempt(claimed, "drain", FAR))
  }
}))

/** The attempt the core records for a claim: the domain's `recordAttempt` over the delivery as claimed. */
function attempt(
  claim: ClaimedDelivery | Option.Option<ClaimedDelivery>,
  owner: string,
  millis: number,
  rest: Partial<Attempt> = {}
): AttemptRecord {
  const claimed = Option.isOption(claim) ? Option.getOrThrow(claim) : claim
  return F.attempted(claimed, owner, { at: utc(millis), durationMs: 7, next: { _tag: "Failed" }, ...rest })
}

const idOf = (claim: Option.Option<ClaimedDelivery>) => Option.getOrThrow(claim).delivery.id

const encode = Schema.encodeSync(WebhookDelivery)

const claimAt = (millis: number, owner: string) => at(millis)(Effect.flatMap(WebhookOutbox, (o) => o.claim(owner, LEASE)))

/** The outbox port's contract, run against every adapter with its own layer. */
export const webhookOutboxContract = (it: ContractIt) => {
  let t = T0
  /** A fresh stretch of time for each test, days apart. */
  const nextBase = () => (t += Duration.toMillis(Duration.days(3)))
  /** An empty outbox, a fresh stretch of time from T, and one delivery of a new account due at T. */
  const oneDelivery = (outcome: "completed" | "failed") =>
    Effect.gen(function*() {
      yield* drain
      const T = nextBase()
      const { account } = yield* at(T)(seedAccount(1000, "sandbox"))
      const delivery = yield* at(T)(seedDelivery(account, { url: URL, outcome }))
      return { account, delivery, outbox: yield* WebhookOutbox, T }
    })

  it.effect("claims a due delivery once; a second claimer gets it only after the lease ends", () =>
    Effect.gen(function*() {
      const { account, delivery, outbox, T } = yield* oneDelivery("completed")
      assert.isTrue(Option.isNone(yield* claimAt(T - 1, "a")), "not due before its time")
      const first = yield* claimAt(T, "a")
      assert.strictEqual(idOf(first), delivery.id)
      assert.deepStrictEqual(Option.getOrThrow(first).recorded, 0, "no attempt recorded yet")
      assert.isTrue(Option.isNone(yield* claimAt(plus(T, "59 seconds"), "b")), "leased to a")
      const second = yield* claimAt(plus(T, "61 seconds"), "b")
      assert.strictEqual(idOf(second), delivery.id, "free again once the lease ended")
      assert.isFalse(yield* outbox.record(attempt(first, "a", T)), "a lost the lease: its record changes nothing")
      assert.isTrue(yield* outbox.record(attempt(second, "b", plus(T, "61 seconds"))))
      const history = Option.getOrThrow(yield* outbox.get(account.id, delivery.id))
      assert.strictEqual(history.attempts.length, 1)
    }))

  it.effect("records an attempt and the next time, counts it, and hands the delivery out again when due", () =>
    Effect.gen(function*() {
      const { account, delivery, outbox, T } = yield* oneDelivery("failed")
      assert.strictEqual(delivery.status, "pending")
      assert.strictEqual(delivery.attempts, 0)
      const first = yield* claimAt(T, "a")
      const retryAt = plus(T, "5 minutes")
      assert.isTrue(yield* outbox.record(attempt(first, "a", T, { statusCode: 500, durationMs: 12, next: { _tag: "Retry", at: utc(retryAt) } })))
      const after = Option.getOrThrow(yield* outbox.get(account.id, delivery.id))
      assert.strictEqual(after.delivery.status, "pending")
      assert.strictEqual(after.delivery.attempts, 1)
      assert.strictEqual(DateTime.toEpochMillis(after.delivery.nextAttemptAt!), retryAt)
      assert.deepStrictEqual(after.attempts.map((a) => [a.number, DateTime.toEpochMillis(a.at), a.durationMs, a.statusCode, a.error]), [
        [1, T, 12, 500, undefined]
      ])
      assert.isFalse(yield* outbox.record(attempt(first, "a", T)), "the record released the lease")
      assert.isTrue(Option.isNone(yield* claimAt(retryAt - 1, "b")))
      const again = Option.getOrThrow(yield* claimAt(retryAt, "b"))
      assert.strictEqual(again.delivery.attempts, 1)
      assert.strictEqual(again.recorded, 1)
      assert.strictEqual(again.delivery.body, delivery.body, "the same bytes")
      const deliveredAt = plus(retryAt, "1 second")
      assert.isTrue(yield* outbox.record(attempt(again, "b", retryAt, { statusCode: 204, next: { _tag: "Delivered", at: utc(deliveredAt) } })))
      const done = Option.getOrThrow(yield* outbox.get(account.id, delivery.id))
      assert.strictEqual(done.delivery.status, "delivered")
      assert.strictEqual(done.delivery.attempts, 2)
      assert.strictEqual(DateTime.toEpochMillis(done.delivery.deliveredAt!), deliveredAt)
      assert.deepStrictEqual(done.attempts.map((a) => [a.number, a.statusCode]), [[1, 500], [2, 204]])
      assert.isTrue(Option.isNone(yield* claimAt(FAR, "c")), "a delivered delivery is never handed out again")
    }))

  it.effect("a failed delivery stays failed until reopened: same id and body, fresh count, due then; attempt numbers run on", () =>
    Effect.gen(function*() {
      const { account, delivery, outbox, T } = yield* oneDelivery("completed")
      const first = yield* claimAt(T, "a")
      assert.isTrue(yield* outbox.record(attempt(first, "a", T, { error: "connection: refused" })))
      const failed = Option.getOrThrow(yield* outbox.get(account.id, delivery.id))
      assert.strictEqual(failed.delivery.status, "failed")
      assert.isUndefined(failed.delivery.nextAttemptAt)
      assert.strictEqual(failed.attempts[0]!.error, "connection: refused")
      assert.isTrue(Option.isNone(yield* claimAt(FAR, "b")), "a failed delivery is not due")

      const later = plus(T, "1 hour")
      const reopened = Either.getOrThrow(redeliver(failed.delivery, utc(later)))
      assert.isTrue(yield* outbox.reopen(failed.delivery, reopened))
      const again = Option.getOrThrow(yield* outbox.get(account.id, delivery.id)).delivery
      assert.deepStrictEqual(encode(again), encode(reopened), "written as the core made it")
      assert.strictEqual(again.status, "pending")
      assert.strictEqual(again.attempts, 0)
      assert.strictEqual(DateTime.toEpochMillis(again.nextAttemptAt!), later)
      assert.isFalse(yield* outbox.reopen(failed.delivery, reopened), "no longer as read: nothing changes")

      const claimed = yield* claimAt(later, "c")
      assert.strictEqual(Option.getOrThrow(claimed).delivery.attempts, 0)
      assert.strictEqual(Option.getOrThrow(claimed).recorded, 1)
      assert.isTrue(yield* outbox.record(attempt(claimed, "c", later, { statusCode: 200, next: { _tag: "Delivered", at: utc(later) } })))
      const history = Option.getOrThrow(yield* outbox.get(account.id, delivery.id))
      assert.deepStrictEqual(history.attempts.map((a) => a.number), [1, 2], "attempt numbers run on; the history is kept")
      assert.strictEqual(history.delivery.attempts, 1)
      assert.strictEqual(history.delivery.status, "delivered")
    }))

  it.effect("of two recorders of one claim, one writes: the attempt is recorded and counted once", () =>
    Effect.gen(function*() {
      const { account, delivery, outbox, T } = yield* oneDelivery("completed")
      const claimed = yield* claimAt(T, "a")
      const retry = { next: { _tag: "Retry" as const, at: utc(plus(T, "5 minutes")) } }
      const written = yield* Effect.all(
        [outbox.record(attempt(claimed, "a", T, retry)), outbox.record(attempt(claimed, "a", plus(T, "1 second"), retry))],
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual([...written].sort(), [false, true])
      const history = Option.getOrThrow(yield* outbox.get(account.id, delivery.id))
      assert.strictEqual(history.attempts.length, 1)
      assert.strictEqual(history.delivery.attempts, 1)
    }))

  it.effect("of two reopens of one failed delivery, one writes; a stale read changes nothing", () =>
    Effect.gen(function*() {
      const { account, delivery, outbox, T } = yield* oneDelivery("completed")
      assert.isTrue(yield* outbox.record(attempt(yield* claimAt(T, "a"), "a", T)))
      const failed = Option.getOrThrow(yield* outbox.get(account.id, delivery.id)).delivery
      const reopens = [plus(T, "1 hour"), plus(T, "2 hours")].map((millis) =>
        outbox.reopen(failed, Either.getOrThrow(redeliver(failed, utc(millis))))
      )
      const written = yield* Effect.all(reopens, { concurrency: "unbounded" })
      assert.deepStrictEqual([...written].sort(), [false, true])
      const stored = Option.getOrThrow(yield* outbox.get(account.id, delivery.id)).delivery
      assert.strictEqual(stored.status, "pending")
      const stale = { ...stored, status: "failed" as const }
      assert.isFalse(yield* outbox.reopen(stale, { ...stored, nextAttemptAt: utc(FAR) }), "not as read: nothing changes")
      assert.deepStrictEqual(encode(Option.getOrThrow(yield* outbox.get(account.id, delivery.id)).delivery), encode(stored))
    }))

  it.effect("release gives a held delivery back at once, uncounted; only its holder can release it", () =>
    Effect.gen(function*() {
      const { account, delivery, outbox, T } = yield* oneDelivery("completed")
      yield* claimAt(T, "a")
      yield* outbox.release(delivery.accountId, delivery.id, "b")
      assert.isTrue(Option.isNone(yield* claimAt(T, "b")), "b does not hold it, so its release did nothing")
      yield* outbox.release(delivery.accountId, delivery.id, "a")
      const again = Option.getOrThrow(yield* claimAt(T, "b"))
      assert.strictEqual(again.delivery.attempts, 0)
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
        [idOf(yield* claimAt(now, "a")), idOf(yield* claimAt(now, "b"))],
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
      const first = yield* claimAt(T, "a")
      assert.strictEqual(idOf(first), delivery.id)
      assert.deepStrictEqual(yield* nextDue(T), Option.some(plus(T, "60 seconds")), "held until the lease ends")
      assert.isTrue(yield* outbox.record(attempt(first, "a", T, { next: { _tag: "Retry", at: utc(plus(T, "5 minutes")) } })))
      assert.deepStrictEqual(yield* nextDue(T), Option.some(plus(T, "5 minutes")))
      const second = yield* claimAt(plus(T, "5 minutes"), "b")
      assert.isTrue(yield* outbox.record(attempt(second, "b", plus(T, "5 minutes"), { next: { _tag: "Delivered", at: utc(plus(T, "5 minutes")) } })))
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
      const ids = claims.flatMap((c) => (Option.isSome(c) ? [c.value.delivery.id] : []))
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
      const claimed = yield* claimAt(plus(T, "3 seconds"), "a")
      assert.strictEqual(idOf(claimed), d1.id)
      assert.isTrue(yield* outbox.record(attempt(claimed, "a", plus(T, "3 seconds"), { error: "tls: bad certificate" })))

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
