import { assert, describe, it } from "@effect/vitest"
import { classifyDay } from "../../../src/domain/safety/ClassifyDay.js"
import { scenarioFile } from "./Scenarios.js"

describe("classifyDay on the scenario table", () => {
  it("the table has the 58 sample days, each citing known sources", () => {
    // Rows added later (ids "ISS11-...", "ISS21-...") come after the 58 sample days of docs/safety.md.
    assert.strictEqual(scenarioFile.scenarios.filter((s) => !/^ISS\d+-/.test(s.id)).length, 58)
    const ids = new Set(scenarioFile.sources.map((s) => s.id))
    for (const s of scenarioFile.scenarios) for (const src of s.sources) assert.isTrue(ids.has(src), `${s.id} cites ${src}`)
  })

  for (const s of scenarioFile.scenarios) {
    it(`${s.id}: ${s.vessel === null ? "no vessel" : `${s.vessel.length_ft} ft ${s.vessel.type}`} is ${s.expected}`, () => {
      const vessel = s.vessel === null ? undefined : { type: s.vessel.type, lengthFt: s.vessel.length_ft }
      const result = classifyDay(s.day, vessel)
      assert.strictEqual(result.classification, s.expected, `${s.reason}\n${JSON.stringify(result.reasons, null, 1)}`)
      const deciding = result.reasons.filter((r) => r.classification === s.expected)
      if (s.expected !== "GO") assert.isAbove(deciding.length, 0, "a non-GO day names the factor that decided it")
    })
  }
})
