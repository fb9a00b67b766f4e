import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import { scenarioFile } from "../../domain/safety/Scenarios.js"

const bin = fileURLToPath(new URL("../../../dist/main/bin.js", import.meta.url))

/** The built `spotcast` binary (vitest's global setup compiles it before the run). */
const classify = (stdin: string) => spawnSync(process.execPath, [bin, "classify"], { input: stdin, encoding: "utf8", timeout: 20_000 })

describe("spotcast classify (the built CLI)", () => {
  it("classifies all 58 scenario rows in one run, in order, each as expected", () => {
    const run = classify(JSON.stringify(scenarioFile.scenarios.map((s) => ({ vessel: s.vessel, day: s.day }))))
    assert.strictEqual(run.status, 0, run.stderr)
    const out = JSON.parse(run.stdout) as Array<{ classification: string; reasons: Array<{ factor: string; classification: string; detail: string }> }>
    assert.strictEqual(out.length, scenarioFile.scenarios.length) // the 58 sample days of docs/safety.md plus the ISS11- rows
    scenarioFile.scenarios.forEach((s, i) => {
      assert.strictEqual(out[i]!.classification, s.expected, `${s.id}: ${s.reason}`)
      assert.isArray(out[i]!.reasons)
    })
  })

  it("exits non-zero with the index and field on stderr for bad input, and prints nothing on stdout", () => {
    const run = classify(JSON.stringify([{ vessel: null, day: scenarioFile.scenarios[0]!.day }, { vessel: { type: "canoe", length_ft: 12 }, day: {} }]))
    assert.notStrictEqual(run.status, 0)
    assert.include(run.stderr, "[1].vessel.type")
    assert.include(run.stderr, "[1].day.wind_speed_kt")
    assert.strictEqual(run.stdout.trim(), "")
    const notJson = classify("not json")
    assert.notStrictEqual(notJson.status, 0)
    assert.include(notJson.stderr, "not valid JSON")
  })
})
