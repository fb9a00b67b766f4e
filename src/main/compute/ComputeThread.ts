/**
 * A compute thread's entry: answers `ComputeTask` messages with the pure steps, one at a time, until
 * the pool closes it. Started by `ThreadCompute` from the built `dist/main/compute/ComputeThread.js`.
 */
import { WorkerRunner } from "@effect/platform"
import { NodeRuntime, NodeWorkerRunner } from "@effect/platform-node"
import { Layer } from "effect"
import { stepEffects } from "../../adapters/compute/StepEffects.js"
import { ComputeTask } from "../../ports/ComputePool.js"
import { steps } from "./Steps.js"

const effects = stepEffects(steps)

WorkerRunner.layerSerialized(ComputeTask, {
  JudgeForecast: ({ input }) => effects.judgeForecast(input),
  WriteForecast: ({ input }) => effects.writeForecast(input),
  FinishForecast: ({ input }) => effects.finishForecast(input),
  AnalyzeRoute: ({ cells, route }) => effects.analyzeRoute(route, cells),
  SimulateWeather: ({ input }) => effects.simulateWeather(input)
}).pipe(Layer.provide(NodeWorkerRunner.layer), WorkerRunner.launch, NodeRuntime.runMain)
