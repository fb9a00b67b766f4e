import { assert, describe, it } from "@effect/vitest"
import { sourceOf } from "../../../src/domain/forecast/ForecastExtras.js"
import type { Language } from "../../../src/domain/spotcast/Preferences.js"

const languages: ReadonlyArray<Language> = ["en", "es", "fr", "pt", "it", "ja"]
const simulated = { source: "simulated", utcOffsetSeconds: 0, hours: [] }

describe("a sandbox forecast's source.attribution", () => {
  it("is in the language asked, says it is no forecast, and credits no provider", () => {
    const said = languages.map((l) => sourceOf(simulated, l).attribution)
    assert.deepStrictEqual(said.slice(0, 1), ["Simulated weather for the sandbox: not a forecast"])
    assert.strictEqual(new Set(said).size, languages.length)
    const english = /\b(?:simulated|weather|for|the|not|forecast)\b/i
    for (const text of said.slice(1)) assert.notMatch(text, english, text)
    for (const l of languages) assert.deepStrictEqual(sourceOf(simulated, l).models, ["simulated"])
    assert.strictEqual(sourceOf(simulated).attribution, said[0])
  })
})
