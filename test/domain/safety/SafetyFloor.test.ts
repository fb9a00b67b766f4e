import { assert, describe, it } from "@effect/vitest"
import { Either, FastCheck as fc } from "effect"
import { type Analysis, type Classification, mostSevere, severityOf } from "../../../src/domain/forecast/Analysis.js"
import type { DayAssessment } from "../../../src/domain/safety/Assessment.js"
import { applySafetyFloor, checkCoverage, understatedDays } from "../../../src/domain/safety/SafetyFloor.js"

const cls = fc.constantFrom<Classification>("GO", "CAUTION", "AVOID")
const pairs = fc.array(fc.tuple(cls, cls), { minLength: 1, maxLength: 5 })

const daysOf = (rules: ReadonlyArray<Classification>): Array<DayAssessment> =>
  rules.map((classification, i) => ({
    date: `2026-11-${String(10 + i)}`,
    window: { startHour: 8, endHour: 14 },
    conditions: { wind_speed_kt: 8, wind_gust_kt: 12, wind_direction_deg: 200 },
    classification,
    reasons: [],
    worseOutsideWindow: []
  }))

const analysisOf = (days: ReadonlyArray<DayAssessment>, proposed: ReadonlyArray<Classification>): Analysis => ({
  summary: "Summary.",
  daily_classifications: days.map((d, i) => ({ date: d.date, classification: proposed[i]!, summary: `Text ${i}.` }))
})

describe("applySafetyFloor", () => {
  it.prop("each day gets the more severe of the rules' class and the analyst's; the words stay the analyst's", [pairs], ([ps]) => {
    const days = daysOf(ps.map((p) => p[0]))
    const proposed = analysisOf(days, ps.map((p) => p[1]))
    const floored = Either.getOrThrow(applySafetyFloor(days, proposed))
    assert.strictEqual(floored.summary, proposed.summary)
    for (const [i, [rules, analyst]] of ps.entries()) {
      const day = floored.daily_classifications[i]!
      assert.strictEqual(day.classification, mostSevere(rules, analyst))
      assert.isAtLeast(severityOf(day.classification), severityOf(rules))
      assert.deepStrictEqual([day.date, day.summary], [days[i]!.date, `Text ${i}.`])
    }
  })

  it("refuses an analysis that does not cover exactly the assessed days, in order", () => {
    const days = daysOf(["GO", "AVOID"])
    const proposed = analysisOf(days, ["GO", "AVOID"])
    const [first, second] = proposed.daily_classifications
    for (const daily of [[first!], [first!, second!, second!], [second!, first!], []]) {
      assert.isTrue(Either.isLeft(applySafetyFloor(days, { ...proposed, daily_classifications: daily })))
    }
  })
})

describe("checkCoverage", () => {
  it("says which day is wrong", () => {
    const days = daysOf(["GO", "GO"])
    assert.isTrue(Either.isRight(checkCoverage(days, days)))
    assert.deepStrictEqual(checkCoverage(days, [days[0]!]), Either.left("the analysis has 1 days, expected 2"))
    assert.deepStrictEqual(
      checkCoverage(days, [days[0]!, { date: "2026-11-30" }]),
      Either.left("day 2 is 2026-11-30, expected 2026-11-11")
    )
  })
})

describe("understatedDays", () => {
  it.prop("are exactly the days the analyst rated less severe than the rules", [pairs], ([ps]) => {
    const days = daysOf(ps.map((p) => p[0]))
    const understated = understatedDays(days, analysisOf(days, ps.map((p) => p[1])).daily_classifications)
    assert.deepStrictEqual(understated, ps.flatMap(([rules, analyst], i) => (severityOf(analyst) < severityOf(rules) ? [i] : [])))
  })
})
