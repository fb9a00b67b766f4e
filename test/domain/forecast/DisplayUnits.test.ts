import { assert, describe, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import {
  converterFor,
  displayUnits,
  distanceIn,
  heightIn,
  rainRateIn,
  speedIn,
  temperatureIn
} from "../../../src/domain/forecast/DisplayUnits.js"

describe("DisplayUnits: the one converter", () => {
  it("names every unit from the stored preferences; rain in in/h with °F", () => {
    assert.deepStrictEqual(
      displayUnits({ distanceUnits: "nm", speedUnits: "kts", heightUnits: "m", temperatureUnits: "c" }),
      { speed: "kts", distance: "nm", height: "m", temperature: "c", precipitation_rate: "mm/h", precipitation_probability: "%", period: "s", direction: "deg" }
    )
    assert.deepStrictEqual(
      displayUnits({ distanceUnits: "mi", speedUnits: "mph", heightUnits: "ft", temperatureUnits: "f" }),
      { speed: "mph", distance: "mi", height: "ft", temperature: "f", precipitation_rate: "in/h", precipitation_probability: "%", period: "s", direction: "deg" }
    )
    // Units chosen apart from the distance: km with feet, nm with °F.
    const mixed = displayUnits({ distanceUnits: "km", speedUnits: "ms", heightUnits: "ft", temperatureUnits: "f" })
    assert.strictEqual(mixed.height, "ft")
    assert.strictEqual(mixed.temperature, "f")
    assert.strictEqual(mixed.precipitation_rate, "in/h")
  })

  it("converts with the exact factors (international knot, nautical mile, statute mile, foot, inch)", () => {
    assert.strictEqual(speedIn(10, "kts"), 10)
    assert.closeTo(speedIn(10, "mph"), 11.507794, 1e-6)
    assert.closeTo(speedIn(10, "ms"), 5.144444, 1e-6)
    assert.closeTo(distanceIn(10, "mi"), 11.507794, 1e-6)
    assert.closeTo(distanceIn(10, "km"), 18.52, 1e-9)
    assert.strictEqual(heightIn(10, "ft"), 10)
    assert.closeTo(heightIn(10, "m"), 3.048, 1e-9)
    assert.strictEqual(temperatureIn(20, "c"), 20)
    assert.closeTo(temperatureIn(20, "f"), 68, 1e-9)
    assert.closeTo(temperatureIn(-40, "f"), -40, 1e-9)
    assert.strictEqual(rainRateIn(2.54, "mm/h"), 2.54)
    assert.closeTo(rainRateIn(2.54, "in/h"), 0.1, 1e-12)
  })

  it("rounds for the wire: rain to 0.1 mm/h or 0.01 in/h, heights to 0.01", () => {
    const metric = converterFor(displayUnits({ distanceUnits: "km", speedUnits: "ms", heightUnits: "m", temperatureUnits: "c" }))
    const us = converterFor(displayUnits({ distanceUnits: "mi", speedUnits: "mph", heightUnits: "ft", temperatureUnits: "f" }))
    assert.strictEqual(metric.rate(1.04), 1)
    assert.strictEqual(us.rate(1), 0.04)
    assert.strictEqual(us.rate(12.7), 0.5)
    assert.strictEqual(metric.height(10), 3.05)
    assert.strictEqual(us.height(10), 10)
    assert.strictEqual(us.temperature(21.5), 70.7)
    assert.strictEqual(metric.temperature(-0.04), 0)
  })

  it.prop("the wire's value is the exact conversion within its rounding", [
    fc.double({ min: 0, max: 200, noNaN: true }),
    fc.constantFrom("ft" as const, "m" as const),
    fc.constantFrom("c" as const, "f" as const)
  ], ([x, h, t]) => {
    const c = converterFor(displayUnits({ distanceUnits: "nm", speedUnits: "kts", heightUnits: h, temperatureUnits: t }))
    assert.isAtMost(Math.abs(c.height(x) - heightIn(x, h)), 0.005 + 1e-9)
    assert.isAtMost(Math.abs(c.temperature(x) - temperatureIn(x, t)), 0.05 + 1e-9)
    assert.isAtMost(Math.abs(c.rate(x) - rainRateIn(x, t === "f" ? "in/h" : "mm/h")), (t === "f" ? 0.005 : 0.05) + 1e-9)
  })
})
