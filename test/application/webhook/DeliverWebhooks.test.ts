import { assert, describe, it } from "@effect/vitest"
import { Chunk, Clock, Duration, Effect, Exit, FastCheck, Fiber, Layer, Option, Redacted, Scope, TestClock } from "effect"
import * as MemoryStorage from "../../../src/adapters/memory/MemoryStorage.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import * as SequentialIds from "../../../src/adapters/system/SequentialIds.js"
import { verifySignature } from "../../../src/domain/webhook/WebhookSignature.js"
import { startWebhookDispatcher } from "../../../src/application/webhook/DeliverWebhooks.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { WebhookOutbox } from "../../../src/ports/WebhookOutbox.js"
import type { WebhookTransport } from "../../../src/ports/WebhookTransport.js"
import * as RecordingTransport from "../../adapters/webhook/fixtures/RecordingTransport.js"
import { seedAccount } from "../../support/Accounts.js"
import { seedDelivery, settingsLayer } from "../../support/WebhookDeliveries.js"

const URL = "https://receiver.example.com/spotcast"

const storage = () =>
  MemoryStorage.layer.pipe(
    Layer.provideMerge(Layer.mergeAll(SequentialIds.layer, NodeCrypto.layer, settingsLayer))
  )

const run = <A, E, R>(effect: Effect.Effect<A, E, R>, transport: Layer.Layer<WebhookTransport>) =>
  effect.pipe(Effect.scoped, Effect.provide(Layer.merge(storage(), transport)))

/** Attempts start this long after the event: right away, then 5 min, 35 min, 2 h 35 min, 26 h 35 min. */
const SCHEDULE_MINUTES = [0, 5, 35, 155, 1595]

const dispatcher = { concurrency: 2, pollInterval: "1 hour", lease: "1 minute", shutdownGrace: "1 second" } as const

describe("DeliverWebhooks", () => {
  it.effect.prop(
    "a receiver that fails N times sees min(N + 1, 5) attempts on the schedule, same id and bytes, then delivered or failed",
    [FastCheck.integer({ min: 0, max: 6 })],
    ([failures]) => {
      const receiver = RecordingTransport.make((_, n) => RecordingTransport.answer(n <= failures ? 503 : 200))
      return run(
        Effect.gen(function*() {
          const { account } = yield* seedAccount(1000, "sandbox")
          const event = yield* Clock.currentTimeMillis
          const delivery = yield* seedDelivery(account, { url: URL, outcome: "completed" })
          yield* startWebhookDispatcher(dispatcher)
          yield* TestClock.adjust("30 hours")

          const expected = Math.min(failures + 1, 5)
          const requests = receiver.requests
          assert.deepStrictEqual(
            requests.map((r) => (r.atMillis - event) / 60_000),
            SCHEDULE_MINUTES.slice(0, expected)
          )
          for (const { request } of requests) {
            assert.strictEqual(request.headers["X-Service-Delivery-ID"], delivery.id)
            assert.strictEqual(request.body, delivery.body)
            assert.strictEqual(request.url, URL)
          }
          const history = Option.getOrThrow(yield* (yield* WebhookOutbox).get(account.id, delivery.id))
          assert.strictEqual(history.delivery.status, failures < 5 ? "delivered" : "failed")
          assert.strictEqual(history.delivery.attempts, expected)
          assert.deepStrictEqual(
            history.attempts.map((a) => a.statusCode),
            requests.map((_, i) => (i < failures ? 503 : 200))
          )
        }),
        receiver.layer
      )
    },
    { fastCheck: { numRuns: 12, examples: [[0], [4], [5], [6]] } }
  )

  it.effect("sends the documented headers: event, signature over the stored body, delivery id, attempt timestamp, user agent", () => {
    const receiver = RecordingTransport.make(() => RecordingTransport.answer(500))
    return run(
      Effect.gen(function*() {
        yield* TestClock.setTime(Date.UTC(2026, 2, 1, 12, 0, 0))
        const { account } = yield* seedAccount(1000, "sandbox")
        const delivery = yield* seedDelivery(account, { url: URL, outcome: "failed" })
        yield* startWebhookDispatcher(dispatcher)
        yield* TestClock.adjust("6 minutes")
        const [first, second] = receiver.requests
        assert.deepStrictEqual(Object.keys(first!.request.headers).sort(), [
          "Content-Type",
          "User-Agent",
          "X-Service-Delivery-ID",
          "X-Service-Event",
          "X-Service-Signature",
          "X-Service-Timestamp"
        ])
        const headers = first!.request.headers
        assert.strictEqual(headers["Content-Type"], "application/json")
        assert.strictEqual(headers["User-Agent"], "Service-Webhooks/1.0")
        assert.strictEqual(headers["X-Service-Event"], "spotcast.forecast.failed")
        assert.match(headers["X-Service-Signature"]!, /^sha256=[0-9a-f]{64}$/)
        const stored = Option.getOrThrow(yield* (yield* AccountStore).get(account.id))
        assert.isTrue(verifySignature(NodeCrypto.make, Redacted.value(stored.webhookSecret), delivery.body, headers["X-Service-Signature"]!))
        assert.strictEqual(headers["X-Service-Timestamp"], String(Date.UTC(2026, 2, 1, 12, 0, 0) / 1000))
        assert.strictEqual(second!.request.headers["X-Service-Timestamp"], String(Date.UTC(2026, 2, 1, 12, 5, 0) / 1000))
        assert.strictEqual(second!.request.headers["X-Service-Signature"], headers["X-Service-Signature"])
        assert.strictEqual(Duration.toSeconds(first!.request.timeout), 10)
      }),
      receiver.layer
    )
  })

  it.effect("a receiver slower than 10 s is a failed attempt and does not hold up other deliveries", () => {
    const SLOW = "https://slow.example.com/hook"
    const receiver = RecordingTransport.make((request) =>
      request.url === SLOW
        ? Effect.as(Effect.sleep("60 seconds"), { ok: true, statusCode: 200, durationMs: 60_000 })
        : RecordingTransport.answer(204)
    )
    return run(
      Effect.gen(function*() {
        const { account } = yield* seedAccount(1000, "sandbox")
        const slow = yield* seedDelivery(account, { url: SLOW, outcome: "completed" })
        const fast = yield* Effect.forEach([1, 2, 3], () => seedDelivery(account, { url: URL, outcome: "completed" }))
        yield* startWebhookDispatcher(dispatcher)
        yield* TestClock.adjust("1 second")
        const outbox = yield* WebhookOutbox
        for (const d of fast) {
          const h = Option.getOrThrow(yield* outbox.get(account.id, d.id))
          assert.strictEqual(h.delivery.status, "delivered", "delivered while the slow receiver still holds its slot")
        }
        assert.strictEqual(Option.getOrThrow(yield* outbox.get(account.id, slow.id)).attempts.length, 0)
        yield* TestClock.adjust("10 seconds")
        const h = Option.getOrThrow(yield* outbox.get(account.id, slow.id))
        assert.strictEqual(h.delivery.status, "pending")
        assert.strictEqual(h.delivery.attempts, 1)
        assert.match(h.attempts[0]!.error!, /^timeout/)
        assert.strictEqual(h.attempts[0]!.durationMs, 10_000)
        assert.isUndefined(h.attempts[0]!.statusCode)
      }),
      receiver.layer
    )
  })

  it.effect("a transport that dies still counts the attempt, so the delivery cannot loop forever", () => {
    const receiver = RecordingTransport.make(() => Effect.dieMessage("boom"))
    return run(
      Effect.gen(function*() {
        const { account } = yield* seedAccount(1000, "sandbox")
        const delivery = yield* seedDelivery(account, { url: URL, outcome: "completed" })
        yield* startWebhookDispatcher(dispatcher)
        yield* TestClock.adjust("27 hours")
        const history = Option.getOrThrow(yield* (yield* WebhookOutbox).get(account.id, delivery.id))
        assert.strictEqual(history.delivery.status, "failed")
        assert.deepStrictEqual(history.attempts.map((a) => a.error), Array(5).fill("internal error"))
      }),
      receiver.layer
    )
  })

  it.effect("on shutdown an attempt still in flight after the grace period goes back to the outbox uncounted", () => {
    const receiver = RecordingTransport.make(() => Effect.as(Effect.never, { ok: true, durationMs: 0 }))
    return Effect.gen(function*() {
      const { account } = yield* seedAccount(1000, "sandbox")
      const delivery = yield* seedDelivery(account, { url: URL, outcome: "completed" })
      const scope = yield* Scope.make()
      yield* startWebhookDispatcher({ ...dispatcher, lease: "10 minutes" }).pipe(Scope.extend(scope))
      yield* TestClock.adjust("1 second")
      assert.strictEqual(receiver.requests.length, 1)
      const closing = yield* Effect.fork(Scope.close(scope, Exit.void))
      // The grace period's timer runs on a fiber of its own: wait until it is set before moving the clock.
      while (!Chunk.some(yield* TestClock.sleeps(), (t) => t === 2000)) yield* Effect.yieldNow()
      yield* TestClock.adjust("2 seconds")
      yield* Fiber.join(closing)
      const outbox = yield* WebhookOutbox
      const history = Option.getOrThrow(yield* outbox.get(account.id, delivery.id))
      assert.strictEqual(history.delivery.attempts, 0)
      assert.strictEqual(history.attempts.length, 0)
      assert.isTrue(Option.isSome(yield* outbox.claim("another-process", Duration.minutes(1))), "due again at once, not after the lease")
    }).pipe(Effect.provide(Layer.merge(storage(), receiver.layer)))
  })
})
