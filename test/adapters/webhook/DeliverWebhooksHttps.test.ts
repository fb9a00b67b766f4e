import { assert, describe, it } from "@effect/vitest"
import { createHmac, timingSafeEqual } from "node:crypto"
import { DateTime, Duration, Effect, Layer, Option, Redacted } from "effect"
import * as MemoryStorage from "../../../src/adapters/memory/MemoryStorage.js"
import * as CryptoIds from "../../../src/adapters/system/CryptoIds.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import * as HttpWebhookTransport from "../../../src/adapters/webhook/HttpWebhookTransport.js"
import type { Account } from "../../../src/domain/account/Account.js"
import type { AccountId } from "../../../src/domain/Ids.js"
import { MetadataText } from "../../../src/domain/spotcast/Metadata.js"
import { startWebhookDispatcher } from "../../../src/application/webhook/DeliverWebhooks.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { type DeliveryHistory, WebhookOutbox } from "../../../src/ports/WebhookOutbox.js"
import { makeCertificate, startReceiver } from "./fixtures/HttpsReceiver.js"
import { seedAccount } from "../../support/Accounts.js"
import { PUBLIC_BASE_URL, seedDelivery, settingsLayer } from "../../support/WebhookDeliveries.js"

const certificate = makeCertificate()

/** Exactly what docs/webhooks.md tells receivers to do: HMAC over the raw body, constant-time compare. */
const verify = (secret: string, rawBody: Buffer, header: string | undefined): boolean => {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`)
  const given = Buffer.from(header ?? "")
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const environment = (transport: HttpWebhookTransport.TransportOptions) =>
  Layer.mergeAll(
    MemoryStorage.layer.pipe(
      Layer.provideMerge(Layer.mergeAll(CryptoIds.layer, NodeCrypto.layer, settingsLayer))
    ),
    HttpWebhookTransport.layer(transport)
  )

const secretOf = (account: Account) =>
  Effect.map(AccountStore, (store) => store.get(account.id)).pipe(
    Effect.flatten,
    Effect.map((a) => Redacted.value(Option.getOrThrow(a).webhookSecret))
  )

/** Polls the outbox (real time) until `done` holds for the account's deliveries. */
const until = (accountId: AccountId, done: (all: ReadonlyArray<DeliveryHistory>) => boolean) =>
  Effect.gen(function*() {
    const outbox = yield* WebhookOutbox
    for (let i = 0; i < 500; i++) {
      const all = yield* outbox.list(accountId, { limit: 100 })
      if (done(all)) return all
      yield* Effect.sleep("20 millis")
    }
    return yield* Effect.dieMessage("the deliveries did not finish in time")
  })

const fast = { concurrency: 2, pollInterval: "50 millis", lease: "30 seconds", shutdownGrace: "1 second" } as const

describe("webhook delivery over HTTPS (dispatcher + HttpWebhookTransport)", () => {
  it.scopedLive("a completed and a failed event arrive signed; the receiver verifies them; metadata is echoed", () =>
    Effect.gen(function*() {
      const { port, received } = yield* startReceiver(certificate, () => ({ status: 200 }))
      const url = `https://127.0.0.1:${port}/hooks/spotcast`
      const { account } = yield* seedAccount(1000, "sandbox")
      // Numbers that parsing and serializing again would change: the bytes sent must come back.
      const metadata = MetadataText.make(
        `{"trip": "Tarifa crossing", "n":12345678901234567890,"f":1.0,"z":-0, "crew": [1, 2], "nested": {"ok": true, "none": null}}`
      )
      const completed = yield* seedDelivery(account, { url, outcome: "completed", metadata })
      const failed = yield* seedDelivery(account, { url, outcome: "failed" })
      yield* startWebhookDispatcher(fast)
      const all = yield* until(account.id, (all) => all.every((h) => h.delivery.status === "delivered"))
      assert.strictEqual(all.length, 2)
      assert.strictEqual(received.length, 2)

      const secret = yield* secretOf(account)
      const now = Math.floor(DateTime.toEpochMillis(yield* DateTime.now) / 1000)
      const byId = new Map(received.map((r) => [r.headers["x-service-delivery-id"], r]))
      for (const delivery of [completed, failed]) {
        const got = byId.get(delivery.id)!
        assert.isTrue(verify(secret, got.rawBody, got.headers["x-service-signature"] as string), "signature verifies")
        assert.isFalse(verify(secret, Buffer.concat([got.rawBody, Buffer.from(" ")]), got.headers["x-service-signature"] as string))
        assert.isFalse(verify("whsec_wrong", got.rawBody, got.headers["x-service-signature"] as string))
        assert.strictEqual(got.rawBody.toString("utf8"), delivery.body, "the stored bytes")
        assert.strictEqual(got.headers["content-type"], "application/json")
        assert.strictEqual(got.headers["user-agent"], "Service-Webhooks/1.0")
        assert.strictEqual(got.headers["x-service-event"], delivery.event)
        assert.strictEqual(got.path, "/hooks/spotcast")
        assert.isAtMost(Math.abs(Number(got.headers["x-service-timestamp"]) - now), 60)
      }

      const completedBody = JSON.parse(byId.get(completed.id)!.rawBody.toString("utf8"))
      assert.strictEqual(completedBody.event, "spotcast.forecast.completed")
      assert.deepStrictEqual(Object.keys(completedBody.data).sort(), [
        "coordinates", "forecast_id", "forecast_period", "links", "metadata", "recommendation", "spotcast_id", "status", "summary"
      ])
      assert.include(byId.get(completed.id)!.rawBody.toString("utf8"), `"metadata":${metadata}}`)
      assert.deepStrictEqual(completedBody.data.metadata, JSON.parse(metadata))
      assert.strictEqual(completedBody.data.status, "completed")
      assert.strictEqual(completedBody.data.recommendation, "CAUTION")
      assert.strictEqual(completedBody.data.links.spotcast, `${PUBLIC_BASE_URL}/v3/spotcast/${completed.spotcastId}`)

      const failedBody = JSON.parse(byId.get(failed.id)!.rawBody.toString("utf8"))
      assert.strictEqual(failedBody.event, "spotcast.forecast.failed")
      assert.strictEqual(failedBody.data.status, "failed")
      assert.strictEqual(failedBody.data.error.code, "weather_data_unavailable")
      assert.isUndefined(failedBody.data.metadata)
    }).pipe(Effect.provide(environment({ allowPrivate: true, ca: certificate.cert }))))

  it.scopedLive("a receiver slower than the attempt timeout fails that attempt and does not hold up the others", () =>
    Effect.gen(function*() {
      const { port, received } = yield* startReceiver(certificate, (r) => (r.path === "/slow" ? { status: 200, delayMs: 3_000 } : { status: 204 }))
      const { account } = yield* seedAccount(1000, "sandbox")
      const slow = yield* seedDelivery(account, { url: `https://localhost:${port}/slow`, outcome: "completed" })
      const quick = yield* Effect.forEach([1, 2, 3, 4], () => seedDelivery(account, { url: `https://localhost:${port}/quick`, outcome: "completed" }))
      yield* startWebhookDispatcher({ ...fast, attemptTimeout: "500 millis" })
      const all = yield* until(account.id, (all) => all.every((h) => h.attempts.length > 0))
      const slowHistory = all.find((h) => h.delivery.id === slow.id)!
      const slowAttempt = slowHistory.attempts[0]!
      assert.match(slowAttempt.error!, /^timeout/)
      assert.isAtLeast(slowAttempt.durationMs, 450)
      assert.strictEqual(slowHistory.delivery.status, "pending", "to be retried")
      assert.strictEqual(
        DateTime.toEpochMillis(slowHistory.delivery.nextAttemptAt!) - DateTime.toEpochMillis(slowAttempt.at),
        Duration.toMillis(Duration.minutes(5))
      )
      const slowEnd = DateTime.toEpochMillis(slowAttempt.at) + slowAttempt.durationMs
      for (const d of quick) {
        const h = all.find((x) => x.delivery.id === d.id)!
        assert.strictEqual(h.delivery.status, "delivered")
        assert.isBelow(DateTime.toEpochMillis(h.delivery.deliveredAt!), slowEnd, "delivered while the slow one was still waiting")
      }
      assert.strictEqual(received.filter((r) => r.path === "/quick").length, 4)
    }).pipe(Effect.provide(environment({ allowPrivate: true, ca: certificate.cert }))))

  it.scopedLive("without the switch a loopback receiver is never reached: the attempt fails with the reason", () =>
    Effect.gen(function*() {
      const { port, received } = yield* startReceiver(certificate, () => ({ status: 200 }))
      const { account } = yield* seedAccount(1000, "sandbox")
      yield* seedDelivery(account, { url: `https://127.0.0.1:${port}/hooks`, outcome: "completed" })
      yield* startWebhookDispatcher(fast)
      const [history] = yield* until(account.id, (all) => all.every((h) => h.attempts.length > 0))
      assert.strictEqual(history!.attempts[0]!.error, "address refused: 127.0.0.1 is loopback")
      assert.strictEqual(history!.delivery.status, "pending")
      assert.strictEqual(received.length, 0)
    }).pipe(Effect.provide(environment({ allowPrivate: false, ca: certificate.cert }))))
})
