import { assert, describe, it } from "@effect/vitest"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { dayFacts, summaryFacts } from "../../../src/adapters/analyst/LlmTextFacts.js"
import { checkText } from "../../../src/domain/analysis/TextFloor.js"
import { anyInput } from "../../adapters/analyst/TextFloorSupport.js"

describe("TextFloor: the built-in texts pass it", () => {
  it.prop("every built-in day text and summary, in every language and unit pair", [anyInput], ([input]) => {
    const analysis = BuiltinAnalyst.write(input)
    const shownAs = analysis.daily_classifications.map((d) => d.classification)
    for (const [i, d] of analysis.daily_classifications.entries()) {
      assert.deepStrictEqual(checkText(d.summary, dayFacts(input, i, d.classification)), [], `${d.summary} → ${JSON.stringify(checkText(d.summary, dayFacts(input, i, d.classification)))}`)
    }
    assert.deepStrictEqual(checkText(analysis.summary, summaryFacts(input, shownAs)), [], `${analysis.summary} → ${JSON.stringify(checkText(analysis.summary, summaryFacts(input, shownAs)))}`)
  }, { fastCheck: { numRuns: 1000 } })
})
