import { assert, describe } from "@effect/vitest"
import { Effect, Option } from "effect"
import { IdempotencyStore } from "../../src/ports/IdempotencyStore.js"
import { SpotCastStore } from "../../src/ports/SpotCastStore.js"
import * as F from "./Fixtures.js"
import { type ContractIt, onFreshStorage } from "./StorageHarness.js"
import { chargeNewSpotCast } from "../../src/application/spotcast/CreateSpotCast.js"

export const idempotencyStoreContract = (it: ContractIt) =>
  describe("IdempotencyStore", () => {
    it.effect("finds a record exactly when its charging request took effect, within its own account", () =>
      onFreshStorage(Effect.gen(function*() {
        const records = yield* IdempotencyStore
        const store = yield* SpotCastStore
        const account = yield* F.seed(10)
        const other = yield* F.seed(10)
        assert.isTrue(Option.isNone(yield* records.find(account.id, "k")))
        const command = yield* F.createCommand(account, 3)
        const charged = yield* chargeNewSpotCast({ ...command, idempotency: { key: "k", fingerprint: "fp" } })
        const record = Option.getOrThrow(yield* records.find(account.id, "k"))
        assert.deepStrictEqual(record, {
          accountId: account.id,
          key: "k",
          fingerprint: "fp",
          createdAt: command.forecast.createdAt,
          receipt: charged.receipt
        })
        assert.isTrue(Option.isNone(yield* records.find(other.id, "k")))
        assert.isTrue(Option.isNone(yield* records.find(account.id, "K")))
      })))

    it.effect("keys are compared exactly, up to 255 characters of any text", () =>
      onFreshStorage(Effect.gen(function*() {
        const records = yield* IdempotencyStore
        const store = yield* SpotCastStore
        const account = yield* F.seed(100)
        const keys = ["ä", "a\u0308", "x".repeat(255), "  spaced  ", "'; DROP TABLE idempotency_keys; --"]
        for (const key of keys) {
          const charged = yield* chargeNewSpotCast({ ...(yield* F.createCommand(account)), idempotency: { key, fingerprint: key } })
          assert.strictEqual(charged._tag, "Created", `key ${JSON.stringify(key)} is its own`)
        }
        for (const key of keys) {
          assert.strictEqual(Option.getOrThrow(yield* records.find(account.id, key)).fingerprint, key)
        }
      })))
  })
