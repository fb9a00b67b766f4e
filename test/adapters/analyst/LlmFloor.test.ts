import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Either, FastCheck as fc, Ref } from "effect"
import { type Classification, mostSevere, severityOf } from "../../../src/domain/forecast/Analysis.js"
import type { DayAssessment } from "../../../src/domain/safety/Assessment.js"
import * as LlmAnalyst from "../../../src/adapters/analyst/LlmAnalyst.js"
import { reviewOutput } from "../../../src/adapters/analyst/LlmFloor.js"
import { applySafetyFloor } from "../../../src/domain/safety/SafetyFloor.js"
import type { LlmOutput } from "../../../src/adapters/analyst/LlmOutput.js"
import { builtinDouble, calmDay, input, NOTICE, simulatedNotice } from "./LlmSupport.js"

const cls = fc.constantFrom<Classification>("GO", "CAUTION", "AVOID")
const pairs = fc.array(fc.tuple(cls, cls), { minLength: 1, maxLength: 5 })

const daysOf = (rules: ReadonlyArray<Classification>): Array<DayAssessment> =>
  rules.map((c, i) => ({ ...calmDay, date: `2026-11-${String(10 + i)}`, classification: c }))

/** Model texts that pass the text floor (the facts' wind, in the requested mph, in English), told apart by a letter. */
const modelText = (i: number) => `Model text ${"ABCDE"[i]}: the wind is 9.2 mph.`
const MODEL_SUMMARY = "Model summary: the wind is 9.2 mph on each day."

const outputOf = (days: ReadonlyArray<DayAssessment>, model: ReadonlyArray<Classification>): LlmOutput => ({
  summary: MODEL_SUMMARY,
  days: days.map((d, i) => ({ date: d.date, classification: model[i]!, summary: modelText(i) }))
})

describe("the LLM safety floor", () => {
  it.prop("never lowers a class: each day gets the more severe of the rules' and the model's", [pairs], ([ps]) => {
    const days = daysOf(ps.map((p) => p[0]))
    const reviewed = Either.getOrThrow(reviewOutput(days, outputOf(days, ps.map((p) => p[1]))))
    const floored = { ...reviewed, analysis: Either.getOrThrow(applySafetyFloor(days, reviewed.analysis)) }
    for (const [i, [rules, model]] of ps.entries()) {
      const final = floored.analysis.daily_classifications[i]!.classification
      assert.strictEqual(final, mostSevere(rules, model))
      assert.isAtLeast(severityOf(final), severityOf(rules))
      assert.strictEqual(floored.understated.includes(i), severityOf(model) < severityOf(rules))
    }
  })

  it.effect.prop("through the adapter: never below the rules, understated days carry the built-in text, simulated data says so", [pairs, fc.boolean()], ([ps, simulated]) =>
    Effect.gen(function*() {
      const days = daysOf(ps.map((p) => p[0]))
      const calls = yield* Ref.make(0)
      const analyst = LlmAnalyst.make(() => Effect.succeed(outputOf(days, ps.map((p) => p[1]))), builtinDouble(calls), {
        timeout: Duration.seconds(1),
        retries: 1,
        provider: "stub",
        model: "stub",
        simulatedNotice
      })
      const analysis = yield* analyst.analyze(input({ days, simulated }))
      const anyUnderstated = ps.some(([rules, model]) => severityOf(model) < severityOf(rules))
      for (const [i, [rules, model]] of ps.entries()) {
        const day = analysis.daily_classifications[i]!
        assert.isAtLeast(severityOf(day.classification), severityOf(rules))
        if (severityOf(model) < severityOf(rules)) assert.isTrue(day.summary.endsWith(`Built-in text for ${days[i]!.date}.`))
        else assert.isTrue(day.summary.endsWith(modelText(i)))
        assert.strictEqual(day.summary.startsWith(NOTICE), simulated)
      }
      assert.isTrue(analysis.summary.endsWith(anyUnderstated ? "Built-in summary." : MODEL_SUMMARY))
      assert.strictEqual(analysis.summary.startsWith(NOTICE), simulated)
      assert.strictEqual(yield* Ref.get(calls), anyUnderstated ? 1 : 0)
    }))

  it("refuses an answer with other dates", () => {
    const days = daysOf(["GO", "AVOID"])
    const output = outputOf(days, ["GO", "AVOID"])
    const swapped = { ...output, days: [output.days[1]!, output.days[0]!] }
    assert.isTrue(Either.isLeft(reviewOutput(days, swapped)))
    assert.isTrue(Either.isLeft(reviewOutput(days, { ...output, days: output.days.slice(1) })))
  })
})
