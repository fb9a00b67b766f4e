/**
 * A compute thread's entry: answers `ComputeTask` messages with the pure steps, one at a time, until
 * the pool closes it. Started by `ThreadCompute` from the built `dist/main/compute/ComputeThread.js`.
 */
import { constants, setPriority } from "node:os"
// The modules themselves, not the packages' indexes: @effect/platform-node's index loads the HTTP server,
// the client and the rest, about 55 MB of RSS in every thread that never uses them.
import * as WorkerRunner from "@effect/platform/WorkerRunner"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as NodeWorkerRunner from "@effect/platform-node/NodeWorkerRunner"
import { Layer } from "effect"
import { stepEffects } from "../../adapters/compute/StepEffects.js"
import { ComputeTask } from "../../ports/ComputePool.js"
import { steps } from "./Steps.js"

const effects = stepEffects(steps)

// Below the request loop's priority: on a busy machine the kernel runs the thread answering requests
// first and the computation in what is left (on Linux the nice value is per thread). Where it cannot
// be lowered, the thread runs at the process's own priority.
try {
  setPriority(constants.priority.PRIORITY_BELOW_NORMAL)
} catch {
  // Not permitted here: the same priority as the process.
}

WorkerRunner.layerSerialized(ComputeTask, {
  JudgeForecast: ({ input }) => effects.judgeForecast(input),
  WriteForecast: ({ input }) => effects.writeForecast(input),
  FinishForecast: ({ input }) => effects.finishForecast(input),
  AnalyzeRoute: ({ cells, route, zones }) => effects.analyzeRoute(route, cells, zones),
  SimulateWeather: ({ input }) => effects.simulateWeather(input)
}).pipe(Layer.provide(NodeWorkerRunner.layer), WorkerRunner.launch, NodeRuntime.runMain)
