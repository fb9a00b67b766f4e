import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber, Option, TestClock } from "effect"
import { makeRecentKeys, RECENT_KEY_MILLIS, REFRESH_AHEAD_MILLIS } from "../../../src/adapters/postgres/RecentKeys.js"

/** A stand-in for the key and account a lookup finds: the number of the lookup that found it. */
const foundBy = (n: number) => ({ account: { id: `acct_${n}` }, key: { id: "key_1", lastUsedAt: undefined } }) as never

/** A lookup whose every call waits for its own gate; `calls` counts them. */
const gatedLookup = () => {
  const gates: Array<Deferred.Deferred<void>> = []
  let calls = 0
  const lookup = (_hash: string) =>
    Effect.flatMap(Deferred.make<void>(), (gate) => {
      const n = ++calls
      gates.push(gate)
      return Effect.as(Deferred.await(gate), Option.some(foundBy(n)))
    })
  return { lookup, calls: () => calls, open: (i: number) => Deferred.succeed(gates[i]!, undefined) }
}

/** Lets forked finds and lookups run up to where they wait. */
const settle = Effect.repeatN(Effect.yieldNow(), 20)

const accountOf = (found: Option.Option<unknown>) => (Option.getOrThrow(found) as { account: { id: string } }).account.id

describe("recent keys", () => {
  it.effect("the requests of a key not in memory share one lookup", () =>
    Effect.gen(function*() {
      const gated = gatedLookup()
      const keys = makeRecentKeys(yield* Effect.runtime<never>(), gated.lookup)
      const finds = yield* Effect.forEach([1, 2, 3], () => Effect.fork(keys.find("h")))
      yield* settle
      assert.strictEqual(gated.calls(), 1, "one statement for the three")
      yield* gated.open(0)
      for (const find of finds) assert.strictEqual(accountOf(yield* Fiber.join(find)), "acct_1")
      // Answered from memory now.
      assert.strictEqual(accountOf(yield* keys.find("h")), "acct_1")
      assert.strictEqual(gated.calls(), 1)
    }))

  it.effect("a key asked for near the end of its time is looked up again in the background, and its requests do not wait", () =>
    Effect.gen(function*() {
      const gated = gatedLookup()
      const keys = makeRecentKeys(yield* Effect.runtime<never>(), gated.lookup)
      const first = yield* Effect.fork(keys.find("h"))
      yield* settle
      yield* gated.open(0)
      yield* Fiber.join(first)
      // Before the last REFRESH_AHEAD_MILLIS: memory only.
      yield* TestClock.adjust(RECENT_KEY_MILLIS - REFRESH_AHEAD_MILLIS - 1)
      assert.strictEqual(accountOf(yield* keys.find("h")), "acct_1")
      assert.strictEqual(gated.calls(), 1)
      // Within them: answered at once from memory, and one lookup sent (not one per request).
      yield* TestClock.adjust(2)
      assert.strictEqual(accountOf(yield* keys.find("h")), "acct_1")
      assert.strictEqual(accountOf(yield* keys.find("h")), "acct_1")
      yield* settle
      assert.strictEqual(gated.calls(), 2)
      yield* gated.open(1)
      yield* settle
      // Past the first entry's end, the refreshed one answers, without a lookup.
      yield* TestClock.adjust(REFRESH_AHEAD_MILLIS)
      assert.strictEqual(accountOf(yield* keys.find("h")), "acct_2")
      assert.strictEqual(gated.calls(), 2)
    }))

  it.effect("no entry answers past its time, counted from when its lookup was sent", () =>
    Effect.gen(function*() {
      const gated = gatedLookup()
      const keys = makeRecentKeys(yield* Effect.runtime<never>(), gated.lookup)
      const first = yield* Effect.fork(keys.find("h"))
      yield* settle
      yield* TestClock.adjust(100) // the lookup takes 100 ms
      yield* gated.open(0)
      yield* Fiber.join(first)
      yield* TestClock.adjust(RECENT_KEY_MILLIS - 100)
      const later = yield* Effect.fork(keys.find("h"))
      yield* settle
      assert.strictEqual(gated.calls(), 2, "the entry ran out 250 ms after its lookup was sent: the request waits for a new one")
      yield* gated.open(1)
      assert.strictEqual(accountOf(yield* Fiber.join(later)), "acct_2")
    }))

  it.effect("a lookup sent before the cache was emptied (a revocation) is neither kept nor joined by later requests", () =>
    Effect.gen(function*() {
      const gated = gatedLookup()
      const keys = makeRecentKeys(yield* Effect.runtime<never>(), gated.lookup)
      const before = yield* Effect.fork(keys.find("h"))
      yield* settle
      yield* keys.clear
      const after = yield* Effect.fork(keys.find("h"))
      yield* settle
      assert.strictEqual(gated.calls(), 2, "the request after the change sends its own lookup")
      yield* gated.open(0)
      assert.strictEqual(accountOf(yield* Fiber.join(before)), "acct_1")
      yield* gated.open(1)
      assert.strictEqual(accountOf(yield* Fiber.join(after)), "acct_2")
      // What the first lookup found was not kept (the second's is).
      assert.strictEqual(accountOf(yield* keys.find("h")), "acct_2")
    }))

  it.effect("a failed lookup fails every request waiting for it; the next request looks up anew", () =>
    Effect.gen(function*() {
      let n = 0
      const gate = yield* Deferred.make<void>()
      const keys = makeRecentKeys(yield* Effect.runtime<never>(), () =>
        Effect.zipRight(Deferred.await(gate), n++ === 0 ? Effect.dieMessage("storage gone") : Effect.succeed(Option.some(foundBy(n)))))
      const finds = yield* Effect.forEach([1, 2], () => Effect.fork(Effect.exit(keys.find("h"))))
      yield* settle
      yield* Deferred.succeed(gate, undefined)
      for (const find of finds) assert.isTrue(Exit.isFailure(yield* Fiber.join(find)))
      assert.strictEqual(n, 1)
      assert.strictEqual(accountOf(yield* keys.find("h")), "acct_2")
    }))
})
