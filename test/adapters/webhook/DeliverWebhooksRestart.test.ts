import { assert, describe, it } from "@effect/vitest"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type * as SqlClient from "@effect/sql/SqlClient"
import { DateTime, Effect, Layer, Option, type Redacted } from "effect"
import * as EmbeddedPostgres from "../../../src/adapters/postgres/EmbeddedPostgres.js"
import * as PostgresStorage from "../../../src/adapters/postgres/PostgresStorage.js"
import * as CryptoIds from "../../../src/adapters/system/CryptoIds.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import type { Account } from "../../../src/domain/account/Account.js"
import type { WebhookDelivery } from "../../../src/domain/webhook/WebhookDelivery.js"
import { startWebhookDispatcher } from "../../../src/application/webhook/DeliverWebhooks.js"
import { WebhookOutbox } from "../../../src/ports/WebhookOutbox.js"
import { freshDatabase, serverReachable } from "../postgres/TestDatabase.js"
import type { StoragePorts } from "../../ports/StorageHarness.js"
import * as RecordingTransport from "./fixtures/RecordingTransport.js"
import { seedAccount } from "../../support/Accounts.js"
import { at, plus, seedDelivery, settingsLayer, T0 } from "../../support/WebhookDeliveries.js"

const URL = "https://receiver.example.com/hooks"
const dispatcher = { concurrency: 2, pollInterval: "50 millis", lease: "1 minute", shutdownGrace: "1 second" } as const

/** One run of the service: storage opened on the database, and a receiver. */
type Storage = Layer.Layer<StoragePorts | SqlClient.SqlClient, unknown>
const service = (storage: Storage, receiver: ReturnType<typeof RecordingTransport.make>) =>
  Layer.mergeAll(
    storage,
    receiver.layer
  ).pipe(Layer.provideMerge(Layer.mergeAll(CryptoIds.layer, NodeCrypto.layer, settingsLayer)))

const attemptsOf = (account: Account, delivery: WebhookDelivery) =>
  Effect.flatMap(WebhookOutbox, (o) => o.get(account.id, delivery.id)).pipe(Effect.map(Option.getOrThrow))

/**
 * Real-time polling until the delivery has `count` attempts: bounded generously (a minute), since a
 * loaded machine may take seconds to open storage and run the dispatcher's first poll.
 */
const untilAttempts = (account: Account, delivery: WebhookDelivery, count: number) =>
  Effect.gen(function*() {
    for (let i = 0; i < 3_000; i++) {
      const history = yield* attemptsOf(account, delivery)
      // The delivery row and its attempts are read apart: wait until both show the attempt.
      if (history.attempts.length >= count && history.delivery.attempts >= count) return history
      yield* Effect.sleep("20 millis")
    }
    return yield* Effect.dieMessage(`no attempt ${count}`)
  })

/**
 * A restart between attempts loses nothing: the first run's attempt fails and the process stops; a new
 * process on the same database makes the next attempt when it falls due (5 minutes later), same id, same bytes.
 */
const restartScenario = (open: () => Storage) =>
  Effect.gen(function*() {
    const down = RecordingTransport.make(() => RecordingTransport.answer(503))
    const { account, delivery } = yield* Effect.gen(function*() {
      const { account } = yield* at(T0)(seedAccount(1000, "sandbox"))
      const delivery = yield* at(T0)(seedDelivery(account, { url: URL, outcome: "completed" }))
      yield* at(T0)(startWebhookDispatcher(dispatcher))
      const history = yield* untilAttempts(account, delivery, 1)
      assert.strictEqual(history.delivery.status, "pending")
      return { account, delivery }
    }).pipe(Effect.scoped, Effect.provide(service(open(), down)))
    assert.strictEqual(down.requests.length, 1)

    const up = RecordingTransport.make(() => RecordingTransport.answer(200))
    const retryAt = plus(T0, "5 minutes")
    const history = yield* Effect.gen(function*() {
      const before = yield* attemptsOf(account, delivery)
      assert.strictEqual(before.delivery.attempts, 1, "the first attempt survived the restart")
      assert.strictEqual(DateTime.toEpochMillis(before.delivery.nextAttemptAt!), retryAt)
      yield* at(plus(T0, "4 minutes"))(startWebhookDispatcher(dispatcher)).pipe(Effect.zipRight(Effect.sleep("300 millis")), Effect.scoped)
      assert.strictEqual(up.requests.length, 0, "not before it falls due")
      yield* at(retryAt)(startWebhookDispatcher(dispatcher))
      return yield* untilAttempts(account, delivery, 2)
    }).pipe(Effect.scoped, Effect.provide(service(open(), up)))

    assert.strictEqual(history.delivery.status, "delivered")
    assert.deepStrictEqual(history.attempts.map((a) => [a.number, DateTime.toEpochMillis(a.at), a.statusCode]), [
      [1, T0, 503],
      [2, retryAt, 200]
    ])
    assert.strictEqual(up.requests.length, 1)
    assert.strictEqual(up.requests[0]!.request.headers["X-Service-Delivery-ID"], delivery.id)
    assert.strictEqual(up.requests[0]!.request.body, down.requests[0]!.request.body)
    assert.strictEqual(up.requests[0]!.request.body, delivery.body)
  })

const haveServer = await serverReachable

describe("webhook deliveries survive a restart", () => {
  it.live("on embedded PGlite (same data directory)", () =>
    Effect.acquireUseRelease(
      Effect.sync(() => mkdtempSync(join(tmpdir(), "spotcast-webhook-restart-"))),
      (dataDir) => restartScenario(() => EmbeddedPostgres.layer({ dataDir })),
      (dataDir) => Effect.sync(() => rmSync(dataDir, { recursive: true, force: true }))
    ), 180_000)

  it.live.skipIf(!haveServer)("on the Postgres server (same database)", () =>
    Effect.scoped(Effect.gen(function*() {
      const { url } = yield* freshDatabase
      yield* restartScenario(() => PostgresStorage.layerUrl(url as Redacted.Redacted<string>, { maxConnections: 4 }))
    })), 180_000)
})
