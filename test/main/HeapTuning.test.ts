import { assert, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { sizedByOperator, YOUNG_GENERATION_BYTES } from "../../src/main/HeapTuning.js"

const tuning = fileURLToPath(new URL("../../dist/main/HeapTuning.js", import.meta.url))

/**
 * A fresh Node process that tunes its heap as `bin.js` does (with `nodeOptions` as its node options), idles
 * past start-up (or says at once that it is up, `serve`'s way), then allocates with many survivors, never
 * idle; prints its young generation's size in bytes.
 */
const youngGenerationAfterLoad = (nodeOptions: ReadonlyArray<string>, start: "idle" | "up" = "idle"): number => {
  const script = `
    const { startUpOver, tuneHeap, youngGenerationBytes } = await import(${JSON.stringify(tuning)})
    tuneHeap(process.execArgv, undefined)
    ${start === "idle" ? "await new Promise((r) => setTimeout(r, 1000))" : "startUpOver()"}
    let live = []
    for (let turn = 0; turn < 400; turn++) {
      for (let i = 0; i < 2000; i++) live.push({ turn, i, tags: [turn, i] })
      if (live.length > 60000) live = live.slice(30000)
      await new Promise((r) => setImmediate(r))
    }
    console.log(youngGenerationBytes())
  `
  return Number(execFileSync(process.execPath, [...nodeOptions, "--input-type=module", "-e", script], { encoding: "utf8" }))
}

describe("HeapTuning", () => {
  it("leaves to the operator what node options or NODE_OPTIONS size", () => {
    assert.deepStrictEqual(sizedByOperator([], undefined), { youngGeneration: false, oldGeneration: false })
    assert.deepStrictEqual(sizedByOperator(["--max-semi-space-size=16"], undefined), { youngGeneration: true, oldGeneration: false })
    assert.deepStrictEqual(sizedByOperator([], "--enable-source-maps --heap-growing-percent=100"), { youngGeneration: false, oldGeneration: true })
    assert.deepStrictEqual(sizedByOperator(["--semi-space-growth-factor=2"], "--heap-growing-percent=0"), { youngGeneration: true, oldGeneration: true })
  })

  it("lets the young generation grow under load up to its cap, and no further", () => {
    assert.strictEqual(youngGenerationAfterLoad([]), YOUNG_GENERATION_BYTES)
  })

  it("lets it grow as soon as the process says it is up, busy from its first moment (a worker started on a backlog)", () => {
    assert.strictEqual(youngGenerationAfterLoad([], "up"), YOUNG_GENERATION_BYTES)
  })

  it("lets V8 grow it past the cap when the operator sized it", () => {
    assert.isAbove(youngGenerationAfterLoad(["--max-semi-space-size=16"]), YOUNG_GENERATION_BYTES)
  })
})
