import { assert, describe, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { spotCastPrice, widgetPrice } from "../../../src/domain/billing/Pricing.js"

describe("Pricing", () => {
  it("matches the contract's table", () => {
    assert.deepStrictEqual([1, 2, 3, 4, 5].map(spotCastPrice), [2, 2, 3, 4, 5])
  })

  it.prop("costs max(2, n): at least 2, one per day beyond", [fc.integer({ min: 1, max: 5 })], ([n]) => {
    const price = spotCastPrice(n)
    assert.isAtLeast(price, 2)
    assert.isAtLeast(price, n)
    assert.strictEqual(price, n <= 2 ? 2 : n)
  })

  it.prop("a widget costs one credit per day", [fc.integer({ min: 1, max: 5 })], ([n]) => {
    assert.strictEqual(widgetPrice(n), n)
  })
})
