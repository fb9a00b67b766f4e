import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Either, Fiber, Option } from "effect"
import { balanceOf, chargeEntry } from "../../../src/domain/billing/Ledger.js"
import { MemoryDatabase } from "../../../src/adapters/memory/MemoryDatabase.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { ChargeLedger } from "../../../src/ports/ChargeLedger.js"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import { Transactions } from "../../../src/ports/Transactions.js"
import * as F from "../../ports/Fixtures.js"
import * as MemoryCore from "../../support/MemoryCore.js"

describe("memory transactions", () => {
  it.effect("a create charged outside any transaction waits for the one in progress, whose undo then loses nothing of it", () =>
    Effect.gen(function*() {
      const account = yield* F.seed(10)
      const ledger = yield* ChargeLedger
      const store = yield* SpotCastStore
      const { atomically } = yield* Transactions
      const undone = yield* F.createCommand(account, 3)
      const charged = yield* Deferred.make<void>()
      const release = yield* Deferred.make<void>()
      // A transaction that charges 3, then fails once the create has been asked: its charge is undone.
      const failing = yield* atomically(Effect.gen(function*() {
        yield* ledger.debit(chargeEntry(undone.forecast, 3, undone.chargeId), undefined)
        yield* Deferred.succeed(charged, undefined)
        yield* Deferred.await(release)
        return yield* Effect.fail("undone" as const)
      })).pipe(Effect.flip, Effect.fork)
      yield* Deferred.await(charged)

      const kept = yield* F.createCommand(account, 2)
      const keptEntry = chargeEntry(kept.forecast, 2, kept.chargeId)
      const create = yield* Effect.fork(store.insertCharged(kept.spotcast, kept.forecast, keptEntry, undefined))
      yield* Effect.repeatN(Effect.yieldNow(), 20)
      assert.isTrue(Option.isNone(yield* Fiber.poll(create)), "the create waits for the transaction")

      yield* Deferred.succeed(release, undefined)
      assert.strictEqual(yield* Fiber.join(failing), "undone")
      assert.deepStrictEqual(yield* Fiber.join(create), Either.right({ creditBalance: 8, totalPurchased: 10, totalUsed: 2 }))
      assert.deepStrictEqual(yield* (yield* AccountStore).balance(account.id), { creditBalance: 8, totalPurchased: 10, totalUsed: 2 })
      const entries = (yield* MemoryDatabase).ledger.get(account.id)!
      assert.deepStrictEqual(entries.map((e) => e.id).slice(1), [keptEntry.id])
      assert.deepStrictEqual(balanceOf(entries), { creditBalance: 8, totalPurchased: 10, totalUsed: 2 })
      assert.isTrue(Option.isSome(yield* store.get(account.id, kept.spotcast.id)))
      assert.isTrue(Option.isNone(yield* store.get(account.id, undone.spotcast.id)))
    }).pipe(Effect.provide(MemoryCore.layer)))

  it.effect("inside a transaction the same create joins it and is undone with it", () =>
    Effect.gen(function*() {
      const account = yield* F.seed(10)
      const store = yield* SpotCastStore
      const { atomically } = yield* Transactions
      const command = yield* F.createCommand(account, 2)
      const failed = yield* atomically(Effect.gen(function*() {
        const charged = yield* store.insertCharged(command.spotcast, command.forecast, chargeEntry(command.forecast, 2, command.chargeId), undefined)
        assert.isTrue(Either.isRight(charged))
        return yield* Effect.fail("undone" as const)
      })).pipe(Effect.flip)
      assert.strictEqual(failed, "undone")
      assert.deepStrictEqual(yield* (yield* AccountStore).balance(account.id), { creditBalance: 10, totalPurchased: 10, totalUsed: 0 })
      assert.isTrue(Option.isNone(yield* store.get(account.id, command.spotcast.id)))
    }).pipe(Effect.provide(MemoryCore.layer)))
})
