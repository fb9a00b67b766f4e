import { assert, describe, it } from "@effect/vitest"
import { Effect, FastCheck as fc, Option, Ref, TestClock } from "effect"
import type { ForecastId } from "../../../src/domain/Ids.js"
import { balanceOf } from "../../../src/domain/billing/Ledger.js"
import { createSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"
import { grantCredits } from "../../../src/application/account/ManageAccounts.js"
import { failForecast, PROCESSING_FAILED } from "../../../src/application/spotcast/ProcessForecast.js"
import { MemoryDatabase } from "../../../src/adapters/memory/MemoryDatabase.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import { createCommand, firstDate, seedAccount } from "../../support/Accounts.js"
import * as MemoryCore from "../../support/MemoryCore.js"

const op = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), days: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant("refund" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("grant" as const), amount: fc.integer({ min: 1, max: 7 }) })
)

describe("the ledger on the memory store", () => {
  it.effect.prop(
    "random concurrent charges, refunds and grants never overdraw, and balance = purchased - used",
    { opening: fc.integer({ min: 0, max: 12 }), ops: fc.array(op, { maxLength: 60 }) },
    ({ opening, ops }) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(Date.UTC(2026, 10, 22))
        const { account } = yield* seedAccount(opening)
        const accounts = yield* AccountStore
        const store = yield* SpotCastStore
        const forecasts = yield* Ref.make<Array<ForecastId>>([])
        const observed = yield* Ref.make<Array<number>>([])
        const watch = Effect.flatMap(accounts.balance(account.id), (b) => Ref.update(observed, (xs) => [...xs, b.creditBalance]))

        const run = (o: (typeof ops)[number]): Effect.Effect<void, unknown, MemoryCore.Services> => {
          switch (o.kind) {
            case "create":
              return createSpotCast(account, createCommand(firstDate(Date.UTC(2026, 10, 22)), o.days)).pipe(
                Effect.flatMap((c) => Ref.update(forecasts, (fs) => [...fs, c.receipt.forecastId])),
                Effect.catchTag("InsufficientBalance", () => Effect.void)
              )
            case "refund":
              return Effect.gen(function*() {
                const fs = yield* Ref.get(forecasts)
                if (fs.length === 0) return
                const work = yield* store.work(fs[o.pick % fs.length]!)
                if (Option.isSome(work)) yield* failForecast(work.value, PROCESSING_FAILED)
              })
            case "grant":
              return Effect.asVoid(grantCredits(account.id, o.amount))
          }
        }
        yield* Effect.forEach(ops, (o) => Effect.zipRight(Effect.yieldNow(), Effect.zipRight(run(o), watch)), {
          concurrency: "unbounded",
          discard: true
        })

        const balance = yield* accounts.balance(account.id)
        const db = yield* MemoryDatabase
        const entries = db.ledger.get(account.id)!
        assert.deepStrictEqual(balanceOf(entries), balance)
        assert.strictEqual(balance.creditBalance, balance.totalPurchased - balance.totalUsed)
        assert.isAtLeast(balance.creditBalance, 0)
        for (const seen of yield* Ref.get(observed)) assert.isAtLeast(seen, 0)
        const refunds = entries.filter((e) => e.kind === "refund")
        assert.strictEqual(new Set(refunds.map((r) => r.refundOf)).size, refunds.length, "a charge was refunded twice")
      }).pipe(Effect.provide(MemoryCore.layer)),
    { fastCheck: { numRuns: 80 } }
  )
})
