import { NodeHttpClient } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Layer, Option, Redacted, Ref } from "effect"
import * as LlmAnalyst from "../../../src/adapters/analyst/LlmAnalyst.js"
import type { LlmOptions } from "../../../src/adapters/analyst/LlmOptions.js"
import { Analyst, type AnalystInput } from "../../../src/ports/Analyst.js"
import { fakeModel, type ModelReply, pathOf, type Style } from "./LlmFake.js"
import { simulatedNotice } from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { builtinLayer, captureLogs, D1, D2, input } from "./LlmSupport.js"

const KEY = "sk-test-4f9c2e7a1b8d6e3f0a5c"

const goodAnswer = JSON.stringify({
  summary: "Tuesday is fine, Wednesday is a gale.",
  days: [
    { date: D1, classification: "GO", summary: "Light winds of 9.2 mph: a good sail between 08:00 and 14:00." },
    { date: D2, classification: "AVOID", summary: "Gale: winds of 34.5 mph. Stay in port." }
  ]
})

interface Run {
  readonly style: Style
  readonly reply: (call: number, body: any) => ModelReply
  readonly input?: AnalystInput
  readonly timeout?: Duration.DurationInput
  readonly retries?: number
}

/** Analyzes one input through the adapter against a fake model server; returns what happened. */
const run = ({ input: given = input(), reply, retries = 1, style, timeout = Duration.seconds(5) }: Run) =>
  Effect.gen(function*() {
    const server = yield* fakeModel(style, reply)
    const builtinCalls = yield* Ref.make(0)
    const logs = captureLogs()
    const options: LlmOptions = { provider: style, baseUrl: server.baseUrl, apiKey: Option.some(Redacted.make(KEY)), model: "test-model", timeout, retries }
    const analysis = yield* Effect.flatMap(Analyst, (a) => a.analyze(given)).pipe(
      Effect.provide(LlmAnalyst.layer(options, builtinLayer(builtinCalls)).pipe(Layer.provide(NodeHttpClient.layerUndici))),
      Effect.provide(logs.layer)
    )
    return { analysis, calls: server.calls, builtinCalls: yield* Ref.get(builtinCalls), logs: logs.lines }
  })

const userFacts = (style: Style, body: any): any =>
  JSON.parse(
    style === "openai"
      ? body.input[1].content[0].text
      : style === "anthropic"
      ? body.messages[0].content[0].text
      : body.messages[1].content
  )

/** Each API style sends the key its own way. */
const assertKeySent = (style: Style, headers: Record<string, unknown>) =>
  style === "anthropic"
    ? assert.strictEqual(headers["x-api-key"], KEY)
    : assert.strictEqual(headers.authorization, `Bearer ${KEY}`)

for (const style of ["openai", "anthropic", "openai-compatible"] as const) {
  describe(`LlmAnalyst, ${style} style (${pathOf(style)})`, () => {
    it.scopedLive("good output: the model's classes and texts, from facts in the requested units", () =>
      Effect.gen(function*() {
        const { analysis, builtinCalls, calls } = yield* run({ style, reply: () => ({ text: goodAnswer }) })
        const written = JSON.parse(goodAnswer)
        assert.deepStrictEqual(analysis, { summary: written.summary, daily_classifications: written.days })
        assert.strictEqual(builtinCalls, 0)
        assert.strictEqual(calls.length, 1)
        const call = calls[0]!
        assert.strictEqual(call.path, pathOf(style))
        assertKeySent(style, call.headers)
        assert.strictEqual(call.body.model, "test-model")
        if (style === "openai") {
          assert.strictEqual(call.body.text.format.type, "json_schema")
          assert.strictEqual(call.body.text.format.name, "forecast_analysis")
          assert.deepStrictEqual(call.body.text.format.schema.required, ["summary", "days"])
        } else if (style === "anthropic") {
          // Structured output is the one tool the model must call; the instructions are the system prompt.
          assert.strictEqual(call.headers["anthropic-version"], "2023-06-01")
          assert.deepStrictEqual(call.body.tool_choice, { type: "tool", name: "forecast_analysis", disable_parallel_tool_use: true })
          assert.deepStrictEqual(call.body.tools[0].input_schema.required, ["summary", "days"])
          assert.deepStrictEqual(call.body.tools[0].input_schema.properties.days.items.properties.classification.enum, ["GO", "CAUTION", "AVOID"])
          assert.include(JSON.stringify(call.body.system), "Answer with one JSON object")
        } else {
          assert.deepStrictEqual(call.body.response_format, { type: "json_object" })
          assert.strictEqual(call.body.messages[0].role, "system")
        }
        // mph and km were asked for: 30 kt is 34.5 mph, 4 nm 7.4 km, a 30 ft boat 9.1 m, 1.5 ft seas 0.5 m.
        const facts = userFacts(style, call.body)
        assert.strictEqual(facts.language, "English")
        assert.deepStrictEqual(facts.vessel.length, { value: 9.1, unit: "m" })
        assert.deepStrictEqual(facts.days[1].conditions_in_window.wind_speed, { value: 34.5, unit: "mph" })
        assert.deepStrictEqual(facts.days[1].conditions_in_window.visibility, { value: 7.4, unit: "km" })
        assert.deepStrictEqual(facts.days[0].conditions_in_window.wave_height, { value: 0.5, unit: "m" })
        assert.strictEqual(facts.days[1].rules_classification, "AVOID")
        assert.strictEqual(facts.days[1].sea_state_available, false)
        assert.deepStrictEqual(facts.days[1].worse_outside_window, ["gust"])
        assert.strictEqual(facts.days[1].trip_window_local, "09:00-15:00")
      }))

    it.scopedLive("invalid JSON: one retry, then the built-in analysis", () =>
      Effect.gen(function*() {
        const { analysis, builtinCalls, calls } = yield* run({ style, reply: () => ({ text: `{"summary": "Tuesday is fi` }) })
        assert.strictEqual(calls.length, 2)
        assert.strictEqual(builtinCalls, 1)
        assert.strictEqual(analysis.summary, "Built-in summary.")
        assert.strictEqual(analysis.daily_classifications[1]!.summary, `Built-in text for ${D2}.`)
      }))

    it.scopedLive("a bad first answer, a good second: the retry's answer is used", () =>
      Effect.gen(function*() {
        const { analysis, builtinCalls, calls } = yield* run({
          style,
          reply: (n) => ({ text: n === 1 ? "I cannot answer in JSON." : goodAnswer })
        })
        assert.strictEqual(calls.length, 2)
        assert.strictEqual(builtinCalls, 0)
        assert.strictEqual(analysis.summary, "Tuesday is fine, Wednesday is a gale.")
      }))

    it.scopedLive("a class less severe than the rules': floored, and that day's text and the summary replaced", () =>
      Effect.gen(function*() {
        const lenient = JSON.stringify({
          summary: "Two lovely days on the water!",
          days: [
            { date: D1, classification: "CAUTION", summary: "Some chop later: keep an eye on it." },
            { date: D2, classification: "GO", summary: "Perfectly safe, enjoy the breeze." }
          ]
        })
        const { analysis, builtinCalls } = yield* run({ style, reply: () => ({ text: lenient }) })
        assert.strictEqual(builtinCalls, 1)
        const [calm, gale] = analysis.daily_classifications
        assert.strictEqual(gale!.classification, "AVOID")
        assert.strictEqual(gale!.summary, `Built-in text for ${D2}.`)
        assert.notInclude(gale!.summary, "safe")
        assert.strictEqual(analysis.summary, "Built-in summary.")
        // A model that is more careful than the rules keeps its class and words.
        assert.strictEqual(calm!.classification, "CAUTION")
        assert.strictEqual(calm!.summary, "Some chop later: keep an eye on it.")
      }))

    it.scopedLive("a schema mismatch or the wrong days fall back", () =>
      Effect.gen(function*() {
        const oneDay = JSON.stringify({ summary: "x", days: [{ date: D1, classification: "GO", summary: "y" }] })
        const wrongDate = JSON.stringify({
          summary: "x",
          days: [{ date: D1, classification: "GO", summary: "y" }, { date: "2026-11-30", classification: "AVOID", summary: "z" }]
        })
        const badClass = JSON.stringify({
          summary: "x",
          days: [{ date: D1, classification: "MAYBE", summary: "y" }, { date: D2, classification: "AVOID", summary: "z" }]
        })
        for (const text of [oneDay, wrongDate, badClass]) {
          const { analysis, calls } = yield* run({ style, reply: () => ({ text }) })
          assert.strictEqual(calls.length, 2)
          assert.strictEqual(analysis.summary, "Built-in summary.")
        }
      }))

    it.scopedLive("a timeout falls back (after one retry)", () =>
      Effect.gen(function*() {
        const { analysis, calls } = yield* run({ style, reply: () => ({ hang: true }), timeout: Duration.millis(200) })
        assert.strictEqual(calls.length, 2)
        assert.strictEqual(analysis.summary, "Built-in summary.")
      }))

    it.scopedLive("HTTP 500 falls back after one retry; the key is sent as bearer and never logged", () =>
      Effect.gen(function*() {
        const { analysis, calls, logs } = yield* run({
          style,
          reply: () => ({ status: 500, body: `{"error":{"message":"The server had an error","type":"server_error"}}` })
        })
        assert.strictEqual(calls.length, 2)
        for (const c of calls) assertKeySent(style, c.headers)
        assert.strictEqual(analysis.summary, "Built-in summary.")
        assert.isTrue(logs.some((l) => l.includes("LLM analysis failed")), "the fallback is logged")
        for (const line of logs) assert.notInclude(line, KEY)

        const ok = yield* run({ style, reply: () => ({ text: goodAnswer }) })
        for (const line of ok.logs) assert.notInclude(line, KEY)
      }))

    it.scopedLive("the configured retries: none, or two after the first failure", () =>
      Effect.gen(function*() {
        const bad = () => ({ status: 503, body: `{"error":{"message":"overloaded"}}` })
        assert.strictEqual((yield* run({ style, reply: bad, retries: 0 })).calls.length, 1)
        const twice = yield* run({ style, reply: bad, retries: 2 })
        assert.strictEqual(twice.calls.length, 3)
        assert.strictEqual(twice.analysis.summary, "Built-in summary.")
      }))

    it.scopedLive("simulated data: the model's summary says so", () =>
      Effect.gen(function*() {
        const { analysis } = yield* run({ style, reply: () => ({ text: goodAnswer }), input: input({ simulated: true }) })
        assert.isTrue(analysis.summary.startsWith(simulatedNotice("en")))
        assert.include(analysis.summary, "Tuesday is fine")
        for (const day of analysis.daily_classifications) assert.isTrue(day.summary.startsWith(simulatedNotice("en")))
      }))
  })
}

describe("LlmAnalyst against a chat-completions server's habits", () => {
  it.scopedLive("classes in another case and a fenced JSON block are accepted", () =>
    Effect.gen(function*() {
      const fenced = "```json\n" + goodAnswer.replace(`"AVOID"`, `"avoid"`) + "\n```"
      const { analysis, calls } = yield* run({ style: "openai-compatible", reply: () => ({ text: fenced }) })
      assert.strictEqual(calls.length, 1)
      assert.strictEqual(analysis.daily_classifications[1]!.classification, "AVOID")
    }))
})
