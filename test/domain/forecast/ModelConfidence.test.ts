import { assert, describe, it } from "@effect/vitest"
import { weighModels } from "../../../src/domain/forecast/ModelConfidence.js"
import type { DayAssessment } from "../../../src/domain/safety/Assessment.js"

const day = (wind: number, gust: number, classification: DayAssessment["classification"], seas = 2): DayAssessment => ({
  date: "2026-06-01",
  window: { startHour: 6, endHour: 20 },
  conditions: { wind_speed_kt: wind, wind_gust_kt: gust, wind_direction_deg: 200, wave_height_ft: seas, wave_period_s: 7 },
  classification,
  reasons: classification === "GO" ? [] : [{ factor: "wind", classification, detail: `wind ${wind} kt` }],
  worseOutsideWindow: []
})

describe("weighModels", () => {
  it("the same class, close together: high", () => {
    const out = weighModels({ model: "a", day: day(8, 12, "GO") }, [{ model: "b", day: day(10, 15, "GO") }], [])
    assert.strictEqual(out.confidence.level, "high")
    assert.strictEqual(out.confidence.reason, "2 models agree on GO; their wind differs by 2 kt, their gusts by 3 kt in the window")
  })

  it("the same class but 5 kt of wind, 8 kt of gusts or 2 ft of seas apart: medium", () => {
    // Classes are set by hand here: only the spread is weighed once the classes agree.
    for (const other of [day(9, 12, "CAUTION"), day(14, 20, "CAUTION"), day(14, 12, "CAUTION", 4)]) {
      const out = weighModels({ model: "a", day: day(14, 12, "CAUTION") }, [{ model: "b", day: other }], [])
      assert.strictEqual(out.confidence.level, "medium", out.confidence.reason)
      assert.include(out.confidence.reason, "2 models agree on CAUTION but are far apart")
      assert.strictEqual(out.day.classification, "CAUTION")
    }
    const justUnder = weighModels({ model: "a", day: day(14, 12, "CAUTION") }, [{ model: "b", day: day(9.1, 19.9, "CAUTION", 3.9) }], [])
    assert.strictEqual(justUnder.confidence.level, "high", justUnder.confidence.reason)
  })

  it("a less severe model does not lower the day, but the confidence is low", () => {
    const primary = day(14, 19, "CAUTION")
    const out = weighModels({ model: "a", day: primary }, [{ model: "b", day: day(9, 13, "GO") }], [])
    assert.strictEqual(out.confidence.level, "low")
    assert.strictEqual(out.day, primary)
    assert.deepStrictEqual(out.disagreement, { models: [["a", "CAUTION"], ["b", "GO"]], rated: "CAUTION" })
  })

  it("a more severe model raises the day, its reasons first under \"models disagree\"", () => {
    const out = weighModels({ model: "a", day: day(14, 19, "CAUTION") }, [{ model: "b", day: day(25, 33, "AVOID") }, { model: "c", day: undefined }], ["d"])
    assert.strictEqual(out.day.classification, "AVOID")
    assert.deepStrictEqual(out.day.reasons[0], { factor: "wind", classification: "AVOID", detail: "models disagree: b gives wind 25 kt" })
    assert.strictEqual(out.confidence.level, "low")
    assert.include(out.confidence.reason, "the day is rated AVOID, the more severe (no data from d, c)")
  })
})
