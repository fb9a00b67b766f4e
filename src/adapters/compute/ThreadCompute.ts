import * as WorkerThreads from "node:worker_threads"
import type { WorkerError } from "@effect/platform"
import * as Worker from "@effect/platform/Worker"
import * as NodeWorker from "@effect/platform-node/NodeWorker"
import { Duration, Effect, Layer, type ParseResult, Scope } from "effect"
import {
  AnalyzeRoute,
  ComputePool,
  type ComputePoolShape,
  type ComputeTask,
  FinishForecast,
  JudgeForecast,
  SimulateWeather,
  WriteForecast
} from "../../ports/ComputePool.js"

export interface ThreadOptions {
  /** Threads in the pool; each runs one step at a time, so at most this many steps run at once. */
  readonly threads: number
  /** The compute thread's entry module (it answers `ComputeTask` messages). */
  readonly script: URL
  /** Called with each thread started (tests watch the threads through it). */
  readonly onSpawn?: (thread: WorkerThreads.Worker) => void
}

/** How long a compute thread with nothing to do is kept before it stops. */
const IDLE_THREAD_LIFETIME = Duration.minutes(1)

/**
 * The steps on a pool of worker threads, off the request loop: each request is Schema-encoded, sent to
 * a free thread, and its answer decoded; requests beyond the pool's threads wait for one. A step that
 * dies in the thread, or a thread that is lost, dies here (the caller's failure policy decides); the
 * lost thread is replaced. Closing the scope terminates the threads.
 */
export const make = (options: ThreadOptions): Effect.Effect<ComputePoolShape, never, Scope.Scope> =>
  Effect.gen(function*() {
    const scope = yield* Effect.scope
    // Threads start when there is work and stop after a minute without: each is a V8 instance of its
    // own (about 50 MB of RSS), which a process serving only reads should not carry. The pool itself is
    // made on the first step, not here: making it starts a thread at once (to report a spawn error).
    const makePool = Worker.makePoolSerialized<ComputeTask>({
      minSize: 0,
      maxSize: Math.max(1, options.threads),
      concurrency: 1,
      timeToLive: IDLE_THREAD_LIFETIME
    }).pipe(
      Effect.provide(NodeWorker.layer(() => {
        // A small young generation, as the main thread's (src/main/HeapTuning.ts): a step allocates in
        // short bursts, and V8's default lets each thread's nursery grow to tens of MB of RSS.
        const thread = new WorkerThreads.Worker(options.script, { resourceLimits: { maxYoungGenerationSizeMb: 8 } })
        options.onSpawn?.(thread)
        return thread
      })),
      Effect.orDie,
      // Its threads belong to the pool's scope: closing it terminates them, however late they started.
      Scope.extend(scope)
    )
    const pool = yield* Effect.cached(makePool)
    // The transport's own errors (a lost thread, a message that does not decode) are defects here.
    type Transport = WorkerError.WorkerError | ParseResult.ParseError
    const isTransport = (e: unknown): e is Transport =>
      typeof e === "object" && e !== null && "_tag" in e && (e._tag === "WorkerError" || e._tag === "ParseError")
    const run = <A, E>(step: Effect.Effect<A, E | Transport>): Effect.Effect<A, Exclude<E, Transport>> =>
      Effect.catchIf(step, isTransport, Effect.die) as Effect.Effect<A, Exclude<E, Transport>>
    return {
      judgeForecast: (input) => run(Effect.flatMap(pool, (p) => p.executeEffect(new JudgeForecast({ input })))),
      writeForecast: (input) => run(Effect.flatMap(pool, (p) => p.executeEffect(new WriteForecast({ input })))),
      finishForecast: (input) => run(Effect.flatMap(pool, (p) => p.executeEffect(new FinishForecast({ input })))),
      analyzeRoute: (route, cells, zones) =>
        run(Effect.flatMap(pool, (p) => p.executeEffect(new AnalyzeRoute({ route, cells, ...(zones === undefined ? {} : { zones }) })))),
      simulateWeather: (input) => run(Effect.flatMap(pool, (p) => p.executeEffect(new SimulateWeather({ input }))))
    }
  })

export const layer = (options: ThreadOptions): Layer.Layer<ComputePool> => Layer.scoped(ComputePool, make(options))
