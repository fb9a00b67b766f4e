import { assert, describe, it } from "@effect/vitest"
import { memoized } from "../../src/domain/Memo.js"

describe("memoized", () => {
  it("answers as the function does, computing each argument once while it is kept", () => {
    const calls: Array<number> = []
    const square = memoized(10, (n: number) => {
      calls.push(n)
      return n * n
    })
    assert.deepStrictEqual([3, 4, 3, 3, 4].map(square), [9, 16, 9, 9, 16])
    assert.deepStrictEqual(calls, [3, 4])
  })

  it("keeps at most `max` answers: past that they are dropped and computed again as asked, the same", () => {
    const calls: Array<number> = []
    const twice = memoized(3, (n: number) => {
      calls.push(n)
      return 2 * n
    })
    assert.deepStrictEqual([1, 2, 3, 4, 1].map(twice), [2, 4, 6, 8, 2])
    assert.deepStrictEqual(calls, [1, 2, 3, 4, 1])
  })

  it("keeps nothing for an argument the function throws for", () => {
    let calls = 0
    const parse = memoized(10, (s: string) => {
      calls++
      if (s === "bad") throw new Error("bad")
      return s.length
    })
    assert.throws(() => parse("bad"))
    assert.throws(() => parse("bad"))
    assert.strictEqual(calls, 2)
    assert.strictEqual(parse("good"), 4)
  })
})
