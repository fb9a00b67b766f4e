import { assert, describe, it } from "@effect/vitest"
import { DateTime, Duration, Effect, Layer, Option, TestClock } from "effect"
import * as MemoryStorage from "../../../src/adapters/memory/MemoryStorage.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import * as SequentialIds from "../../../src/adapters/system/SequentialIds.js"
import { deliverNext } from "../../../src/application/webhook/DeliverWebhooks.js"
import {
  getWebhookDelivery,
  listWebhookDeliveries,
  redeliverWebhook
} from "../../../src/application/webhook/WebhookDeliveries.js"
import type { AccountStore } from "../../../src/ports/AccountStore.js"
import { WebhookOutbox } from "../../../src/ports/WebhookOutbox.js"
import * as RecordingTransport from "../../adapters/webhook/fixtures/RecordingTransport.js"
import { seedAccount } from "../../support/Accounts.js"
import { seedDelivery, settingsLayer } from "../../support/WebhookDeliveries.js"

const URL = "https://receiver.example.com/hooks"
const LEASE = Duration.minutes(1)

/** The receiver is down until `up` is set. */
let up = false
const receiver = RecordingTransport.make(() => RecordingTransport.answer(up ? 200 : 503))

const environment = Layer.mergeAll(
  MemoryStorage.layer.pipe(
    Layer.provideMerge(Layer.mergeAll(SequentialIds.layer, NodeCrypto.layer, settingsLayer))
  ),
  receiver.layer
)

/** Runs every attempt that falls due over the next `hours`, as the dispatcher would. */
const runFor = (hours: number) =>
  Effect.gen(function*() {
    for (let minute = 0; minute <= hours * 60; minute += 5) {
      while (yield* deliverNext("operator-test", LEASE)) { /* drain what is due now */ }
      yield* TestClock.adjust("5 minutes")
    }
  })

describe("operator view of webhook deliveries", () => {
  it.effect("lists an account's deliveries with attempts, newest first, by cursor and status", () =>
    Effect.gen(function*() {
      const { account } = yield* seedAccount(1000, "sandbox")
      const ids: Array<string> = []
      for (let i = 0; i < 5; i++) {
        ids.push((yield* seedDelivery(account, { url: URL, outcome: i % 2 === 0 ? "completed" : "failed" })).id)
        yield* TestClock.adjust("1 second")
      }
      up = true
      yield* runFor(0)
      const first = yield* listWebhookDeliveries(account.id, { limit: 2 })
      assert.deepStrictEqual(first.data.map((h) => h.delivery.id), [ids[4], ids[3]])
      assert.isTrue(first.hasMore)
      const second = yield* listWebhookDeliveries(account.id, { limit: 2, after: first.nextCursor! })
      const third = yield* listWebhookDeliveries(account.id, { limit: 2, after: second.nextCursor! })
      assert.deepStrictEqual([...second.data, ...third.data].map((h) => h.delivery.id), [ids[2], ids[1], ids[0]])
      assert.isFalse(third.hasMore)
      assert.isNull(third.nextCursor)
      assert.deepStrictEqual(first.data[0]!.attempts.map((a) => [a.number, a.statusCode]), [[1, 200]])

      const badLimit = yield* Effect.flip(listWebhookDeliveries(account.id, { limit: 101 }))
      assert.strictEqual(badLimit._tag === "ValidationError" && badLimit.code, "invalid_limit")
      const { account: other } = yield* seedAccount(1000, "sandbox", "Other")
      const foreignCursor = yield* Effect.flip(listWebhookDeliveries(other.id, { after: first.nextCursor! }))
      assert.strictEqual(foreignCursor._tag === "ValidationError" && foreignCursor.code, "invalid_cursor")
      const missing = yield* Effect.flip(listWebhookDeliveries("acct_0000000000000000000000", {}))
      assert.strictEqual(missing._tag, "AccountNotFound")
      assert.strictEqual((yield* listWebhookDeliveries(account.id, { status: "failed" })).data.length, 0)
    }).pipe(Effect.provide(environment)))

  it.effect("redelivers a failed delivery: same id and body, five fresh attempts, history kept", () =>
    Effect.gen(function*() {
      up = false
      const { account } = yield* seedAccount(1000, "sandbox")
      const delivery = yield* seedDelivery(account, { url: URL, outcome: "completed" })
      yield* runFor(27)
      const failed = yield* getWebhookDelivery(account.id, delivery.id)
      assert.strictEqual(failed.delivery.status, "failed")
      assert.strictEqual(failed.attempts.length, 5)
      assert.deepStrictEqual((yield* listWebhookDeliveries(account.id, { status: "failed" })).data.map((h) => h.delivery.id), [delivery.id])

      const { account: stranger } = yield* seedAccount(1000, "sandbox", "Stranger")
      assert.strictEqual((yield* Effect.flip(redeliverWebhook(stranger.id, delivery.id)))._tag, "DeliveryNotFound")
      assert.strictEqual((yield* Effect.flip(getWebhookDelivery(stranger.id, delivery.id)))._tag, "DeliveryNotFound")

      const sentBefore = receiver.requests.length
      const again = yield* redeliverWebhook(account.id, delivery.id)
      assert.strictEqual(again.id, delivery.id)
      assert.strictEqual(again.status, "pending")
      assert.strictEqual(again.attempts, 0)
      assert.strictEqual(DateTime.toEpochMillis(again.nextAttemptAt!), DateTime.toEpochMillis(yield* DateTime.now))
      assert.strictEqual((yield* Effect.flip(redeliverWebhook(account.id, delivery.id)))._tag, "DeliveryNotFailed")

      up = true
      yield* runFor(0)
      const done = yield* getWebhookDelivery(account.id, delivery.id)
      assert.strictEqual(done.delivery.status, "delivered")
      assert.deepStrictEqual(done.attempts.map((a) => a.number), [1, 2, 3, 4, 5, 6])
      assert.strictEqual(done.attempts[5]!.statusCode, 200)
      const resent = receiver.requests.slice(sentBefore)
      assert.strictEqual(resent.length, 1)
      assert.strictEqual(resent[0]!.request.body, delivery.body)
      assert.strictEqual(resent[0]!.request.headers["X-Service-Delivery-ID"], delivery.id)
      assert.isTrue(Option.isSome(Option.fromNullable(done.delivery.deliveredAt)))
    }).pipe(Effect.provide(environment)))

  it.effect("a redelivery that another operator's overtook is decided again on the delivery as it now stands", () =>
    Effect.gen(function*() {
      up = false
      const { account } = yield* seedAccount(1000, "sandbox")
      const delivery = yield* seedDelivery(account, { url: URL, outcome: "completed" })
      yield* runFor(27)
      assert.strictEqual((yield* getWebhookDelivery(account.id, delivery.id)).delivery.status, "failed")
      const outbox = yield* WebhookOutbox
      const services = yield* Effect.context<AccountStore | WebhookOutbox>()
      // Between this operator's read and its write, another operator's redelivery lands first.
      let overtaken = false
      const racing = WebhookOutbox.of({
        ...outbox,
        reopen: (from, to) =>
          Effect.suspend(() => {
            if (overtaken) return outbox.reopen(from, to)
            overtaken = true
            return Effect.zipRight(
              redeliverWebhook(account.id, delivery.id).pipe(Effect.orDie, Effect.provide(services)),
              outbox.reopen(from, to)
            )
          })
      })
      const refused = yield* Effect.flip(redeliverWebhook(account.id, delivery.id).pipe(Effect.provideService(WebhookOutbox, racing)))
      assert.isTrue(overtaken)
      assert.strictEqual(refused._tag, "DeliveryNotFailed")
      assert.strictEqual(refused._tag === "DeliveryNotFailed" && refused.status, "pending")
      const stored = (yield* getWebhookDelivery(account.id, delivery.id)).delivery
      assert.strictEqual(stored.status, "pending")
      assert.strictEqual(stored.attempts, 0)
    }).pipe(Effect.provide(environment)))
})
