import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Option } from "effect"
import { chargeNewSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"
import { chargeSpotCastRefresh } from "../../../src/application/spotcast/RefreshSpotCast.js"
import { completeForecast } from "../../../src/application/finish/Finish.js"
import { LedgerEntryId } from "../../../src/domain/Ids.js"
import { Transactions } from "../../../src/ports/Transactions.js"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import * as F from "../../ports/Fixtures.js"
import * as MemoryCore from "../../support/MemoryCore.js"

/** The storage's transactions, counting those opened. */
const counted = Effect.map(Transactions, (inner) => {
  const opened = { count: 0 }
  const transactions = Transactions.of({
    atomically: (self) => Effect.suspend(() => {
      opened.count++
      return inner.atomically(self)
    })
  })
  return { opened, transactions }
})

describe("charge", () => {
  it.effect("a create without an idempotency key is one storage command, with no transaction; with a key, one transaction", () =>
    Effect.gen(function*() {
      const { opened, transactions } = yield* counted
      const account = yield* F.seed(10)
      const alone = yield* chargeNewSpotCast(yield* F.createCommand(account)).pipe(Effect.provideService(Transactions, transactions))
      assert.strictEqual(alone._tag, "Created")
      assert.strictEqual(opened.count, 0)

      const idempotency = { key: "order-1", fingerprint: "fp" }
      const keyed = yield* chargeNewSpotCast({ ...(yield* F.createCommand(account)), idempotency }).pipe(
        Effect.provideService(Transactions, transactions)
      )
      assert.strictEqual(keyed._tag, "Created")
      assert.strictEqual(keyed.receipt.creditsRemaining, 6)
      assert.strictEqual(opened.count, 1)

      // A short create without a key fails as before, and what it would have written is not there.
      const poor = yield* F.seed(1)
      const short = yield* F.createCommand(poor)
      const error = yield* Effect.flip(chargeNewSpotCast(short).pipe(Effect.provideService(Transactions, transactions)))
      assert.deepStrictEqual(
        error._tag === "InsufficientBalance" && [error.currentBalance, error.requiredCredits],
        [1, 2]
      )
      assert.isTrue(Option.isNone(yield* (yield* SpotCastStore).get(poor.id, short.spotcast.id)))
      assert.strictEqual(opened.count, 1)
    }).pipe(Effect.provide(MemoryCore.layer)))

  it.effect("a command that checks first (a refresh) still runs its check, rows and charge in one transaction", () =>
    Effect.gen(function*() {
      const { opened, transactions } = yield* counted
      const account = yield* F.seed(10)
      const command = yield* F.createCommand(account)
      yield* chargeNewSpotCast(command)
      const analysis = { summary: "calm", daily_classifications: [] }
      assert.isTrue(yield* completeForecast({ forecastId: command.forecast.id, analysis, at: yield* DateTime.now }))
      const now = yield* DateTime.now
      const refreshed = yield* chargeSpotCastRefresh({
        accountId: account.id,
        spotcastId: command.spotcast.id,
        forecast: F.forecast(command.spotcast, now),
        price: 2,
        chargeId: LedgerEntryId.make(F.id("led")),
        estimatedCompletionSeconds: 10
      }).pipe(Effect.provideService(Transactions, transactions))
      assert.strictEqual(refreshed._tag, "Created")
      assert.strictEqual(opened.count, 1)
      const view = Option.getOrThrow(yield* (yield* SpotCastStore).get(account.id, command.spotcast.id))
      assert.strictEqual(view.forecastCount, 2)
    }).pipe(Effect.provide(MemoryCore.layer)))
})
