import { assert, describe, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { WebhooksConfig } from "../../../src/main/config/Webhooks.js"
import { fromEnv } from "./FromEnv.js"

describe("WebhooksConfig", () => {
  it.effect("defaults: private addresses refused, 8 senders, 1 s poll, 60 s lease", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(
        yield* fromEnv(WebhooksConfig, {}),
        Either.right({ allowPrivate: false, concurrency: 8, pollMs: 1_000, leaseMs: 60_000 })
      )
    }))

  it.effect("a lease shorter than twice the attempt timeout is refused, naming the variable", () =>
    Effect.gen(function*() {
      assert.isTrue(Either.isRight(yield* fromEnv(WebhooksConfig, { SPOTCAST_WEBHOOK_LEASE_MS: "20000" })))
      const refused = yield* fromEnv(WebhooksConfig, { SPOTCAST_WEBHOOK_LEASE_MS: "19999" })
      assert.isTrue(Either.isLeft(refused))
      if (Either.isLeft(refused)) {
        assert.include(String(refused.left), "SPOTCAST_WEBHOOK_LEASE_MS")
        assert.include(String(refused.left), "Expected at least 20000 (twice the 10s attempt timeout)")
      }
    }))
})
