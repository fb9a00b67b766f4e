import { assert, describe, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import type { Language } from "../../../src/domain/spotcast/Preferences.js"
import * as Units from "../../../src/adapters/analyst/Units.js"

const languages: ReadonlyArray<Language> = ["en", "es", "fr", "pt", "it", "ja"]
const commaLanguages = new Set<Language>(["es", "fr", "pt", "it"])

describe("Units", () => {
  it("writes what the domain's converter gives, in the unit asked", () => {
    assert.deepStrictEqual(Units.speed(10, "kts", "en"), { amount: 10, digits: "10", unit: "kts" })
    assert.deepStrictEqual(Units.speed(10, "mph", "en"), { amount: 11.5, digits: "11.5", unit: "mph" })
    assert.deepStrictEqual(Units.speed(10, "ms", "es"), { amount: 5.1, digits: "5,1", unit: "ms" })
    assert.deepStrictEqual(Units.distance(10, "mi", "ja"), { amount: 11.5, digits: "11.5", unit: "mi" })
    assert.deepStrictEqual(Units.distance(10, "km", "fr"), { amount: 18.5, digits: "18,5", unit: "km" })
    assert.deepStrictEqual(Units.height(10, "ft", "en"), { amount: 10, digits: "10", unit: "ft" })
    assert.deepStrictEqual(Units.height(10, "m", "it"), { amount: 3, digits: "3", unit: "m" })
    assert.deepStrictEqual(Units.height(5, "m", "pt"), { amount: 1.5, digits: "1,5", unit: "m" })
    assert.deepStrictEqual(Units.temperature(20, "f", "en"), { amount: 68, digits: "68", unit: "f" })
    assert.deepStrictEqual(Units.temperature(20, "c", "en"), { amount: 20, digits: "20", unit: "c" })
    assert.deepStrictEqual(Units.temperature(-40, "f", "en"), { amount: -40, digits: "-40", unit: "f" })
    assert.deepStrictEqual(Units.rainRate(2.54, "mm/h", "fr"), { amount: 2.5, digits: "2,5", unit: "mmh" })
    // 2.54 mm/h is 0.1 in/h; a light 1 mm/h shower keeps its two decimals (0.04 in/h), not a rounded 0.
    assert.deepStrictEqual(Units.rainRate(2.54, "in/h", "en"), { amount: 0.1, digits: "0.1", unit: "inh" })
    assert.deepStrictEqual(Units.rainRate(1, "in/h", "es"), { amount: 0.04, digits: "0,04", unit: "inh" })
    assert.deepStrictEqual(Units.percent(79.6, "fr"), { amount: 80, digits: "80", unit: "pct" })
  })

  it("formats numbers per language: one decimal at most, no trailing zero, never -0", () => {
    assert.strictEqual(Units.formatNumber(1234.56, "en"), "1234.6")
    assert.strictEqual(Units.formatNumber(1234.56, "pt"), "1234,6")
    assert.strictEqual(Units.formatNumber(12.04, "es"), "12")
    assert.strictEqual(Units.formatNumber(-0.04, "fr"), "0")
    assert.strictEqual(Units.formatNumber(3.25, "it", 0), "3")
    assert.strictEqual(Units.formatNumber(0.3, "ja"), "0.3")
  })

  it.prop(
    "a converted speed is the knots times the constant, written back to the same number",
    [fc.double({ min: 0, max: 300, noNaN: true }), fc.constantFrom(...(["kts", "mph", "ms"] as const)), fc.constantFrom(...languages)],
    ([kt, unit, language]) => {
      const factor = { kts: 1, mph: 1852 / 1609.344, ms: 1852 / 3600 }[unit]
      const q = Units.speed(kt, unit, language)
      assert.isAtMost(Math.abs(q.amount - kt * factor), 0.05 + 1e-9)
      assert.strictEqual(Number(q.digits.replace(",", ".")), q.amount)
      assert.isFalse(q.digits.includes(commaLanguages.has(language) ? "." : ","))
    }
  )

  it.prop(
    "a converted distance is the nautical miles times the constant",
    [fc.double({ min: 0, max: 100, noNaN: true }), fc.constantFrom(...(["nm", "mi", "km"] as const)), fc.constantFrom(...languages)],
    ([nm, unit, language]) => {
      const factor = { nm: 1, mi: 1852 / 1609.344, km: 1.852 }[unit]
      assert.isAtMost(Math.abs(Units.distance(nm, unit, language).amount - nm * factor), 0.05 + 1e-9)
    }
  )
})
