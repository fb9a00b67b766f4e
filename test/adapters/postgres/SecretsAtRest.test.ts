import * as SqlClient from "@effect/sql/SqlClient"
import { assert, describe, it } from "@effect/vitest"
import { Context, Duration, Effect, Either, Exit, Layer, Option, Redacted } from "effect"
import { randomBytes } from "node:crypto"
import * as EmbeddedPostgres from "../../../src/adapters/postgres/EmbeddedPostgres.js"
import * as PostgresAccountStore from "../../../src/adapters/postgres/PostgresAccountStore.js"
import * as PostgresStorage from "../../../src/adapters/postgres/PostgresStorage.js"
import * as AesGcmSealer from "../../../src/adapters/system/AesGcmSealer.js"
import * as CryptoIds from "../../../src/adapters/system/CryptoIds.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import { deliverNext } from "../../../src/application/webhook/DeliverWebhooks.js"
import { verifySignature, SIGNATURE_HEADER } from "../../../src/domain/webhook/WebhookSignature.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { Crypto } from "../../../src/ports/Crypto.js"
import { seedAccount } from "../../support/Accounts.js"
import { at, seedDelivery, settingsLayer, T0 } from "../../support/WebhookDeliveries.js"
import * as RecordingTransport from "../webhook/fixtures/RecordingTransport.js"

const newKey = () => Option.some(Redacted.make(new Uint8Array(randomBytes(32))))
const keys = (current: Option.Option<Redacted.Redacted<Uint8Array>>, previous = Option.none<Redacted.Redacted<Uint8Array>>()) => ({ current, previous })

describe("the AES-256-GCM sealer", () => {
  const a = newKey()
  const b = newKey()
  it("opens what it sealed, only for the same row, and reads legacy plain text as it is", () => {
    const sealer = AesGcmSealer.make(keys(a))
    const sealed = sealer.seal("whsec_abc", "acct_1")
    assert.match(sealed, /^sealed:v1:[0-9a-f]{8}:/)
    assert.notInclude(sealed, "whsec_abc")
    assert.notStrictEqual(sealer.seal("whsec_abc", "acct_1"), sealed, "a fresh IV each time")
    assert.deepStrictEqual(sealer.open(sealed, "acct_1"), Either.right("whsec_abc"))
    assert.isTrue(Either.isLeft(sealer.open(sealed, "acct_2")), "moved to another row, it does not open")
    assert.isTrue(Either.isLeft(sealer.open(sealed.slice(0, -2) + "AA", "acct_1")), "altered, it does not open")
    assert.deepStrictEqual(sealer.open("whsec_legacy", "acct_1"), Either.right("whsec_legacy"))
    assert.isTrue(sealer.stale("whsec_legacy"))
    assert.isFalse(sealer.stale(sealed))
  })
  it("after a rotation, the previous key still opens (and its values are stale); an unknown key does not", () => {
    const old = AesGcmSealer.make(keys(a)).seal("whsec_abc", "acct_1")
    const rotated = AesGcmSealer.make(keys(b, a))
    assert.deepStrictEqual(rotated.open(old, "acct_1"), Either.right("whsec_abc"))
    assert.isTrue(rotated.stale(old))
    assert.isFalse(rotated.stale(rotated.seal("whsec_abc", "acct_1")))
    assert.match(Either.getLeft(AesGcmSealer.make(keys(b)).open(old, "acct_1")).pipe(Option.getOrThrow), /neither SPOTCAST_SECRETS_KEY/)
    assert.isTrue(Either.isLeft(AesGcmSealer.make(keys(Option.none())).open(old, "acct_1")), "no key: a sealed value cannot be read")
  })
})

/** The webhook_secret column as a dump would show it. */
const dump = Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ account_id: string; webhook_secret: string }>`SELECT account_id, webhook_secret FROM accounts`)

/** The storage ports on the given database, started (and so re-sealing) with these keys. */
const started = (database: Layer.Layer<SqlClient.SqlClient>, sealing: AesGcmSealer.SealingKeys) =>
  Layer.provideMerge(PostgresStorage.layer, database).pipe(Layer.provide(AesGcmSealer.layer(sealing)))

/** Only the account store (where re-sealing happens) started again on the migrated database: a restart, faster. */
const restarted = (database: Layer.Layer<SqlClient.SqlClient>, sealing: AesGcmSealer.SealingKeys) =>
  PostgresAccountStore.layer.pipe(Layer.provide(database), Layer.provide(AesGcmSealer.layer(sealing)))

describe("webhook secrets at rest (embedded PGlite)", () => {
  it.live("are sealed in the table, open for signing, survive a rotation, and legacy plain text is sealed at start-up", () =>
    Effect.gen(function*() {
      const database = yield* Layer.build(EmbeddedPostgres.client())
      const db = Layer.succeedContext(database)
      const a = newKey()
      const b = newKey()
      const services = Layer.mergeAll(CryptoIds.layer, NodeCrypto.layer, settingsLayer)

      // Key A: a new account's secret is sealed; the store hands out the plain secret; a delivery signed with it verifies.
      const receiver = RecordingTransport.make(() => RecordingTransport.answer(200))
      const { account, secret } = yield* Effect.gen(function*() {
        const { account } = yield* at(T0)(seedAccount(100, "sandbox"))
        yield* at(T0)(seedDelivery(account, { url: "https://receiver.example.com/hook", outcome: "completed" }))
        assert.isTrue(yield* at(T0)(deliverNext("test", Duration.minutes(1))))
        const stored = (yield* (yield* AccountStore).get(account.id)).pipe(Option.getOrThrow)
        assert.strictEqual(Redacted.value(stored.webhookSecret), Redacted.value(account.webhookSecret))
        return { account, secret: Redacted.value(account.webhookSecret) }
      }).pipe(Effect.provide(Layer.mergeAll(started(db, keys(a)), receiver.layer).pipe(Layer.provideMerge(services))))
      const request = receiver.requests[0]!.request
      assert.isTrue(verifySignature(yield* Effect.provide(Crypto, NodeCrypto.layer), secret, request.body, request.headers[SIGNATURE_HEADER]!))
      const [row] = yield* Effect.provide(dump, database)
      assert.match(row!.webhook_secret, /^sealed:v1:/)
      assert.notInclude(row!.webhook_secret, secret, "a dump shows no plain text")

      // A legacy row in plain text reads as it is, and the next start seals it.
      const sql = Context.get(database, SqlClient.SqlClient)
      yield* sql`UPDATE accounts SET webhook_secret = 'whsec_legacy_plain' WHERE account_id = ${account.id}`
      const legacy = yield* Effect.gen(function*() {
        return (yield* (yield* AccountStore).get(account.id)).pipe(Option.getOrThrow)
      }).pipe(Effect.provide(restarted(db, keys(a))))
      assert.strictEqual(Redacted.value(legacy.webhookSecret), "whsec_legacy_plain")
      const [resealed] = yield* Effect.provide(dump, database)
      assert.match(resealed!.webhook_secret, /^sealed:v1:/, "sealed at start-up")
      const keyIdA = resealed!.webhook_secret.split(":")[2]

      // Rotation: start with B, A kept as the previous key: the row is sealed again under B and still opens.
      const rotated = yield* Effect.gen(function*() {
        return (yield* (yield* AccountStore).get(account.id)).pipe(Option.getOrThrow)
      }).pipe(Effect.provide(restarted(db, keys(b, a))))
      assert.strictEqual(Redacted.value(rotated.webhookSecret), "whsec_legacy_plain")
      const [underB] = yield* Effect.provide(dump, database)
      assert.notStrictEqual(underB!.webhook_secret.split(":")[2], keyIdA, "sealed under the new key")
      // A is no longer needed...
      yield* Effect.provide(Effect.void, restarted(db, keys(b)))
      // ...but a start without the key that sealed them stops, naming the setting.
      const wrong = yield* Effect.exit(Effect.provide(Effect.void, restarted(db, keys(a))))
      assert.isTrue(Exit.isFailure(wrong))
      assert.match(String(Exit.isFailure(wrong) ? wrong.cause : ""), /SecretsUnreadable: 1 webhook secrets cannot be opened; set SPOTCAST_SECRETS_KEY/)
    }).pipe(Effect.scoped), 60_000)
})
