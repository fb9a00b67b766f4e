import { assert } from "@effect/vitest"
import type { Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { WeatherCacheStore } from "../../src/ports/WeatherCacheStore.js"

export type WeatherCacheIt = Vitest.MethodsNonLive<WeatherCacheStore, true>

const T = 1_800_000_000_000
let keys = 0
/** A key no other test of the run uses: the suites share one store and never empty it. */
const freshKey = () => `test|m|52.01,4.29|2026-03-0${keys++ % 9 + 1}|${Date.now()}-${keys}`

const look = (key: string, owner: string, now: number, since = now, lease = now + 15_000) =>
  Effect.flatMap(WeatherCacheStore, (s) =>
    s.look({ key, owner, nowMillis: now, waitingSinceMillis: since, leaseUntilMillis: lease }))

/** What every `WeatherCacheStore` adapter must do. */
export const weatherCacheStoreContract = (it: WeatherCacheIt) => {
  it.effect("an unknown key is claimed by its first caller; the next sees it in flight", () =>
    Effect.gen(function*() {
      const key = freshKey()
      assert.deepStrictEqual(yield* look(key, "a", T), { _tag: "Claimed" })
      assert.deepStrictEqual(yield* look(key, "b", T + 1), { _tag: "InFlight" })
    }))

  it.effect("a filled answer is a hit until it expires, then the key is claimable again", () =>
    Effect.gen(function*() {
      const store = yield* WeatherCacheStore
      const key = freshKey()
      yield* look(key, "a", T)
      yield* store.fill(key, "a", "{\"v\":1}", T + 300_000)
      assert.deepStrictEqual(yield* look(key, "b", T + 299_999), { _tag: "Hit", value: "{\"v\":1}" })
      assert.deepStrictEqual(yield* look(key, "b", T + 300_000), { _tag: "Claimed" })
      assert.deepStrictEqual(yield* look(key, "c", T + 300_001), { _tag: "InFlight" })
    }))

  it.effect("only one of many concurrent callers gets the claim", () =>
    Effect.gen(function*() {
      const key = freshKey()
      const found = yield* Effect.forEach(
        Array.from({ length: 12 }, (_, i) => `owner-${i}`),
        (owner) => look(key, owner, T),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(found.filter((f) => f._tag === "Claimed").length, 1)
      assert.strictEqual(found.filter((f) => f._tag === "InFlight").length, 11)
    }))

  it.effect("a claim lapses at its lease unless renewed; renewing is the owner's alone", () =>
    Effect.gen(function*() {
      const store = yield* WeatherCacheStore
      const key = freshKey()
      yield* look(key, "a", T, T, T + 1_000)
      assert.isFalse(yield* store.renew(key, "b", T + 9_000))
      assert.isTrue(yield* store.renew(key, "a", T + 5_000))
      assert.deepStrictEqual(yield* look(key, "b", T + 4_999), { _tag: "InFlight" })
      assert.deepStrictEqual(yield* look(key, "b", T + 5_000), { _tag: "Claimed" })
      // The lapsed owner's answer is still kept, and does not end the new owner's claim.
      yield* store.fill(key, "a", "late", T + 60_000)
      assert.deepStrictEqual(yield* look(key, "c", T + 5_001), { _tag: "Hit", value: "late" })
      assert.isTrue(yield* store.renew(key, "b", T + 20_000))
    }))

  it.effect("a failure reaches the callers that waited on it, not later ones, and is not cached", () =>
    Effect.gen(function*() {
      const store = yield* WeatherCacheStore
      const key = freshKey()
      yield* look(key, "a", T)
      assert.deepStrictEqual(yield* look(key, "w", T + 10, T + 10), { _tag: "InFlight" })
      yield* store.fail(key, "a", "upstream said 503", T + 20)
      assert.deepStrictEqual(yield* look(key, "w", T + 30, T + 10), { _tag: "Failed", reason: "upstream said 503" })
      // A caller that started when the failure was recorded did not wait on it.
      assert.deepStrictEqual(yield* look(key, "n", T + 20, T + 20), { _tag: "Claimed" })
      // A failure from someone who no longer holds the claim changes nothing.
      yield* store.fail(key, "a", "stale", T + 50)
      assert.deepStrictEqual(yield* look(key, "w2", T + 60, T + 45), { _tag: "InFlight" })
    }))

  it.effect("sweep deletes expired entries without a live claim and keeps the rest", () =>
    Effect.gen(function*() {
      const store = yield* WeatherCacheStore
      const now = T + 10_000_000 + keys * 1_000
      const expired = freshKey()
      const fresh = freshKey()
      const claimed = freshKey()
      yield* store.fill(expired, "x", "old", now - 1)
      yield* store.fill(fresh, "x", "new", now + 60_000)
      yield* look(claimed, "a", now - 100, now - 100, now + 10_000)
      const swept = yield* store.sweep(now)
      assert.isAtLeast(swept, 1)
      assert.deepStrictEqual(yield* look(expired, "b", now), { _tag: "Claimed" })
      assert.deepStrictEqual(yield* look(fresh, "b", now), { _tag: "Hit", value: "new" })
      assert.deepStrictEqual(yield* look(claimed, "b", now), { _tag: "InFlight" })
    }))
}
