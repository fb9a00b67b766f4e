import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Metric, TestClock } from "effect"
import * as MemoryStorage from "../../../src/adapters/memory/MemoryStorage.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import * as SequentialIds from "../../../src/adapters/system/SequentialIds.js"
import { startWebhookDispatcher } from "../../../src/application/webhook/DeliverWebhooks.js"
import { webhookAttemptsTotal } from "../../../src/application/Metrics.js"
import * as RecordingTransport from "../../adapters/webhook/fixtures/RecordingTransport.js"
import { seedAccount } from "../../support/Accounts.js"
import { seedDelivery, settingsLayer } from "../../support/WebhookDeliveries.js"

const count = (outcome: string) =>
  Effect.map(Metric.value(Metric.tagged(webhookAttemptsTotal, "outcome", outcome)), (state) => state.count)

describe("webhook metrics", () => {
  it.effect("each attempt is counted by outcome", () => {
    // Two failures, then success: 2 failed attempts and 1 delivered.
    const receiver = RecordingTransport.make((_, n) => RecordingTransport.answer(n <= 2 ? 503 : 200))
    return Effect.gen(function*() {
      const failedBefore = yield* count("failed")
      const deliveredBefore = yield* count("delivered")
      const { account } = yield* seedAccount(1000, "sandbox")
      yield* seedDelivery(account, { url: "https://receiver.example.com/hook", outcome: "completed" })
      yield* startWebhookDispatcher({ concurrency: 1, pollInterval: "1 hour", lease: "1 minute", shutdownGrace: "1 second" })
      yield* TestClock.adjust("2 hours")
      assert.strictEqual((yield* count("failed")) - failedBefore, 2)
      assert.strictEqual((yield* count("delivered")) - deliveredBefore, 1)
    }).pipe(
      Effect.scoped,
      Effect.provide(Layer.merge(
        MemoryStorage.layer.pipe(Layer.provideMerge(Layer.mergeAll(SequentialIds.layer, NodeCrypto.layer, settingsLayer))),
        receiver.layer
      ))
    )
  })
})
