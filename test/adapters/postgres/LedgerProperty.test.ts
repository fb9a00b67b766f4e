import { assert, layer } from "@effect/vitest"
import { DateTime, Effect, FastCheck as fc, Layer, Option, Ref } from "effect"
import * as CryptoIds from "../../../src/adapters/system/CryptoIds.js"
import * as NaturalEarthGeography from "../../../src/adapters/geography/NaturalEarthGeography.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import type { ForecastId, SpotCastId } from "../../../src/domain/Ids.js"
import { createSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"
import { grantCredits } from "../../../src/application/account/ManageAccounts.js"
import { failForecast, PROCESSING_FAILED } from "../../../src/application/spotcast/ProcessForecast.js"
import { refreshSpotCast } from "../../../src/application/spotcast/RefreshSpotCast.js"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import * as F from "../../ports/Fixtures.js"
import { createCommand, firstDate } from "../../support/Accounts.js"
import * as TestSettings from "../../support/TestSettings.js"
import { ledgerOf, sampleBalance } from "./Ledger.js"
import { describeServer, serverStorage } from "./TestDatabase.js"
import { completeForecast } from "../../../src/application/finish/Finish.js"

const Core = Layer.mergeAll(serverStorage({ maxConnections: 6 }), CryptoIds.layer, NodeCrypto.layer, TestSettings.layer(), NaturalEarthGeography.layer)

const op = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), days: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant("refresh" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("complete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("fail" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("grant" as const), amount: fc.integer({ min: 1, max: 9 }) })
)

const pick = <A>(xs: ReadonlyArray<A>, n: number) => xs.length === 0 ? undefined : xs[n % xs.length]

await describeServer("the ledger on the Postgres server", () => {
  layer(Core, { excludeTestServices: true, timeout: "120 seconds" })((it) => {
    it.effect.prop(
      "random interleavings of create, refresh, complete, fail and grant keep balance = purchased - used >= 0",
      { opening: fc.integer({ min: 0, max: 15 }), ops: fc.array(op, { minLength: 1, maxLength: 40 }) },
      ({ opening, ops }) =>
        Effect.gen(function*() {
          const account = yield* F.seed(opening)
          const store = yield* SpotCastStore
          const spotcasts = yield* Ref.make<Array<SpotCastId>>([])
          const forecasts = yield* Ref.make<Array<ForecastId>>([])
          const remember = (c: { receipt: { spotcastId: SpotCastId; forecastId: ForecastId } }) =>
            Effect.zipRight(
              Ref.update(spotcasts, (xs) => [...xs, c.receipt.spotcastId]),
              Ref.update(forecasts, (xs) => [...xs, c.receipt.forecastId])
            )
          const run = (o: (typeof ops)[number]): Effect.Effect<unknown, unknown, Layer.Layer.Success<typeof Core>> => {
            switch (o.kind) {
              case "create":
                return createSpotCast(account, createCommand(firstDate(Date.now()), o.days)).pipe(Effect.flatMap(remember))
              case "refresh":
                return Effect.flatMap(Ref.get(spotcasts), (xs) => {
                  const id = pick(xs, o.pick)
                  return id === undefined ? Effect.void : Effect.flatMap(refreshSpotCast(account, id, {}), remember)
                })
              case "complete":
                return Effect.flatMap(Ref.get(forecasts), (xs) => {
                  const id = pick(xs, o.pick)
                  return id === undefined
                    ? Effect.void
                    : Effect.flatMap(DateTime.now, (at) => completeForecast({ forecastId: id, analysis: { summary: "", daily_classifications: [] }, at }))
                })
              case "fail":
                return Effect.flatMap(Ref.get(forecasts), (xs) => {
                  const id = pick(xs, o.pick)
                  return id === undefined
                    ? Effect.void
                    : Effect.flatMap(store.work(id), Option.match({ onNone: () => Effect.void, onSome: (w) => failForecast(w, PROCESSING_FAILED) }))
                })
              case "grant":
                return grantCredits(account.id, o.amount)
            }
          }
          const { seen } = yield* sampleBalance(
            account.id,
            Effect.forEach(ops, (o) => run(o).pipe(Effect.catchAll(() => Effect.void), Effect.asVoid), {
              concurrency: "unbounded",
              discard: true
            })
          )

          const ledger = yield* ledgerOf(account.id)
          assert.strictEqual(ledger.balance, ledger.purchased - ledger.used)
          assert.isAtLeast(ledger.balance, 0)
          assert.isAtLeast(Math.min(...seen), 0)
          assert.strictEqual(ledger.purchased, ledger.granted)
          assert.strictEqual(ledger.used, ledger.charged - ledger.refunded)
          const views = yield* store.list(account.id, { limit: 100 })
          const all = (yield* Effect.forEach(views, (v) => store.listForecasts(account.id, v.spotcast.id, { limit: 100 }))).flat()
          assert.strictEqual(ledger.charges, all.length, "one charge per forecast")
          assert.strictEqual(ledger.refunds, all.filter((f) => f.status === "failed").length, "one refund per failed forecast")
        }),
      { fastCheck: { numRuns: 50 } }
    )
  })
})
