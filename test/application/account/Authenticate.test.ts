import { assert, describe, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { authenticate, makeAuthenticate } from "../../../src/application/account/Authenticate.js"
import { revokeKey, setAccountStatus } from "../../../src/application/account/ManageAccounts.js"
import { seedAccount } from "../../support/Accounts.js"
import * as MemoryCore from "../../support/MemoryCore.js"

const tagOf = <A, E extends { _tag: string }, R>(self: Effect.Effect<A, E, R>) =>
  Effect.map(Effect.either(self), Either.match({ onLeft: (e) => e._tag, onRight: () => "ok" }))

describe("authenticate", () => {
  it.effect("accepts the key by Bearer or X-API-Key, and both when they agree", () =>
    Effect.gen(function*() {
      const { account, key } = yield* seedAccount(0)
      for (const presented of [{ bearer: key.secret }, { apiKey: key.secret }, { bearer: key.secret, apiKey: key.secret }]) {
        const caller = yield* authenticate(presented)
        assert.strictEqual(caller.account.id, account.id)
        assert.strictEqual(caller.key.id, key.record.id)
      }
    }).pipe(Effect.provide(MemoryCore.layer)))

  it.effect("tells missing, invalid, disagreeing, revoked and suspended apart", () =>
    Effect.gen(function*() {
      const { account, key } = yield* seedAccount(0)
      const second = yield* seedAccount(0)
      assert.strictEqual(yield* tagOf(authenticate({})), "MissingApiKey")
      assert.strictEqual(yield* tagOf(authenticate({ bearer: "  " })), "MissingApiKey")
      assert.strictEqual(yield* tagOf(authenticate({ bearer: "sk_live_" + "x".repeat(32) })), "InvalidApiKey")
      assert.strictEqual(yield* tagOf(authenticate({ bearer: "hello" })), "InvalidApiKey")
      assert.strictEqual(yield* tagOf(authenticate({ bearer: key.secret, apiKey: second.key.secret })), "InvalidApiKey")
      yield* setAccountStatus(account.id, "suspended")
      assert.strictEqual(yield* tagOf(authenticate({ bearer: key.secret })), "AccountSuspended")
      yield* setAccountStatus(account.id, "active")
      assert.strictEqual(yield* tagOf(authenticate({ bearer: key.secret })), "ok")
      yield* revokeKey(account.id, key.record.id)
      assert.strictEqual(yield* tagOf(authenticate({ bearer: key.secret })), "KeyRevoked")
    }).pipe(Effect.provide(MemoryCore.layer)))

  it.effect("one authenticator, used again and again, still sees suspension and revocation at once", () =>
    Effect.gen(function*() {
      const { account, key } = yield* seedAccount(0)
      const authenticateWith = yield* makeAuthenticate
      assert.strictEqual(yield* tagOf(authenticateWith({ bearer: key.secret })), "ok")
      assert.strictEqual(yield* tagOf(authenticateWith({ bearer: key.secret })), "ok")
      yield* setAccountStatus(account.id, "suspended")
      assert.strictEqual(yield* tagOf(authenticateWith({ bearer: key.secret })), "AccountSuspended")
      yield* setAccountStatus(account.id, "active")
      yield* revokeKey(account.id, key.record.id)
      assert.strictEqual(yield* tagOf(authenticateWith({ bearer: key.secret })), "KeyRevoked")
      assert.strictEqual(yield* tagOf(authenticateWith({ bearer: key.secret.slice(0, -1) + "0" })), "InvalidApiKey")
    }).pipe(Effect.provide(MemoryCore.layer)))

  it.effect("stores only a hash and a 12-character prefix of a key", () =>
    Effect.gen(function*() {
      const { key } = yield* seedAccount(0)
      assert.match(key.secret, /^sk_live_[0-9A-Za-z]{32}$/)
      assert.strictEqual(key.record.prefix, key.secret.slice(0, 12))
      assert.notInclude(JSON.stringify(key.record), key.secret)
    }).pipe(Effect.provide(MemoryCore.layer)))
})
