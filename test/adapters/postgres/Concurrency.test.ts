import { assert, layer } from "@effect/vitest"
import { DateTime, Effect, Either, Layer, Option } from "effect"
import * as CryptoIds from "../../../src/adapters/system/CryptoIds.js"
import * as NaturalEarthGeography from "../../../src/adapters/geography/NaturalEarthGeography.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import { createSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"
import { refreshSpotCast } from "../../../src/application/spotcast/RefreshSpotCast.js"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import * as F from "../../ports/Fixtures.js"
import { createCommand, firstDate } from "../../support/Accounts.js"
import * as TestSettings from "../../support/TestSettings.js"
import { ledgerOf, sampleBalance } from "./Ledger.js"
import { describeServer, serverStorage } from "./TestDatabase.js"
import type { Ids } from "../../../src/ports/Ids.js"
import type { StoragePorts } from "../../ports/StorageHarness.js"
import { completeForecast, failForecast } from "../../../src/application/finish/Finish.js"

const Core = Layer.mergeAll(serverStorage({ maxConnections: 10 }), CryptoIds.layer, NodeCrypto.layer, TestSettings.layer(), NaturalEarthGeography.layer)
const today = () => createCommand(firstDate(Date.now()), 1)
const analysis = { summary: "ok", daily_classifications: [] }

const tally = <A, E extends { readonly _tag: string }>(results: ReadonlyArray<Either.Either<A, E>>, name: (a: A) => string) => {
  const counts: Record<string, number> = {}
  for (const r of results) {
    const key = Either.isRight(r) ? name(r.right) : r.left._tag
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}

await describeServer("concurrency on the Postgres server", () => {
  layer(Core, { excludeTestServices: true, timeout: "120 seconds" })((it) => {
    it.effect("1,000 concurrent creates against credits for exactly 100: 100 accepted, balance 0, never negative", () =>
      Effect.gen(function*() {
        const account = yield* F.seed(200)
        const { result, seen } = yield* sampleBalance(
          account.id,
          Effect.forEach(Array.from({ length: 1000 }), () => Effect.either(createSpotCast(account, today())), {
            concurrency: "unbounded"
          })
        )
        assert.deepStrictEqual(tally(result, (c) => c._tag), { Created: 100, InsufficientBalance: 900 })
        const ledger = yield* ledgerOf(account.id)
        assert.deepInclude(ledger, { balance: 0, purchased: 200, used: 200, granted: 200, charged: 200, refunded: 0, charges: 100 })
        assert.isAbove(new Set(seen).size, 3, `the balance was sampled while the race ran (${seen.length} samples)`)
        assert.isAtLeast(Math.min(...seen), 0)
        assert.isTrue(seen.every(Number.isInteger))
        const views = yield* (yield* SpotCastStore).list(account.id, { limit: 101 })
        assert.strictEqual(views.length, 100)
      }), 120_000)

    it.effect("concurrent requests with one idempotency key charge once: one is created, the rest replay or are refused", () =>
      Effect.gen(function*() {
        const account = yield* F.seed(50)
        const results = yield* Effect.forEach(
          Array.from({ length: 60 }, (_, i) => i % 3 === 0 ? "fp-b" : "fp-a"),
          (fingerprint) => Effect.either(createSpotCast(account, today(), { key: "same-key", fingerprint })),
          { concurrency: "unbounded" }
        )
        const counts = tally(results, (c) => c._tag)
        assert.strictEqual(counts.Created, 1)
        assert.strictEqual((counts.Replayed ?? 0) + (counts.IdempotencyKeyReused ?? 0), 59)
        assert.isUndefined(counts.InsufficientBalance)
        const receipts = new Set(results.flatMap((r) => Either.isRight(r) ? [r.right.receipt.spotcastId] : []))
        assert.strictEqual(receipts.size, 1, "every replay answers with the one receipt")
        assert.deepInclude(yield* ledgerOf(account.id), { balance: 48, charges: 1 })
      }), 60_000)

    it.effect("concurrent refreshes of one SpotCast: exactly one is charged, the rest see it in progress", () =>
      Effect.gen(function*() {
        const account = yield* F.seed(100)
        const created = yield* createSpotCast(account, today())
        const store = yield* SpotCastStore
        yield* completeForecast({ forecastId: created.receipt.forecastId, analysis, at: yield* DateTime.now })
        const results = yield* Effect.forEach(
          Array.from({ length: 40 }),
          () => Effect.either(refreshSpotCast(account, created.receipt.spotcastId, {})),
          { concurrency: "unbounded" }
        )
        assert.deepStrictEqual(tally(results, (c) => c._tag), { Created: 1, ForecastInProgress: 39 })
        const view = Option.getOrThrow(yield* store.get(account.id, created.receipt.spotcastId))
        assert.strictEqual(view.forecastCount, 2)
        assert.deepInclude(yield* ledgerOf(account.id), { balance: 96, charges: 2 })
      }), 60_000)

    it.effect("racing completions and failures of the same forecasts: one wins each, refunds at most once", () =>
      Effect.gen(function*() {
        const account = yield* F.seed(40)
        const store = yield* SpotCastStore
        const forecasts = yield* Effect.forEach(Array.from({ length: 20 }), () =>
          Effect.map(createSpotCast(account, today()), (c) => c.receipt.forecastId))
        const at = yield* DateTime.now
        const attempts = forecasts.flatMap((forecastId) => [
          completeForecast({ forecastId, analysis, at }),
          failForecast({ forecastId, error: { code: "processing_failed", message: "x" }, at, refundId: F.refundId() }),
          failForecast({ forecastId, error: { code: "processing_failed", message: "x" }, at, refundId: F.refundId() }),
          completeForecast({ forecastId, analysis, at })
        ].map((e: Effect.Effect<boolean, never, Ids | StoragePorts>) => Effect.map(e, (won) => ({ forecastId, won }))))
        const outcomes = yield* Effect.all(attempts, { concurrency: "unbounded" })
        for (const forecastId of forecasts) {
          assert.strictEqual(outcomes.filter((o) => o.forecastId === forecastId && o.won).length, 1, forecastId)
        }
        const ledger = yield* ledgerOf(account.id)
        const failed = (yield* store.list(account.id, { limit: 50 })).filter((v) => v.latest.status === "failed").length
        assert.strictEqual(ledger.refunds, failed, "each failed forecast refunded once, no completed one refunded")
        assert.strictEqual(ledger.balance, ledger.purchased - ledger.used)
        assert.strictEqual(ledger.balance, failed * 2)
      }), 60_000)
  })
})
