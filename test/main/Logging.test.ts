import { assert, describe, it } from "@effect/vitest"
import { format } from "node:util"
import { Cause, Console, Effect, Layer, Logger, Option } from "effect"
import * as Logging from "../../src/main/Logging.js"

/** Runs `effect` with both the service's logger and Effect's pretty logger; returns what each printed. */
const bothPrint = (effect: Effect.Effect<void>) =>
  Effect.gen(function*() {
    // Effect's pretty logger, printing through a Console that records its calls as Node's console would.
    const effects: Array<string> = []
    let indent = ""
    const real = yield* Console.consoleWith(Effect.succeed)
    const recording: Console.Console = {
      ...real,
      unsafe: {
        ...real.unsafe,
        log: (...args: ReadonlyArray<unknown>) => void effects.push(indent + format(...args).replaceAll("\n", `\n${indent}`)),
        group: () => void (indent += "  "),
        groupEnd: () => void (indent = indent.slice(2))
      }
    }
    // The service's logger, printing to stdout in one write per entry.
    const writes: Array<string> = []
    const write = process.stdout.write
    process.stdout.write = ((chunk: string) => (writes.push(chunk), true)) as typeof process.stdout.write
    try {
      yield* effect.pipe(
        Effect.provide(Layer.merge(
          Logging.layer(Option.some("pretty")),
          Logger.add(Logger.prettyLogger({ colors: false }))
        )),
        Effect.withConsole(recording)
      )
    } finally {
      process.stdout.write = write
    }
    return { effects, writes }
  })

describe("the pretty log format", () => {
  it.effect("each entry is the text Effect's pretty logger prints, in one write", () =>
    Effect.gen(function*() {
      const { effects, writes } = yield* bothPrint(Effect.all([
        Effect.logInfo("request").pipe(Effect.annotateLogs({
          method: "GET",
          route: "/v3/spotcast/:id",
          status: 200,
          duration_ms: 3,
          request_id: "req_abc"
        })),
        Effect.logWarning("two parts", { dates: ["2026-11-24"], n: 2 }),
        Effect.logError("failed", Cause.fail(new Error("boom"))).pipe(Effect.withLogSpan("stage"))
      ], { discard: true }))
      assert.strictEqual(writes.length, 3, "one write per entry")
      assert.isTrue(writes.every((w) => w.endsWith("\n")))
      assert.deepStrictEqual(writes.join(""), effects.map((line) => `${line}\n`).join(""))
    }))
})
