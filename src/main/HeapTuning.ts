import { performance, PerformanceObserver } from "node:perf_hooks"
import * as v8 from "node:v8"
import type { Role } from "./Roles.js"

/**
 * The young generation SpotCast lets V8 grow to: two semi-spaces of 8 MB. V8 grows it to two of 16 MB on
 * a machine with much memory, 32 MB of RSS. Capped at 16 MB, RSS under the memory-storage GET load stays
 * near 180 MB and a Postgres GET costs about 10 % more CPU than uncapped; capped at 8 MB (tried first) RSS
 * fell another 10 MB but a Postgres GET, which allocates far more per request, cost 30 % more.
 */
export const YOUNG_GENERATION_BYTES = 16 * 1024 * 1024

/**
 * How far the old generation may grow past what the last full collection kept before the next one: 50 %.
 * V8 lets it grow up to 4 times on a machine with much memory, so under load it filled with garbage (the
 * process reached 350 MB); 1.5 times costs a full collection every few seconds of load, well under 1 % of CPU.
 */
export const HEAP_GROWING_PERCENT = 50

/**
 * A worker process's (`--role worker`): 100 %. Its old generation holds the forecasts in flight, which it
 * promotes at a steady rate, so at 50 % it made a full collection every half second of a backlog, whose
 * marking shares the worker's core: twice the room made 4–6 % more forecasts a second for about 20 MB of RSS
 * (docs/performance.md, "The pipeline: what each change bought").
 */
export const WORKER_HEAP_GROWING_PERCENT = 100

const YOUNG_GENERATION_FLAGS = /--(?:max-semi-space-size|min-semi-space-size|semi-space-growth-factor)\b/
const OLD_GENERATION_FLAGS = /--heap-growing-percent\b/

/** Which parts of the heap whoever started Node sized already, in node options or NODE_OPTIONS. */
export const sizedByOperator = (execArgv: ReadonlyArray<string>, nodeOptions: string | undefined) => {
  const given = [...execArgv, nodeOptions ?? ""].join(" ")
  return { youngGeneration: YOUNG_GENERATION_FLAGS.test(given), oldGeneration: OLD_GENERATION_FLAGS.test(given) }
}

/**
 * SpotCast's heap sizing for a process of `role` (a plain `serve` line's; the default otherwise), unless
 * whoever started Node chose it already (node options or NODE_OPTIONS): a flag given there leaves that
 * part to V8 and the operator. Call it before the program's modules load.
 * Start-up (loading the modules, building the server) allocates in long synchronous runs in which the
 * young generation would grow past any cap before a watch on collections could run, so it is held at its
 * first size until start-up is over: `startUpOver()` (the process is up), else the event loop less than
 * half busy for 250 ms, or 10 s.
 */
export const tuneHeap = (execArgv: ReadonlyArray<string>, nodeOptions: string | undefined, role?: Role): void => {
  const sized = sizedByOperator(execArgv, nodeOptions)
  // Read at each full collection, so setting it now holds from the first one on.
  if (!sized.oldGeneration) {
    v8.setFlagsFromString(`--heap-growing-percent=${role === "worker" ? WORKER_HEAP_GROWING_PERCENT : HEAP_GROWING_PERCENT}`)
  }
  if (sized.youngGeneration) return
  v8.setFlagsFromString("--semi-space-growth-factor=1")
  afterStartUp(() => void capYoungGeneration(YOUNG_GENERATION_BYTES))
}

/** What ends the start-up hold early (`startUpOver`), while it holds. */
let endHold: (() => void) | undefined

/**
 * Says that start-up is over (the process is built and serving), so that the young generation may grow
 * now. Without it a worker started with a backlog is never less than half idle: it ran its first 10 s
 * with a young generation of 1 MB, collected every few ms, and promoted most of its forecasts in flight
 * (docs/performance.md, "The pipeline: what each change bought"). Does nothing when nothing is held.
 */
export const startUpOver = (): void => endHold?.()

/**
 * Calls `then` once the event loop has been less than half busy for 250 ms, after 10 s at the latest, or
 * at `startUpOver()`, whichever comes first.
 */
const afterStartUp = (then: () => void) => {
  const started = performance.now()
  let last = performance.eventLoopUtilization()
  const end = () => {
    clearInterval(timer)
    endHold = undefined
    then()
  }
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization()
    const busy = performance.eventLoopUtilization(now, last).utilization
    last = now
    if (busy < 0.5 || performance.now() - started > 10_000) end()
  }, 250)
  timer.unref()
  endHold = end
}

export const youngGenerationBytes = (): number =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0

/**
 * Keeps V8's young generation at most `bytes`, from inside the process so that it holds however SpotCast
 * is started. `--max-semi-space-size` is read only when the heap is made, but the growth factor is read at
 * each growth: after every garbage collection it is 2 while the young generation is below `bytes` and 1
 * (no growth) once it is there; V8 still shrinks it when idle, and it grows back the same way.
 * Returns a function that stops the watch and gives V8 its default back.
 */
export const capYoungGeneration = (bytes: number): () => void => {
  let growing: boolean | undefined
  const settle = () => {
    const grow = youngGenerationBytes() < bytes
    if (grow !== growing) {
      growing = grow
      v8.setFlagsFromString(`--semi-space-growth-factor=${grow ? 2 : 1}`)
    }
  }
  const observer = new PerformanceObserver(settle)
  observer.observe({ entryTypes: ["gc"] })
  settle()
  return () => {
    observer.disconnect()
    v8.setFlagsFromString("--semi-space-growth-factor=2")
  }
}
