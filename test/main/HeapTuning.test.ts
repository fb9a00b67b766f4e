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

/**
 * A fresh Node process tuned for `role` that keeps a turning-over set of objects alive long enough to be
 * promoted (as a worker keeps its forecasts in flight); prints how many full collections it made.
 */
const fullCollections = (role: "worker" | "api"): number => {
  const script = `
    const { tuneHeap } = await import(${JSON.stringify(tuning)})
    const { PerformanceObserver, constants } = await import("node:perf_hooks")
    tuneHeap(process.execArgv, undefined, ${JSON.stringify(role)})
    let full = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++
    }).observe({ entryTypes: ["gc"] })
    const ring = new Array(200000)
    for (let i = 0; i < 4000000; i++) {
      ring[i % ring.length] = { i, tag: [i, i + 1], s: "x" + (i % 1000) }
      if (i % 100000 === 0) await new Promise((r) => setImmediate(r))
    }
    await new Promise((r) => setTimeout(r, 50))
    console.log(full)
  `
  return Number(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }))
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

  it("lets a worker's old generation grow twice as far before a full collection: fewer of them for the same promotions", () => {
    const worker = fullCollections("worker")
    const api = fullCollections("api")
    assert.isAbove(worker, 0)
    assert.isBelow(worker, api * 0.8, `worker ${worker}, api ${api}`)
  })

  it("lets V8 grow it past the cap when the operator sized it", () => {
    assert.isAbove(youngGenerationAfterLoad(["--max-semi-space-size=16"]), YOUNG_GENERATION_BYTES)
  })
})
