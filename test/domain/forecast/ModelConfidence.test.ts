import { assert, describe, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { type Classification, severityOf, worstOf } from "../../../src/domain/forecast/Analysis.js"
import { ratedClass, weighModels } from "../../../src/domain/forecast/ModelConfidence.js"
import type { DayAssessment } from "../../../src/domain/safety/Assessment.js"

const day = (wind: number, gust: number, classification: DayAssessment["classification"], seas = 2): DayAssessment => ({
  date: "2026-06-01",
  window: { startHour: 6, endHour: 20 },
  conditions: { wind_speed_kt: wind, wind_gust_kt: gust, wind_direction_deg: 200, wave_height_ft: seas, wave_period_s: 7 },
  classification,
  reasons: classification === "GO" ? [] : [{ factor: "gust", classification, detail: `gusts ${gust} kt` }],
  worseOutsideWindow: []
})

const cls = fc.constantFrom<Classification>("GO", "CAUTION", "AVOID")

describe("ratedClass: the multi-model policy (docs/safety.md \"Models that disagree\")", () => {
  it.prop("never less severe than the primary; a class two models give is taken; one model alone reaches CAUTION at most", [cls, fc.array(cls, { maxLength: 4 })], ([primary, others]) => {
    const all = [primary, ...others]
    const rated = ratedClass(primary, all)
    assert.isAtLeast(severityOf(rated), severityOf(primary))
    assert.isAtMost(severityOf(rated), severityOf(worstOf(all)))
    const avoids = all.filter((c) => c === "AVOID").length
    if (primary === "AVOID" || avoids >= 2) assert.strictEqual(rated, "AVOID")
    else assert.notStrictEqual(rated, "AVOID", "one model alone never makes a day AVOID")
    if (all.some((c) => c !== "GO")) assert.notStrictEqual(rated, "GO", "a model that sees a hazard is never silenced")
  })
})

describe("weighModels", () => {
  it("the same class, close together: high", () => {
    const out = weighModels({ model: "a", day: day(8, 12, "GO") }, [{ model: "b", day: day(10, 15, "GO") }], [])
    assert.strictEqual(out.confidence.level, "high")
    assert.strictEqual(out.confidence.reason, "2 models agree on GO; their wind differs by 2 kt, their gusts by 3 kt in the window")
    assert.strictEqual(out.basis._tag, "Agree")
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

  it("one model answering: unchecked, not medium", () => {
    const out = weighModels({ model: "a", day: day(8, 12, "GO") }, [{ model: "b", day: undefined }], ["c"])
    assert.strictEqual(out.confidence.level, "unchecked")
    assert.strictEqual(out.confidence.reason, "one model only (a) (no data from c, b): not cross-checked against another model")
  })

  it("a less severe model does not lower the day: the primary's class and numbers stand, the confidence is low", () => {
    const primary = day(14, 19, "CAUTION")
    const out = weighModels({ model: "a", day: primary }, [{ model: "b", day: day(9, 13, "GO") }], [])
    assert.strictEqual(out.confidence.level, "low")
    assert.strictEqual(out.day, primary)
    assert.deepStrictEqual(out.disagreement, {
      models: [["a", "CAUTION"], ["b", "GO"]],
      rated: "CAUTION",
      quoted: "a",
      reading: { model: "a", factor: "gust", value: 19, othersLo: 13, othersHi: 13 }
    })
  })

  it("one model alone at AVOID: the day is CAUTION, quotes that model and names it, the AVOID held back", () => {
    const out = weighModels(
      { model: "best_match", day: day(14, 21, "GO") },
      [{ model: "ecmwf", day: day(15, 20, "GO") }, { model: "gfs", day: day(22, 33, "AVOID") }],
      []
    )
    assert.strictEqual(out.day.classification, "CAUTION")
    assert.strictEqual(out.day.model, "gfs")
    assert.strictEqual(out.day.conditions.wind_gust_kt, 33, "the day quotes the model that decided it")
    assert.deepStrictEqual(out.day.reasons.map((r) => [r.factor, r.classification]), [["gust", "CAUTION"]])
    assert.include(out.day.reasons[0]!.detail, "only gfs gives AVOID")
    assert.deepStrictEqual(out.disagreement?.heldBack, { model: "gfs", classification: "AVOID" })
    assert.deepStrictEqual(out.disagreement?.reading, { model: "gfs", factor: "gust", value: 33, othersLo: 20, othersHi: 21 })
    assert.strictEqual(out.confidence.level, "low")
    assert.include(out.confidence.reason, "only gfs gives AVOID")
    assert.include(out.confidence.reason, "gfs has gust 33 kt, the others 20-21 kt")
  })

  it("two models at AVOID: the day is AVOID and quotes the first of them", () => {
    const out = weighModels(
      { model: "best_match", day: day(14, 21, "CAUTION") },
      [{ model: "ecmwf", day: day(25, 36, "AVOID") }, { model: "gfs", day: day(22, 33, "AVOID") }, { model: "icon", day: undefined }],
      ["x"]
    )
    assert.strictEqual(out.day.classification, "AVOID")
    assert.strictEqual(out.day.model, "ecmwf")
    assert.strictEqual(out.day.conditions.wind_gust_kt, 36)
    assert.isUndefined(out.disagreement?.heldBack)
    assert.include(out.confidence.reason, "the day is rated AVOID, from ecmwf")
    assert.include(out.confidence.reason, "(no data from x, icon)")
  })
})
