import { assert, describe, it } from "@effect/vitest"
import { Cause, Effect, Exit, Option } from "effect"
import { spanned } from "../../src/ports/Spans.js"

const parentName = Effect.map(Effect.currentParentSpan, (span) => span._tag === "Span" ? span.name : "external")
const named = Effect.map(Effect.option(parentName), Option.getOrElse(() => "none")).pipe(spanned("Named"))

describe("spanned", () => {
  it.effect("makes the span, with its name, while the tracer is on", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* named, "Named")
    }))

  it.effect("makes no span while the tracer is off", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* named, "none")
    }).pipe(Effect.withTracerEnabled(false)))

  it.effect("names where it was declared in a failure's trace, as Effect.withSpan does", () =>
    Effect.gen(function*() {
      const failed = yield* Effect.exit(Effect.sync(() => {
        throw new Error("boom")
      }).pipe(spanned("Where")))
      assert.isTrue(Exit.isFailure(failed))
      if (Exit.isFailure(failed)) assert.match(Cause.pretty(failed.cause), /at Where \(.*Spans\.test\.ts/)
    }))
})
