import { assert, describe, it } from "@effect/vitest"
import { Either, FastCheck as fc } from "effect"
import { initialLifecycle, type Lifecycle, LifecycleEvent, transition } from "../../../src/domain/forecast/ForecastLifecycle.js"

const event = fc.oneof(
  fc.constantFrom("pending", "fetching_weather", "processing_data", "ai_analysis").map((stage) =>
    LifecycleEvent.Advance({ stage: stage as "pending" })
  ),
  fc.constant(LifecycleEvent.Complete()),
  fc.constant(LifecycleEvent.Fail({ error: { code: "processing_failed", message: "x" } }))
)

describe("ForecastLifecycle", () => {
  it("walks the stages of the contract's table", () => {
    let state: Lifecycle = initialLifecycle
    assert.deepStrictEqual(state, { status: "processing", progress: { stage: "pending", percentage: 0 } })
    for (const [stage, percentage] of [["fetching_weather", 25], ["processing_data", 50], ["ai_analysis", 75]] as const) {
      state = Either.getOrThrow(transition(state, LifecycleEvent.Advance({ stage })))
      assert.deepStrictEqual(state.progress, { stage, percentage })
    }
    state = Either.getOrThrow(transition(state, LifecycleEvent.Complete()))
    assert.deepStrictEqual(state, { status: "completed", progress: { stage: "completed", percentage: 100 } })
  })

  it("keeps the progress at which a forecast failed", () => {
    const midway = Either.getOrThrow(transition(initialLifecycle, LifecycleEvent.Advance({ stage: "processing_data" })))
    const failed = Either.getOrThrow(
      transition(midway, LifecycleEvent.Fail({ error: { code: "weather_data_unavailable", message: "x" } }))
    )
    assert.deepStrictEqual(failed, { status: "failed", progress: { stage: "processing_data", percentage: 50 } })
  })

  it("refuses every event on a finished forecast with a typed error", () => {
    const done = Either.getOrThrow(transition(initialLifecycle, LifecycleEvent.Complete()))
    const result = transition(done, LifecycleEvent.Advance({ stage: "fetching_weather" }))
    assert.isTrue(Either.isLeft(result))
    if (Either.isLeft(result)) assert.strictEqual(result.left._tag, "IllegalTransition")
  })

  it.prop(
    "random event sequences never leave a terminal state and never lower the percentage",
    [fc.array(event, { maxLength: 30 })],
    ([events]) => {
      let state: Lifecycle = initialLifecycle
      let finished: Lifecycle | undefined
      for (const e of events) {
        const next = transition(state, e)
        if (finished !== undefined) {
          assert.isTrue(Either.isLeft(next), "a terminal state accepted an event")
          continue
        }
        const after = Either.getOrThrow(next)
        assert.isAtLeast(after.progress.percentage, state.progress.percentage)
        if (after.status === "completed" || after.status === "failed") finished = after
        state = after
      }
      if (finished !== undefined) assert.deepStrictEqual(state, finished)
    }
  )
})
