import { NodeHttpClient } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Layer, Metric, Option, Ref } from "effect"
import * as LlmAnalyst from "../../../src/adapters/analyst/LlmAnalyst.js"
import * as Prometheus from "../../../src/adapters/http/observability/Prometheus.js"
import type { LlmOptions } from "../../../src/adapters/analyst/LlmOptions.js"
import { Analyst, type AnalystInput } from "../../../src/ports/Analyst.js"
import { fakeModel, type Style } from "./LlmFake.js"
import { builtinLayer, captureLogs, D1, D2, input } from "./LlmSupport.js"

/**
 * The text floor end to end: a loopback model server answers, the LLM analyst (over a recognisable
 * built-in double) keeps or replaces each text. LlmSupport's input: a GO day (D1, 08:00-14:00, wind 8 kt
 * = 9.2 mph) and an AVOID day for wind (D2, 09:00-15:00, wind 30 kt = 34.5 mph, gusts 40 kt = 46 mph),
 * in English with mph and km.
 */
const run = (style: Style, answer: unknown, given: AnalystInput = input()) =>
  Effect.gen(function*() {
    const server = yield* fakeModel(style, () => ({ text: JSON.stringify(answer) }))
    const builtinCalls = yield* Ref.make(0)
    const logs = captureLogs()
    const options: LlmOptions = { provider: style, baseUrl: server.baseUrl, apiKey: Option.none(), model: "test-model", timeout: Duration.seconds(5), retries: 1 }
    const analysis = yield* Effect.flatMap(Analyst, (a) => a.analyze(given)).pipe(
      Effect.provide(LlmAnalyst.layer(options, builtinLayer(builtinCalls)).pipe(Layer.provide(NodeHttpClient.layerUndici))),
      Effect.provide(logs.layer)
    )
    return { analysis, builtinCalls: yield* Ref.get(builtinCalls), logs: logs.lines, calls: server.calls.length }
  })

const counted = (reason: string, text: "day" | "summary") =>
  Metric.value(Metric.tagged(Metric.tagged(LlmAnalyst.textRejectionsTotal, "reason", reason), "text", text)).pipe(
    Effect.map((state) => state.count)
  )

const goodDay1 = { date: D1, classification: "GO" as const, summary: "Light winds of 9.2 mph between 08:00 and 14:00: a good sail." }
const goodDay2 = { date: D2, classification: "AVOID" as const, summary: "Gale: sustained winds of 34.5 mph and gusts to 46 mph. Stay in port." }
const goodSummary = "Monday is the day to sail; on Tuesday the wind reaches 34.5 mph."

for (const style of ["openai", "openai-compatible"] as const) {
  describe(`LlmAnalyst text floor, ${style} style`, () => {
    it.scopedLive("the issue's example on an AVOID day: refused, the built-in text kept, logged and counted", () =>
      Effect.gen(function*() {
        const before = yield* counted("reassuring", "day")
        const beforeUnits = yield* counted("wrong_units", "day")
        const answer = {
          summary: goodSummary,
          days: [goodDay1, { date: D2, classification: "AVOID", summary: "Flat calm, 2 kt of wind, perfectly safe for your boat: go and enjoy!" }]
        }
        const { analysis, builtinCalls, logs } = yield* run(style, answer)
        assert.strictEqual(builtinCalls, 1)
        assert.deepStrictEqual(analysis.daily_classifications, [
          goodDay1,
          { date: D2, classification: "AVOID", summary: `Built-in text for ${D2}.` }
        ])
        assert.strictEqual(analysis.summary, goodSummary)
        assert.strictEqual((yield* counted("reassuring", "day")) - before, 1)
        assert.strictEqual((yield* counted("wrong_units", "day")) - beforeUnits, 1)
        // What /metrics renders (the HTTP adapter renders every metric of the process).
        const exposition = Prometheus.render(yield* Prometheus.scrape)
        assert.match(exposition, /# TYPE spotcast_llm_text_rejections_total counter/)
        assert.match(exposition, /spotcast_llm_text_rejections_total\{[^}]*reason="reassuring"[^}]*\} \d+/)
        const warning = logs.find((l) => l.includes("text floor refused"))
        assert.isDefined(warning)
        assert.include(warning!, D2)
        assert.include(warning!, "reassuring")
      }))

    it.scopedLive("a good model text is kept whole: the floor is not vacuous", () =>
      Effect.gen(function*() {
        const answer = { summary: goodSummary, days: [goodDay1, goodDay2] }
        const { analysis, builtinCalls, logs } = yield* run(style, answer)
        assert.strictEqual(builtinCalls, 0)
        assert.deepStrictEqual(analysis, { summary: goodSummary, daily_classifications: [goodDay1, goodDay2] })
        assert.isUndefined(logs.find((l) => l.includes("text floor refused")))
      }))

    it.scopedLive("invented numbers in a GO day and in the summary: both replaced", () =>
      Effect.gen(function*() {
        const before = yield* counted("invented_number", "summary")
        const answer = {
          summary: "Winds of 5 to 60 mph over the next 3 days.",
          days: [{ ...goodDay1, summary: "Light winds of 9.2 mph, waves of 0.3 m and 25 °C water." }, goodDay2]
        }
        const { analysis } = yield* run(style, answer)
        assert.strictEqual(analysis.summary, "Built-in summary.")
        assert.strictEqual(analysis.daily_classifications[0]!.summary, `Built-in text for ${D1}.`)
        assert.strictEqual(analysis.daily_classifications[1]!.summary, goodDay2.summary)
        assert.strictEqual((yield* counted("invented_number", "summary")) - before, 1)
      }))

    it.scopedLive("English text for a Japanese request: every text replaced", () =>
      Effect.gen(function*() {
        const before = yield* counted("wrong_language", "day")
        const given = input({ preferences: { language: "ja", distanceUnits: "km", speedUnits: "mph", heightUnits: "m", temperatureUnits: "c" } })
        const { analysis } = yield* run(style, { summary: goodSummary, days: [goodDay1, goodDay2] }, given)
        assert.deepStrictEqual(analysis, {
          summary: "Built-in summary.",
          daily_classifications: [
            { date: D1, classification: "GO", summary: `Built-in text for ${D1}.` },
            { date: D2, classification: "AVOID", summary: `Built-in text for ${D2}.` }
          ]
        })
        assert.strictEqual((yield* counted("wrong_language", "day")) - before, 2)
      }))

    it.scopedLive("the same facts written in Japanese are kept", () =>
      Effect.gen(function*() {
        const given = input({ preferences: { language: "ja", distanceUnits: "km", speedUnits: "mph", heightUnits: "m", temperatureUnits: "c" } })
        const answer = {
          summary: "11月23日は出航できますが、11月24日は風速34.5mphの強風です。",
          days: [
            { date: D1, classification: "GO" as const, summary: "風速9.2mphの穏やかな風です（8時〜14時）。" },
            { date: D2, classification: "AVOID" as const, summary: "平均風速34.5mph、最大瞬間風速46mphの強風です。港にとどまってください。" }
          ]
        }
        const { analysis, builtinCalls } = yield* run(style, answer, given)
        assert.strictEqual(builtinCalls, 0)
        assert.deepStrictEqual(analysis, { summary: answer.summary, daily_classifications: answer.days })
      }))
  })
}
