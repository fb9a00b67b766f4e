import { assert, describe, it } from "@effect/vitest"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { DAY_TEXT_LIMIT } from "../../../src/adapters/analyst/BuiltinDay.js"
import { packFor } from "../../../src/adapters/analyst/i18n/Packs.js"
import { everyPreference, keywords, manyHazards } from "./BuiltinFixtures.js"

// The one exception to DAY_TEXT_LIMIT (docs/analysis-text.md, "Length"): what must be said is longer than
// 350 characters only when many hazards decide the class at once (the verdict names each with its number)
// and the tips for darkness and freezing spray are both due. Over the worst day we can build (every hazard
// at once) the longest such text is 657 characters (Spanish, °F, a catamaran with no vessel given).
const EXCEPTION_BOUND = 660

describe("day texts where what must be said passes the limit", () => {
  it(`keep only what must be said, every hazard and both tips, within ${EXCEPTION_BOUND} characters`, () => {
    let over = 0
    for (const preferences of everyPreference) {
      const pack = packFor(preferences.language)
      for (const type of ["catamaran", "pwc", "sailboat", "powerBoat", "yacht"] as const) {
        for (const given of [true, false]) {
          const analysis = BuiltinAnalyst.write(manyHazards(preferences, { type, lengthFt: 30 }, given))
          for (const day of analysis.daily_classifications) {
            const text = day.summary
            const where = `${preferences.language} ${type}: ${text}`
            assert.isAtMost(text.length, EXCEPTION_BOUND, where)
            assert.isTrue(text.replace(/^【/, "").startsWith(pack.classWord[day.classification]), where)
            if (day.classification === "AVOID") assert.include(text, pack.advice[type].AVOID, where)
            else for (const tip of ["darkness", "freezing_spray"] as const) assert.include(text, pack.tip[tip], where)
            if (text.length <= DAY_TEXT_LIMIT) continue
            over++
            // Past the limit only because of what must be said: nothing optional is left.
            assert.notInclude(text, keywords.worseOutside[preferences.language], where)
            if (day.classification === "CAUTION") assert.notInclude(text, pack.advice[type].CAUTION, where)
          }
        }
      }
    }
    assert.isAbove(over, 0, "the worst day passes the limit in some language")
  })
})
