import { assert, describe, it } from "@effect/vitest"
import { DateTime, Either, FastCheck as fc } from "effect"
import type { Analysis } from "../../../src/domain/forecast/Analysis.js"
import type { Forecast } from "../../../src/domain/forecast/Forecast.js"
import {
  advanced,
  completed,
  failed,
  initialLifecycle,
  type Lifecycle,
  LifecycleEvent,
  transition
} from "../../../src/domain/forecast/ForecastLifecycle.js"
import type { WebhookUrl } from "../../../src/domain/webhook/WebhookUrl.js"
import { accountId, forecastId, spotCastId } from "../../support/TestIds.js"

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

const made = DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8))
const at = DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8, 0, 42))
const forecast: Forecast = {
  id: forecastId(1),
  spotcastId: spotCastId(1),
  accountId: accountId(1),
  createdAt: made,
  webhookUrl: "https://hooks.example.com/x" as WebhookUrl,
  ...initialLifecycle
}
const analysis: Analysis = {
  summary: "Calm.",
  daily_classifications: [{ date: "2026-03-02", classification: "GO", summary: "Light winds." }]
}
const error = { code: "weather_data_unavailable", message: "no data" } as const

describe("finishing a forecast", () => {
  it("completed: status, full progress, the time and the analysis; everything else as it was", () => {
    const midway = Either.getOrThrow(advanced(forecast, "ai_analysis"))
    assert.deepStrictEqual(Either.getOrThrow(completed(midway, analysis, at)), {
      ...forecast,
      status: "completed",
      progress: { stage: "completed", percentage: 100 },
      completedAt: at,
      analysis
    })
  })

  it("failed: status, the time and the error, at the progress the work had reached", () => {
    const midway = Either.getOrThrow(advanced(forecast, "fetching_weather"))
    assert.deepStrictEqual(Either.getOrThrow(failed(midway, error, at)), {
      ...forecast,
      status: "failed",
      progress: { stage: "fetching_weather", percentage: 25 },
      failedAt: at,
      error
    })
  })

  it("a finished forecast refuses to finish again or advance: a late worker changes nothing", () => {
    for (const done of [completed(forecast, analysis, at), failed(forecast, error, at)].map(Either.getOrThrow)) {
      assert.isTrue(Either.isLeft(completed(done, analysis, at)))
      assert.isTrue(Either.isLeft(failed(done, error, at)))
      assert.isTrue(Either.isLeft(advanced(done, "ai_analysis")))
    }
  })

  it("advanced never goes back: a stage at or below the current one keeps the forecast as it is", () => {
    const midway = Either.getOrThrow(advanced(forecast, "processing_data"))
    assert.deepStrictEqual(midway.progress, { stage: "processing_data", percentage: 50 })
    assert.deepStrictEqual(Either.getOrThrow(advanced(midway, "fetching_weather")), midway)
  })
})
