import { assert, describe, it } from "@effect/vitest"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { facts } from "../../../src/adapters/analyst/LlmPrompt.js"
import { dayFacts } from "../../../src/adapters/analyst/LlmTextFacts.js"
import { checkText } from "../../../src/domain/analysis/TextFloor.js"
import { resolvePreferences } from "../../../src/domain/spotcast/Preferences.js"
import { input } from "./BuiltinFixtures.js"

// The CAUTION fixture: 3.6 mm/h of rain (0.14 in/h), seas 3.4 ft (1 m), air 17.2 °C (63 °F).
const CAUTION = 1
const us = resolvePreferences({ language: "en", distanceUnits: "mi", speedUnits: "mph" })
const european = resolvePreferences({ language: "en", distanceUnits: "nm", speedUnits: "kts" })

describe("rain and heights in the reader's units, built-in and language-model paths alike", () => {
  it("the built-in text writes in/h, ft and °F for a US reader; mm/h, m and °C otherwise", () => {
    const usText = BuiltinAnalyst.writeDay(input(us), CAUTION)
    assert.include(usText, "0.14 in/h", usText)
    assert.include(usText, "3.4 ft", usText)
    assert.include(usText, "63°F", usText)
    assert.notInclude(usText, "mm/h", usText)
    const euText = BuiltinAnalyst.writeDay(input(european), CAUTION)
    assert.include(euText, "3.6 mm/h", euText)
    assert.include(euText, "1 m", euText)
    assert.notMatch(euText, /\d ft\b/, euText)
    assert.notInclude(euText, "in/h", euText)
  })

  it("the model is given the rain already in in/h, and its text may not quote mm/h instead", () => {
    const given = JSON.stringify(facts(input(us)).days[CAUTION])
    assert.include(given, `"precipitation_rate":{"value":0.14,"unit":"in/h"}`, given)
    assert.notInclude(given, "mm/h", given)

    const floor = dayFacts(input(us), CAUTION, "CAUTION")
    assert.include(floor.units, "inh")
    const inches = "CAUTION: wind 18.8 mph gusting 25 mph, seas 3.4 ft, 80% chance of rain (0.14 in/h)."
    assert.notInclude(checkText(inches, floor).map((r) => r.reason), "wrong_units", inches)
    const millimetres = "CAUTION: wind 18.8 mph gusting 25 mph, seas 3.4 ft, 80% chance of rain (3.6 mm/h)."
    assert.include(checkText(millimetres, floor).map((r) => r.reason), "wrong_units", millimetres)

    const metric = dayFacts(input(european), CAUTION, "CAUTION")
    const feet = "CAUTION: wind 16.3 kt gusting 21.7 kt, seas 3.4 ft, 80% chance of rain (3.6 mm/h)."
    assert.include(checkText(feet, metric).map((r) => r.reason), "wrong_units", feet)
  })
})
