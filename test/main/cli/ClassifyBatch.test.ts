import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { classifyDay } from "../../../src/domain/safety/ClassifyDay.js"
import { classifyBatch, classifyBatchJson } from "../../../src/main/cli/ClassifyBatch.js"
import { scenarioFile } from "../../domain/safety/Scenarios.js"

const problems = (result: ReturnType<typeof classifyBatch>): ReadonlyArray<string> =>
  Either.isLeft(result) ? result.left.problems : assert.fail("expected the input to be refused")

describe("classifyBatch", () => {
  it("classifies every scenario row in order, as classifyDay does, ignoring extra keys per entry", () => {
    const out = Either.getOrThrow(classifyBatch(scenarioFile.scenarios))
    assert.strictEqual(out.length, scenarioFile.scenarios.length)
    scenarioFile.scenarios.forEach((s, i) => {
      assert.strictEqual(out[i]!.classification, s.expected, s.id)
      const vessel = s.vessel === null ? undefined : { type: s.vessel.type, lengthFt: s.vessel.length_ft }
      assert.deepStrictEqual(out[i], classifyDay(s.day, vessel))
    })
  })

  it("takes a missing or null vessel as the default 20 ft power boat", () => {
    const day = scenarioFile.scenarios.find((s) => s.id === "SAF-039")!.day
    const out = Either.getOrThrow(classifyBatch([{ day }, { vessel: null, day }, { vessel: { type: "powerBoat", length_ft: 20 }, day }]))
    assert.deepStrictEqual(out[0], out[2])
    assert.deepStrictEqual(out[1], out[2])
  })

  it("knows issue 11's factors: daylight and hours in the dark (0-24 h), freezing spray from the temperatures", () => {
    const day = scenarioFile.scenarios.find((s) => s.id === "SAF-039")!.day
    const out = Either.getOrThrow(classifyBatch([
      { vessel: null, day: { ...day, daylight_hours: 0, dark_hours: 4 } },
      { vessel: { type: "yacht", length_ft: 300 }, day: { ...day, wind_speed_kt: 30, wind_gust_kt: 38, air_temp_c: -12, water_temp_c: 0 } }
    ]))
    assert.strictEqual(out[0]!.classification, "AVOID")
    assert.strictEqual(out[0]!.reasons[0]!.factor, "darkness")
    assert.strictEqual(out[1]!.classification, "AVOID")
    assert.strictEqual(out[1]!.reasons[0]!.factor, "freezing_spray")
    const text = problems(classifyBatch([{ day: { ...day, daylight_hours: 25 } }, { day: { ...day, dark_hours: -1 } }])).join("\n")
    assert.include(text, "[0].day.daylight_hours")
    assert.include(text, "[1].day.dark_hours")
  })

  it("names the index and field of every bad value", () => {
    const day = scenarioFile.scenarios[0]!.day
    const found = problems(
      classifyBatch([
        { vessel: null, day },
        { vessel: { type: "canoe", length_ft: 12 }, day },
        { vessel: null, day: { ...day, wind_speed_kt: "fast" } },
        { vessel: { type: "pwc", length_ft: 0 }, day: { ...day, wave_heigth_ft: 2 } },
        { vessel: null, day: { wind_gust_kt: 3, wind_direction_deg: 0, visibility_nm: -1 } }
      ])
    )
    const text = found.join("\n")
    for (const path of ["[1].vessel.type", "[2].day.wind_speed_kt", "[3].vessel.length_ft", "[3].day.wave_heigth_ft", "[4].day.wind_speed_kt", "[4].day.visibility_nm"]) {
      assert.include(text, `${path}:`)
    }
    assert.notInclude(text, "[0]")
  })

  it("refuses what is not an array of entries, and text that is not JSON", () => {
    assert.include(problems(classifyBatch({ vessel: null })).join(), "input:")
    assert.include(problems(classifyBatch([1])).join(), "[0]:")
    const json = classifyBatchJson("[{")
    assert.isTrue(Either.isLeft(json))
    assert.include(Either.isLeft(json) ? json.left.message : "", "not valid JSON")
    assert.deepStrictEqual(Either.getOrThrow(classifyBatchJson("[]")), [])
  })
})
