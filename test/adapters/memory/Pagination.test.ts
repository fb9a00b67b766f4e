import { assert, describe, it } from "@effect/vitest"
import { Clock, Effect, FastCheck as fc, TestClock } from "effect"
import { createSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"
import { listSpotCasts } from "../../../src/application/spotcast/ReadSpotCasts.js"
import { createCommand, firstDate, seedAccount } from "../../support/Accounts.js"
import * as MemoryCore from "../../support/MemoryCore.js"

const DAY = 86_400_000

describe("keyset pagination", () => {
  it.effect.prop(
    "walking the pages yields every item that existed at the start exactly once, newest first",
    {
      gaps: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 40 }),
      pageSize: fc.integer({ min: 1, max: 12 }),
      insertsBetweenPages: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 10 })
    },
    ({ gaps, insertsBetweenPages, pageSize }) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(DAY * 20_000)
        const { account } = yield* seedAccount(10_000)
        const create = Effect.gen(function*() {
          const now = yield* Clock.currentTimeMillis
          const charged = yield* createSpotCast(account, createCommand(firstDate(now)))
          return { id: charged.receipt.spotcastId as string, at: now }
        })
        const initial: Array<{ id: string; at: number }> = []
        for (const gap of gaps) {
          yield* TestClock.adjust(gap) // gaps of 0 ms give ties, broken by id
          initial.push(yield* create)
        }
        const expected = [...initial].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((x) => x.id)

        const seen: Array<string> = []
        let after: string | undefined
        let page = 0
        for (;;) {
          const result = yield* listSpotCasts(account, { limit: pageSize, after })
          assert.isAtMost(result.data.length, pageSize)
          seen.push(...result.data.map((v) => v.spotcast.id))
          if (!result.hasMore) {
            assert.isNull(result.nextCursor)
            break
          }
          assert.isString(result.nextCursor)
          after = result.nextCursor!
          for (let i = 0; i < (insertsBetweenPages[page] ?? 0); i++) {
            yield* TestClock.adjust(1)
            yield* create
          }
          page++
        }
        assert.deepStrictEqual(seen, expected)
        const times = seen.map((id) => initial.find((x) => x.id === id)!.at)
        assert.deepStrictEqual(times, [...times].sort((a, b) => b - a))
      }).pipe(Effect.provide(MemoryCore.layer)),
    { fastCheck: { numRuns: 60 } }
  )
})
