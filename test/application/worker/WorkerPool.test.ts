import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Ref, TestClock } from "effect"
import type { Analysis } from "../../../src/domain/forecast/Analysis.js"
import { createSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"
import { startWorkerPool } from "../../../src/application/worker/WorkerPool.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { Analyst } from "../../../src/ports/Analyst.js"
import { JobQueue } from "../../../src/ports/JobQueue.js"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import { WeatherProvider } from "../../../src/ports/WeatherProvider.js"
import { calmHour, series } from "../../domain/safety/Hours.js"
import { createCommand, seedAccount } from "../../support/Accounts.js"
import * as MemoryCore from "../../support/MemoryCore.js"

const NOW = Date.UTC(2026, 10, 22, 10)
const DAY = "2026-11-23"

/** Weather that takes 100 ms, so that jobs overlap; an analyst that rates every day GO. */
const slowWeather = Layer.succeed(WeatherProvider, {
  hourly: () => Effect.as(Effect.sleep("100 millis"), series(DAY, 1, () => calmHour))
})
const analyst = Layer.succeed(Analyst, {
  analyze: (input) =>
    Effect.succeed({
      summary: "Calm.",
      daily_classifications: input.days.map((d) => ({ date: d.date, classification: "GO" as const, summary: "Calm." }))
    } satisfies Analysis)
})

describe("WorkerPool", () => {
  it.effect("one claimer feeds the workers in batches: every job is produced once, with far fewer claims than jobs", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const { account } = yield* seedAccount(100)
      const receipts = []
      for (let i = 0; i < 20; i++) receipts.push((yield* createSpotCast(account, createCommand(DAY, 1))).receipt)
      // Count the claims the pool makes and how many jobs each asked for.
      const asks = yield* Ref.make<ReadonlyArray<number>>([])
      const queue = yield* JobQueue
      const counted = Layer.succeed(JobQueue, {
        ...queue,
        claim: (owner, lease) => Effect.zipRight(Ref.update(asks, (xs) => [...xs, 1]), queue.claim(owner, lease)),
        claimMany: (owner, lease, max) => Effect.zipRight(Ref.update(asks, (xs) => [...xs, max]), queue.claimMany(owner, lease, max))
      })
      yield* Effect.scoped(Effect.gen(function*() {
        yield* startWorkerPool({ concurrency: 4, pollInterval: "1 second", lease: "30 seconds", shutdownGrace: "1 second" })
          .pipe(Effect.provide(counted))
        for (let i = 0; i < 10; i++) yield* TestClock.adjust("100 millis")
        assert.strictEqual(yield* queue.depth, 0, "every job done after 5 rounds of 4 (100 ms each)")
      }))
      const store = yield* SpotCastStore
      for (const r of receipts) {
        const view = yield* store.get(account.id, r.spotcastId)
        assert.strictEqual(view._tag === "Some" && view.value.latest.status, "completed")
      }
      const claims = yield* Ref.get(asks)
      assert.isAtMost(claims.length, 12, `claims: ${claims.join(",")}`)
      assert.isTrue(claims.some((n) => n >= 2), "claims ask for several jobs at once")
      assert.strictEqual((yield* (yield* AccountStore).balance(account.id)).creditBalance, 100 - 20 * 2, "nothing refunded: none failed")
    }).pipe(Effect.provide(Layer.mergeAll(MemoryCore.layer, slowWeather, analyst))))
})
