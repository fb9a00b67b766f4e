import { assert, describe } from "@effect/vitest"
import { DateTime, Effect, Exit, Option, Redacted, TestClock } from "effect"
import { emptyBalance } from "../../src/domain/billing/Ledger.js"
import { AccountId, ApiKeyId } from "../../src/domain/Ids.js"
import { AccountStore } from "../../src/ports/AccountStore.js"
import * as F from "./Fixtures.js"
import { type ContractIt, onFreshStorage } from "./StorageHarness.js"

export const accountStoreContract = (it: ContractIt) =>
  describe("AccountStore", () => {
    it.effect("creates an account with its first key and grant at once", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* AccountStore
        const now = yield* DateTime.now
        const account = F.account(now, { rateLimitPerMinute: 120 })
        const key = F.apiKey(account, now)
        yield* store.create({ account, key, grant: F.grant(account, 25, now, "opening") })

        const found = yield* store.get(account.id)
        assert.isTrue(Option.isSome(found))
        const got = Option.getOrThrow(found)
        assert.deepStrictEqual({ ...got, webhookSecret: Redacted.value(got.webhookSecret) }, {
          ...account,
          webhookSecret: Redacted.value(account.webhookSecret)
        })
        const byHash = Option.getOrThrow(yield* store.findKeyByHash(key.hash))
        assert.strictEqual(byHash.account.id, account.id)
        assert.deepStrictEqual(byHash.key, key)
        assert.deepStrictEqual(yield* store.keys(account.id), [key])
        assert.deepStrictEqual(yield* store.balance(account.id), { creditBalance: 25, totalPurchased: 25, totalUsed: 0 })
        assert.strictEqual(yield* store.count, 1)
        assert.deepStrictEqual((yield* store.list).map((a) => a.id), [account.id])
      })))

    it.effect("an account made bare has no keys and an empty balance; unknown ones are absent", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* AccountStore
        const account = F.account(yield* DateTime.now)
        yield* store.create({ account })
        assert.deepStrictEqual(yield* store.keys(account.id), [])
        assert.deepStrictEqual(yield* store.balance(account.id), emptyBalance)
        const unknown = AccountId.make(F.id("acct"))
        assert.isTrue(Option.isNone(yield* store.get(unknown)))
        assert.deepStrictEqual(yield* store.balance(unknown), emptyBalance)
        assert.isTrue(Option.isNone(yield* store.findKeyByHash("no-such-hash")))
      })))

    it.effect("lists and counts every account", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* AccountStore
        const made = []
        for (let i = 0; i < 3; i++) {
          made.push(yield* F.seed(i))
          yield* TestClock.adjust("1 second")
        }
        assert.strictEqual(yield* store.count, 3)
        assert.deepStrictEqual((yield* store.list).map((a) => a.id), made.map((a) => a.id))
      })))

    it.effect("a key hash belongs to one key: a second one is a defect and changes nothing", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* AccountStore
        const now = yield* DateTime.now
        const first = F.account(now)
        const key = F.apiKey(first, now)
        yield* store.create({ account: first, key })
        const second = F.account(now)
        const exit = yield* Effect.exit(store.create({ account: second, key: F.apiKey(second, now, key.hash) }))
        assert.isTrue(Exit.isFailure(exit))
        assert.isTrue(Option.isNone(yield* store.get(second.id)), "the account made with a taken hash is not kept")
        const other = yield* Effect.exit(store.addKey(F.apiKey(first, now, key.hash)))
        assert.isTrue(Exit.isFailure(other))
        assert.strictEqual((yield* store.keys(first.id)).length, 1)
      })))

    it.effect("adds, touches and revokes keys; revoking twice keeps the first time", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* AccountStore
        const account = yield* F.seed(0)
        const now = yield* DateTime.now
        const key = F.apiKey(account, now)
        yield* store.addKey(key)
        const touchedAt = DateTime.add(now, { minutes: 1 })
        yield* store.touchKey(key.id, touchedAt)
        assert.deepStrictEqual(Option.getOrThrow(yield* store.findKeyByHash(key.hash)).key.lastUsedAt, touchedAt)

        const revokedAt = DateTime.add(now, { minutes: 2 })
        const revoked = Option.getOrThrow(yield* store.revokeKey(account.id, key.id, revokedAt))
        assert.deepStrictEqual(revoked.revokedAt, revokedAt)
        const again = Option.getOrThrow(yield* store.revokeKey(account.id, key.id, DateTime.add(now, { minutes: 3 })))
        assert.deepStrictEqual(again.revokedAt, revokedAt)
        assert.deepStrictEqual(Option.getOrThrow(yield* store.findKeyByHash(key.hash)).key.revokedAt, revokedAt)
      })))

    it.effect("keys are the account's own: another account cannot revoke them, unknown ones are absent", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* AccountStore
        const owner = yield* F.seed(0)
        const other = yield* F.seed(0)
        const now = yield* DateTime.now
        const key = F.apiKey(owner, now)
        yield* store.addKey(key)
        assert.isTrue(Option.isNone(yield* store.revokeKey(other.id, key.id, now)))
        assert.isTrue(Option.isNone(yield* store.revokeKey(owner.id, ApiKeyId.make(F.id("key")), now)))
        assert.isUndefined(Option.getOrThrow(yield* store.findKeyByHash(key.hash)).key.revokedAt)
        assert.deepStrictEqual(yield* store.keys(other.id), [])
        const missing = yield* Effect.flip(store.addKey(F.apiKey({ ...owner, id: AccountId.make(F.id("acct")) }, now)))
        assert.strictEqual(missing._tag, "AccountNotFound")
      })))

    it.effect("sets status and webhook secret; an unknown account is AccountNotFound", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* AccountStore
        const account = yield* F.seed(0)
        const suspended = yield* store.setStatus(account.id, "suspended")
        assert.strictEqual(suspended.status, "suspended")
        assert.strictEqual(Option.getOrThrow(yield* store.get(account.id)).status, "suspended")
        const secret = `whsec_${"r".repeat(32)}`
        const rotated = yield* store.setWebhookSecret(account.id, Redacted.make(secret))
        assert.strictEqual(Redacted.value(rotated.webhookSecret), secret)
        assert.strictEqual(rotated.status, "suspended")
        assert.strictEqual(Redacted.value(Option.getOrThrow(yield* store.get(account.id)).webhookSecret), secret)

        const unknown = AccountId.make(F.id("acct"))
        assert.strictEqual((yield* Effect.flip(store.setStatus(unknown, "active")))._tag, "AccountNotFound")
        assert.strictEqual((yield* Effect.flip(store.setWebhookSecret(unknown, Redacted.make(secret))))._tag, "AccountNotFound")
      })))

    it.effect("grants add to the balance; granting to an unknown account is AccountNotFound", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* AccountStore
        const account = yield* F.seed(5)
        const now = yield* DateTime.now
        assert.deepStrictEqual(yield* store.grant(F.grant(account, 7, now)), { creditBalance: 12, totalPurchased: 12, totalUsed: 0 })
        assert.deepStrictEqual(yield* store.balance(account.id), { creditBalance: 12, totalPurchased: 12, totalUsed: 0 })
        const missing = yield* Effect.flip(store.grant(F.grant({ id: AccountId.make(F.id("acct")) }, 1, now)))
        assert.strictEqual(missing._tag, "AccountNotFound")
      })))
  })
