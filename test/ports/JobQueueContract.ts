import { assert, describe } from "@effect/vitest"
import { DateTime, Duration, Effect, Option, TestClock } from "effect"
import { JobQueue } from "../../src/ports/JobQueue.js"
import { SpotCastStore } from "../../src/ports/SpotCastStore.js"
import * as F from "./Fixtures.js"
import { type ContractIt, onFreshStorage } from "./StorageHarness.js"
import { chargeNewSpotCast } from "../../src/application/spotcast/CreateSpotCast.js"
import { completeForecast, failForecast } from "../../src/application/finish/Finish.js"

const LEASE = Duration.seconds(30)

/** Stores a SpotCast whose first forecast (and job) is created at the clock's time plus `offsetMinutes`. */
const enqueued = (offsetMinutes = 0) =>
  Effect.gen(function*() {
    const account = yield* F.seed(10)
    const at = DateTime.add(yield* DateTime.now, { minutes: offsetMinutes })
    const spotcast = F.spotcast(account, at)
    const forecast = F.forecast(spotcast, at)
    yield* chargeNewSpotCast({ ...(yield* F.createCommand(account)), spotcast, forecast })
    return forecast
  })

export const jobQueueContract = (it: ContractIt) =>
  describe("JobQueue", () => {
    it.effect("an empty queue has nothing to claim", () =>
      onFreshStorage(Effect.gen(function*() {
        const queue = yield* JobQueue
        assert.isTrue(Option.isNone(yield* queue.claim("w1", LEASE)))
        assert.strictEqual(yield* queue.depth, 0)
      })))

    it.effect("a claim leases the job to its owner and counts the attempt; nobody else gets it meanwhile", () =>
      onFreshStorage(Effect.gen(function*() {
        const queue = yield* JobQueue
        const forecast = yield* enqueued()
        const now = yield* DateTime.now
        const job = Option.getOrThrow(yield* queue.claim("w1", LEASE))
        assert.deepStrictEqual(job, {
          forecastId: forecast.id,
          accountId: forecast.accountId,
          attempts: 1,
          availableAt: forecast.createdAt,
          leaseOwner: "w1",
          leaseUntil: DateTime.addDuration(now, LEASE),
          kind: "spotcast"
        })
        assert.isTrue(Option.isNone(yield* queue.claim("w2", LEASE)))
        yield* TestClock.adjust("29 seconds")
        assert.isTrue(Option.isNone(yield* queue.claim("w2", LEASE)))
        assert.strictEqual(yield* queue.depth, 1)
      })))

    it.effect("an expired lease makes the job claimable again, and the old owner can no longer extend it", () =>
      onFreshStorage(Effect.gen(function*() {
        const queue = yield* JobQueue
        const forecast = yield* enqueued()
        yield* queue.claim("w1", LEASE)
        yield* TestClock.adjust(LEASE)
        assert.isFalse(yield* queue.extend(forecast.id, "w1", LEASE))
        const again = Option.getOrThrow(yield* queue.claim("w2", LEASE))
        assert.strictEqual(again.forecastId, forecast.id)
        assert.strictEqual(again.attempts, 2)
        assert.strictEqual(again.leaseOwner, "w2")
        assert.isFalse(yield* queue.extend(forecast.id, "w1", LEASE))
      })))

    it.effect("the owner extends its lease from now; another owner cannot", () =>
      onFreshStorage(Effect.gen(function*() {
        const queue = yield* JobQueue
        const forecast = yield* enqueued()
        yield* queue.claim("w1", LEASE)
        yield* TestClock.adjust("20 seconds")
        assert.isTrue(yield* queue.extend(forecast.id, "w1", LEASE))
        assert.isFalse(yield* queue.extend(forecast.id, "w2", LEASE))
        yield* TestClock.adjust("20 seconds")
        assert.isTrue(Option.isNone(yield* queue.claim("w2", LEASE)), "the extended lease still holds at 40 s")
        yield* TestClock.adjust("10 seconds")
        assert.isTrue(Option.isSome(yield* queue.claim("w2", LEASE)), "and ends at 50 s")
      })))

    it.effect("extendAll renews, in one call, every listed job the owner still holds, and answers which", () =>
      onFreshStorage(Effect.gen(function*() {
        const queue = yield* JobQueue
        const a = yield* enqueued()
        const b = yield* enqueued()
        const c = yield* enqueued()
        const d = yield* enqueued()
        assert.strictEqual((yield* queue.claimMany("w1", LEASE, 3)).length, 3)
        assert.isTrue(Option.isSome(yield* queue.claim("w2", LEASE)), "the fourth job goes to another owner")
        assert.deepStrictEqual(yield* queue.extendAll("w1", [], LEASE), [])
        yield* TestClock.adjust("20 seconds")
        const now = yield* DateTime.now
        yield* completeForecast({ forecastId: c.id, analysis: { summary: "", daily_classifications: [] }, at: now })
        const extended = yield* queue.extendAll("w1", [a.id, b.id, c.id, d.id, a.id], LEASE)
        assert.deepStrictEqual(
          [...extended].sort(),
          [a.id, b.id].sort(),
          "a finished job and another owner's job are not extended; a repeated id counts once"
        )
        yield* TestClock.adjust("20 seconds")
        assert.deepStrictEqual(
          (yield* queue.claimMany("w3", LEASE, 5)).map((j) => j.forecastId),
          [d.id],
          "at 40 s only w2's unrenewed lease has ended; w1's renewed ones hold until 50 s"
        )
        yield* TestClock.adjust("10 seconds")
        assert.deepStrictEqual(yield* queue.extendAll("w1", [a.id, b.id], LEASE), [], "a lapsed lease is not renewed")
        assert.deepStrictEqual(
          (yield* queue.claimMany("w4", LEASE, 5)).map((j) => j.forecastId as string).sort(),
          [a.id as string, b.id as string].sort()
        )
      })))

    it.effect("release gives the job back at once without counting the attempt; only the owner can", () =>
      onFreshStorage(Effect.gen(function*() {
        const queue = yield* JobQueue
        const forecast = yield* enqueued()
        yield* queue.claim("w1", LEASE)
        yield* queue.release(forecast.id, "w2")
        assert.isTrue(Option.isNone(yield* queue.claim("w2", LEASE)))
        yield* queue.release(forecast.id, "w1")
        assert.isFalse(yield* queue.extend(forecast.id, "w1", LEASE))
        const again = Option.getOrThrow(yield* queue.claim("w2", LEASE))
        assert.strictEqual(again.attempts, 1)
      })))

    it.effect("claims take the oldest available job first and skip jobs not yet available", () =>
      onFreshStorage(Effect.gen(function*() {
        const queue = yield* JobQueue
        const later = yield* enqueued(2)
        const older = yield* enqueued(-1)
        const newer = yield* enqueued(0)
        const claims = []
        for (let i = 0; i < 3; i++) claims.push(yield* queue.claim(`w${i}`, Duration.minutes(10)))
        assert.deepStrictEqual(claims.map(Option.map((j) => j.forecastId)), [Option.some(older.id), Option.some(newer.id), Option.none()])
        yield* TestClock.adjust("2 minutes")
        assert.deepStrictEqual(Option.map(yield* queue.claim("w9", LEASE), (j) => j.forecastId), Option.some(later.id))
        assert.strictEqual(yield* queue.depth, 3)
      })))

    it.effect("a batch claim takes up to max of the oldest available jobs, each once, and counts their attempts", () =>
      onFreshStorage(Effect.gen(function*() {
        const queue = yield* JobQueue
        const later = yield* enqueued(2)
        const older = yield* enqueued(-2)
        const middle = yield* enqueued(-1)
        const newer = yield* enqueued(0)
        const first = yield* queue.claimMany("w1", LEASE, 2)
        assert.deepStrictEqual(first.map((j) => j.forecastId), [older.id, middle.id])
        assert.deepStrictEqual(first.map((j) => [j.attempts, j.leaseOwner]), [[1, "w1"], [1, "w1"]])
        const second = yield* queue.claimMany("w2", LEASE, 5)
        assert.deepStrictEqual(second.map((j) => j.forecastId), [newer.id], "held and not-yet-available jobs are skipped")
        assert.deepStrictEqual(yield* queue.claimMany("w3", LEASE, 5), [])
        assert.isTrue(yield* queue.extend(older.id, "w1", LEASE))
        assert.isFalse(yield* queue.extend(older.id, "w2", LEASE))
        yield* TestClock.adjust("3 minutes")
        const expired = yield* queue.claimMany("w4", Duration.minutes(10), 10)
        assert.deepStrictEqual(
          expired.map((j) => j.forecastId).sort(),
          [older.id, middle.id, newer.id, later.id].sort(),
          "expired leases and jobs now available are claimable again"
        )
      })))

    it.effect("finishing a forecast removes its job, whoever holds it", () =>
      onFreshStorage(Effect.gen(function*() {
        const queue = yield* JobQueue
        const store = yield* SpotCastStore
        const first = yield* enqueued()
        const second = yield* enqueued()
        yield* queue.claim("w1", LEASE)
        const now = yield* DateTime.now
        yield* completeForecast({ forecastId: first.id, analysis: { summary: "", daily_classifications: [] }, at: now })
        yield* failForecast({ forecastId: second.id, error: { code: "processing_failed", message: "x" }, at: now, refundId: F.refundId() })
        assert.strictEqual(yield* queue.depth, 0)
        assert.isFalse(yield* queue.extend(first.id, "w1", LEASE))
        assert.isTrue(Option.isNone(yield* queue.claim("w2", LEASE)))
      })))

    it.effect("concurrent claimers each get a different job, and every job goes to exactly one", () =>
      onFreshStorage(Effect.gen(function*() {
        const queue = yield* JobQueue
        const jobs = yield* Effect.forEach(Array.from({ length: 12 }), () => enqueued(), { concurrency: 4 })
        const claims = yield* Effect.forEach(
          Array.from({ length: 20 }, (_, i) => `w${i}`),
          (owner) => queue.claim(owner, LEASE),
          { concurrency: "unbounded" }
        )
        const claimed = claims.flatMap((c) => Option.isSome(c) ? [c.value.forecastId as string] : [])
        assert.strictEqual(claimed.length, 12)
        assert.deepStrictEqual([...claimed].sort(), jobs.map((j) => j.id as string).sort())
      })))
  })
