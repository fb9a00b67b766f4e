import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { num } from "../../../src/domain/safety/Rating.js"

/** The reading as it was first written, without the cache. */
const written = (value: number) => {
  const rounded = Math.round(value * 10) / 10
  return Object.is(rounded, -0) ? "0" : String(rounded)
}

describe("num", () => {
  it("writes a reading with at most one decimal, no trailing zero, and -0 as 0", () => {
    assert.deepStrictEqual([12.34, 12.35, 3, -0.04, -0, 0.05, 1e21].map(num), ["12.3", "12.4", "3", "0", "0", "0.1", "1e+21"])
  })

  it("gives the same text as writing the number each time, however often and however many numbers (the cache is invisible)", () =>
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.double(), fc.integer({ min: -600, max: 600 }).map((n) => n / 10)), { minLength: 2000, maxLength: 3000 }), (values) => {
        for (const v of [...values, ...values]) assert.strictEqual(num(v), written(v))
      }),
      { numRuns: 20 }
    ))
})
