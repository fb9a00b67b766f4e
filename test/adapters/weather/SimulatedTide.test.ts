import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { withTideAndCurrent } from "../../../src/adapters/weather/SimulatedCurrent.js"
import { simulateSeries } from "../../../src/adapters/weather/SimulatedSeries.js"
import { M2_HOURS } from "../../../src/adapters/weather/SimulatedTide.js"
import { tideExtremes } from "../../../src/domain/forecast/TideExtremes.js"

const at = { latitude: 41.13, longitude: -71.71 }
const dates = ["2026-07-01", "2026-07-02", "2026-07-03", "2026-07-04"]
const simulated = () => withTideAndCurrent(Either.getOrThrow(simulateSeries(at, dates, "spc_tide")), at)

describe("simulated tide and current (issue 15 item 6)", () => {
  it("a semi-diurnal tide: highs and lows alternate about 6 h 12 min apart, two of each a day", () => {
    const series = simulated()
    assert.isTrue(series.hours.every((h) => typeof h.tide_height_ft === "number"))
    const extremes = tideExtremes(series.hours.map((h) => h.tide_height_ft))
    extremes.forEach((e, i) => {
      if (i > 0) assert.notStrictEqual(e.type, extremes[i - 1]!.type, "high and low alternate")
    })
    const highs = extremes.filter((e) => e.type === "high").map((e) => e.at)
    const gaps = highs.slice(1).map((t, i) => t - highs[i]!)
    for (const gap of gaps) assert.approximately(gap, M2_HOURS, 1.5, `highs ${gap} h apart`)
    assert.isAtLeast(highs.length, 7, "about two highs a day over four days")
  })

  it("the current floods while the water rises, ebbs the opposite way while it falls, and is slack at the turn", () => {
    const hours = simulated().hours
    const peak = Math.max(...hours.map((h) => h.current_speed_kt!))
    const flooding = new Set<number>()
    const ebbing = new Set<number>()
    for (let i = 1; i + 1 < hours.length; i++) {
      const [before, now, after] = [hours[i - 1]!.tide_height_ft!, hours[i]!.tide_height_ft!, hours[i + 1]!.tide_height_ft!]
      if ((now - before) * (after - now) < 0) {
        assert.isBelow(hours[i]!.current_speed_kt!, peak * 0.5, `${hours[i]!.time} is near slack water`)
      } else if (Math.abs(after - before) > 0.5) {
        ;(after > before ? flooding : ebbing).add(hours[i]!.current_direction_deg!)
      }
    }
    assert.strictEqual(flooding.size, 1, "one flood direction")
    assert.strictEqual(ebbing.size, 1, "one ebb direction")
    assert.strictEqual(Math.abs([...flooding][0]! - [...ebbing][0]!), 180, "opposite")
  })

  it("the same place gives the same tide", () => {
    assert.deepStrictEqual(simulated(), simulated())
  })
})
