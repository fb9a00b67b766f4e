import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Layer, Metric } from "effect"
import * as MemoryStorage from "../../../src/adapters/memory/MemoryStorage.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import * as SequentialIds from "../../../src/adapters/system/SequentialIds.js"
import { failForecast } from "../../../src/application/finish/Finish.js"
import { creditsRefundedTotal } from "../../../src/application/Metrics.js"
import { chargeNewWidget } from "../../../src/application/widget/Widgets.js"
import { widgetPrice } from "../../../src/domain/billing/Pricing.js"
import { LedgerEntryId } from "../../../src/domain/Ids.js"
import { backingSpotCast } from "../../../src/domain/widget/Widget.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import * as F from "../../ports/Fixtures.js"
import * as TestSettings from "../../support/TestSettings.js"

const refunded = Effect.map(Metric.value(creditsRefundedTotal), (state) => state.count)

describe("the finish path", () => {
  it.effect("a failed forecast refunds what its charge took, once, and the refund metric counts that amount", () =>
    Effect.gen(function*() {
      const owner = yield* F.seed(5)
      const at = yield* DateTime.now
      // A one-day widget pays 1 credit (a one-day SpotCast would pay 2).
      const widget = F.widget(owner, at, { numDays: 1 })
      const spotcast = backingSpotCast(widget, at)
      const forecast = F.forecast(spotcast, at)
      const price = widgetPrice(widget.numDays)
      assert.strictEqual(price, 1)
      yield* chargeNewWidget({ widget, spotcast, forecast, price, chargeId: LedgerEntryId.make(F.id("led")), estimatedCompletionSeconds: 10 })
      const accounts = yield* AccountStore
      assert.strictEqual((yield* accounts.balance(owner.id)).creditBalance, 4)

      const before = yield* refunded
      const error = { code: "processing_failed", message: "x" } as const
      assert.isTrue(yield* failForecast({ forecastId: forecast.id, error, at, refundId: F.refundId() }))
      assert.isFalse(yield* failForecast({ forecastId: forecast.id, error, at, refundId: F.refundId() }))
      assert.strictEqual((yield* refunded) - before, 1)
      assert.strictEqual((yield* accounts.balance(owner.id)).creditBalance, 5)
    }).pipe(
      Effect.provide(MemoryStorage.layer.pipe(
        Layer.provideMerge(Layer.mergeAll(SequentialIds.layer, NodeCrypto.layer, TestSettings.layer()))
      ))
    ))
})
