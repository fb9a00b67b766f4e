import { assert, describe, it } from "@effect/vitest"
import { Chunk, Deferred, Duration, Effect, Exit, Fiber, Ref, Scope, TestClock } from "effect"
import * as SequentialIds from "../../../src/adapters/system/SequentialIds.js"
import { type JobKind, startClaimLoop } from "../../../src/application/worker/ClaimLoop.js"

/** Waits until a timer is set to wake at `millis`, so moving the clock cannot race the fiber setting it. */
const timerAt = (millis: number) =>
  Effect.gen(function*() {
    while (!Chunk.some(yield* TestClock.sleeps(), (t) => t === millis)) yield* Effect.yieldNow()
  })

/** A queue of numbered items in a Ref, with every claim, process, release and renewal recorded. */
const fakeKind = (options: {
  readonly batch: number
  readonly process?: (item: number) => Effect.Effect<void>
  readonly failClaims?: Ref.Ref<boolean>
}) =>
  Effect.gen(function*() {
    const due = yield* Ref.make<ReadonlyArray<number>>([])
    const claims = yield* Ref.make<ReadonlyArray<{ owner: string; max: number; got: number }>>([])
    const done = yield* Ref.make<ReadonlyArray<number>>([])
    const released = yield* Ref.make<ReadonlyArray<number>>([])
    const renewals = yield* Ref.make(0)
    const renewed = yield* Ref.make<ReadonlyArray<{ owner: string; items: ReadonlyArray<number> }>>([])
    const kind: JobKind<number, never> = {
      name: "test",
      batch: options.batch,
      claim: (owner, max) =>
        Effect.gen(function*() {
          if (options.failClaims !== undefined && (yield* Ref.get(options.failClaims))) {
            yield* Ref.update(claims, (xs) => [...xs, { owner, max, got: -1 }])
            return yield* Effect.dieMessage("storage away")
          }
          const got = yield* Ref.modify(due, (xs) => [xs.slice(0, max), xs.slice(max)] as const)
          yield* Ref.update(claims, (xs) => [...xs, { owner, max, got: got.length }])
          return got
        }),
      process: (item) =>
        Effect.zipRight(options.process?.(item) ?? Effect.void, Ref.update(done, (xs) => [...xs, item])),
      release: (item) => Ref.update(released, (xs) => [...xs, item]),
      renew: {
        every: Duration.seconds(10),
        extendAll: (items, owner) => Ref.update(renewals, (n) => n + 1).pipe(
          Effect.zipRight(Ref.update(renewed, (xs) => [...xs, { owner, items }]))
        )
      },
      idle: Effect.sleep("1 second")
    }
    return { kind, due, claims, done, released, renewals, renewed }
  })

describe("ClaimLoop", () => {
  it.effect("claims in batches under one owner, does every item once, then one claim per idle period", () =>
    Effect.gen(function*() {
      const fake = yield* fakeKind({ batch: 4, process: () => Effect.sleep("100 millis") })
      yield* Ref.set(fake.due, Array.from({ length: 10 }, (_, i) => i))
      const owner = yield* startClaimLoop(fake.kind, { concurrency: 4, shutdownGrace: "1 second" })
      for (let i = 0; i < 10; i++) yield* TestClock.adjust("100 millis")
      assert.deepStrictEqual([...(yield* Ref.get(fake.done))].sort((a, b) => a - b), Array.from({ length: 10 }, (_, i) => i))
      const claims = yield* Ref.get(fake.claims)
      assert.isTrue(claims.every((c) => c.owner === owner && c.max <= 4))
      assert.isBelow(claims.filter((c) => c.got > 0).length, 10, "batched: fewer claims than items")
      const before = claims.length
      for (let i = 0; i < 5; i++) yield* TestClock.adjust("1 second")
      assert.strictEqual((yield* Ref.get(fake.claims)).length - before, 5, "idle: one claim per period")
    }).pipe(Effect.scoped, Effect.provide(SequentialIds.layer)))

  it.effect("a one-at-a-time kind claims each item under its slot's own name, up to the concurrency at once", () =>
    Effect.gen(function*() {
      const running = yield* Ref.make(0)
      const most = yield* Ref.make(0)
      const fake = yield* fakeKind({
        batch: 1,
        process: () =>
          Effect.gen(function*() {
            const now = yield* Ref.updateAndGet(running, (n) => n + 1)
            yield* Ref.update(most, (m) => Math.max(m, now))
            yield* Effect.sleep("1 second")
            yield* Ref.update(running, (n) => n - 1)
          })
      })
      yield* Ref.set(fake.due, [1, 2, 3, 4, 5])
      const owner = yield* startClaimLoop(fake.kind, { concurrency: 3, shutdownGrace: "1 second" })
      yield* TestClock.adjust("1 millis")
      assert.strictEqual(yield* Ref.get(running), 3, "the three slots fill at once")
      for (let i = 0; i < 3; i++) yield* TestClock.adjust("1 second")
      assert.strictEqual((yield* Ref.get(fake.done)).length, 5)
      assert.strictEqual(yield* Ref.get(most), 3)
      const owners = new Set((yield* Ref.get(fake.claims)).filter((c) => c.got > 0).map((c) => c.owner))
      assert.includeMembers([`${owner}-0`, `${owner}-1`, `${owner}-2`], [...owners])
      assert.isAbove(owners.size, 1)
    }).pipe(Effect.scoped, Effect.provide(SequentialIds.layer)))

  it.effect("failed claims back off 1, 2, 4, 8, 8 idle periods and resume by themselves", () =>
    Effect.gen(function*() {
      const failing = yield* Ref.make(true)
      const fake = yield* fakeKind({ batch: 2, failClaims: failing })
      yield* startClaimLoop(fake.kind, { concurrency: 2, shutdownGrace: "1 second" })
      yield* timerAt(1000)
      const claimTimes: Array<number> = []
      for (let t = 0; t <= 24; t++) {
        if ((yield* Ref.get(fake.claims)).length > claimTimes.length) claimTimes.push(t)
        yield* TestClock.adjust("1 second")
      }
      assert.deepStrictEqual(claimTimes, [0, 1, 3, 7, 15, 23])
      yield* Ref.set(failing, false)
      yield* Ref.set(fake.due, [7])
      yield* TestClock.adjust("8 seconds")
      assert.deepStrictEqual(yield* Ref.get(fake.done), [7])
    }).pipe(Effect.scoped, Effect.provide(SequentialIds.layer)))

  it.effect("a long item's lease is renewed every period while it runs, and not after", () =>
    Effect.gen(function*() {
      const fake = yield* fakeKind({ batch: 1, process: () => Effect.sleep("35 seconds") })
      yield* Ref.set(fake.due, [1])
      yield* startClaimLoop(fake.kind, { concurrency: 1, shutdownGrace: "1 second" })
      yield* TestClock.adjust("1 minute")
      assert.strictEqual(yield* Ref.get(fake.renewals), 3)
      assert.deepStrictEqual(yield* Ref.get(fake.done), [1])
    }).pipe(Effect.scoped, Effect.provide(SequentialIds.layer)))

  it.effect("hundreds in flight: one renewal call per period covers every item still running, none for finished ones", () =>
    Effect.gen(function*() {
      // Items 0..299 run 25 s, except the first 100, which finish after 15 s.
      const fake = yield* fakeKind({ batch: 32, process: (item) => Effect.sleep(item < 100 ? "15 seconds" : "25 seconds") })
      yield* Ref.set(fake.due, Array.from({ length: 300 }, (_, i) => i))
      const owner = yield* startClaimLoop(fake.kind, { concurrency: 320, shutdownGrace: "1 second" })
      // The claimer claims batch after batch without waiting on the clock.
      for (let i = 0; i < 1000 && (yield* Ref.get(fake.due)).length > 0; i++) yield* Effect.yieldNow()
      const claims = (yield* Ref.get(fake.claims)).filter((c) => c.got > 0)
      assert.strictEqual(claims.reduce((n, c) => n + c.got, 0), 300, "all 300 claimed at once, in batches")
      assert.isTrue(claims.every((c) => c.max <= 32))
      for (let i = 0; i < 30; i++) yield* TestClock.adjust("1 second")
      const renewed = yield* Ref.get(fake.renewed)
      assert.deepStrictEqual(renewed.map((r) => [r.owner, r.items.length]), [[owner, 300], [owner, 200]])
      assert.deepStrictEqual([...renewed[1]!.items].sort((a, b) => a - b), Array.from({ length: 200 }, (_, i) => 100 + i))
      assert.strictEqual((yield* Ref.get(fake.done)).length, 300)
    }).pipe(Effect.scoped, Effect.provide(SequentialIds.layer)))

  it.effect("items claimed apart are renewed together: one due is joined by those due within half a period", () =>
    Effect.gen(function*() {
      const fake = yield* fakeKind({ batch: 4, process: () => Effect.sleep("25 seconds") })
      yield* Ref.set(fake.due, [1])
      yield* startClaimLoop(fake.kind, { concurrency: 4, shutdownGrace: "1 second" })
      yield* TestClock.adjust("1 millis")
      yield* TestClock.adjust("3 seconds")
      yield* Ref.set(fake.due, [2])
      yield* TestClock.adjust("1 second") // the idle claimer takes item 2 at 4 s
      yield* TestClock.adjust("8 seconds") // 12 s: item 1 was due at 10 s, item 2 (due at 14 s) with it
      const sets = Effect.map(Ref.get(fake.renewed), (rs) => rs.map((r) => [...r.items].sort()))
      assert.deepStrictEqual(yield* sets, [[1, 2]])
      yield* TestClock.adjust("10 seconds")
      assert.deepStrictEqual(yield* sets, [[1, 2], [1, 2]])
      yield* TestClock.adjust("10 seconds")
      assert.deepStrictEqual(yield* sets, [[1, 2], [1, 2]], "finished items are renewed no more")
      assert.deepStrictEqual([...(yield* Ref.get(fake.done))].sort(), [1, 2])
    }).pipe(Effect.scoped, Effect.provide(SequentialIds.layer)))

  it.effect("back-pressure: no claim while every place is taken; freed places are claimed again", () =>
    Effect.gen(function*() {
      const finish = yield* Effect.forEach(Array.from({ length: 20 }), () => Deferred.make<void>())
      const fake = yield* fakeKind({ batch: 8, process: (item) => Deferred.await(finish[item]!) })
      yield* Ref.set(fake.due, Array.from({ length: 20 }, (_, i) => i))
      yield* startClaimLoop(fake.kind, { concurrency: 5, shutdownGrace: "1 second" })
      yield* TestClock.adjust("1 millis")
      const before = (yield* Ref.get(fake.claims)).length
      assert.strictEqual(20 - (yield* Ref.get(fake.due)).length, 5, "five places, five claimed")
      for (let i = 0; i < 10; i++) yield* TestClock.adjust("1 second")
      assert.strictEqual((yield* Ref.get(fake.claims)).length, before, "no claim while full, however long")
      for (const i of [0, 1, 2]) yield* Deferred.succeed(finish[i]!, undefined)
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual([...(yield* Ref.get(fake.done))].sort(), [0, 1, 2])
      assert.strictEqual(20 - (yield* Ref.get(fake.due)).length, 8, "the three freed places are claimed again")
      for (const d of finish) yield* Deferred.succeed(d, undefined)
      for (let i = 0; i < 1000 && (yield* Ref.get(fake.done)).length < 20; i++) yield* Effect.yieldNow()
      assert.strictEqual((yield* Ref.get(fake.done)).length, 20)
    }).pipe(Effect.scoped, Effect.provide(SequentialIds.layer)))

  it.effect("closing the scope lets in-flight items finish within the grace, without waiting for an idle claimer", () =>
    Effect.gen(function*() {
      const fake = yield* fakeKind({ batch: 2, process: () => Effect.sleep("500 millis") })
      yield* Ref.set(fake.due, [1])
      const scope = yield* Scope.make()
      yield* startClaimLoop(fake.kind, { concurrency: 2, shutdownGrace: "1 second" }).pipe(Scope.extend(scope))
      yield* timerAt(500)
      const closing = yield* Effect.fork(Scope.close(scope, Exit.void))
      yield* TestClock.adjust("500 millis")
      yield* Fiber.join(closing)
      assert.deepStrictEqual(yield* Ref.get(fake.done), [1])
      assert.deepStrictEqual(yield* Ref.get(fake.released), [])
    }).pipe(Effect.provide(SequentialIds.layer)))

  it.effect("an item still running after the grace is interrupted and released by its kind", () =>
    Effect.gen(function*() {
      const fake = yield* fakeKind({ batch: 1, process: () => Effect.never })
      yield* Ref.set(fake.due, [9])
      const scope = yield* Scope.make()
      yield* startClaimLoop(fake.kind, { concurrency: 1, shutdownGrace: "1 second" }).pipe(Scope.extend(scope))
      yield* TestClock.adjust("1 millis")
      const closing = yield* Effect.fork(Scope.close(scope, Exit.void))
      yield* TestClock.adjust("2 seconds")
      yield* Fiber.join(closing)
      assert.deepStrictEqual(yield* Ref.get(fake.released), [9])
      assert.deepStrictEqual(yield* Ref.get(fake.done), [])
    }).pipe(Effect.provide(SequentialIds.layer)))
})
