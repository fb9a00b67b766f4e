import { Command } from "@effect/cli"
import { Console, Effect, Either } from "effect"
import { classifyBatchJson } from "./ClassifyBatch.js"

const readStdin = Effect.promise(async () => {
  const chunks: Array<Buffer> = []
  for await (const chunk of process.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk)
  return Buffer.concat(chunks).toString("utf8")
})

/**
 * `spotcast classify`: reads `[{"vessel": {"type", "length_ft"} | null, "day": {...}}]` on stdin and
 * prints `[{"classification", "reasons"}]`, same order, from the same engine the forecasts use. Bad input
 * prints the problems (index and field) on stderr and exits with code 1.
 */
export const classifyCommand = Command.make("classify", {}, () =>
  Effect.gen(function*() {
    const result = classifyBatchJson(yield* readStdin)
    if (Either.isLeft(result)) {
      yield* Console.error(["spotcast classify: invalid input", ...result.left.problems.map((p) => `  ${p}`)].join("\n"))
      yield* Effect.sync(() => {
        process.exitCode = 1
      })
      return
    }
    yield* Console.log(JSON.stringify(result.right, null, 2))
  })
).pipe(
  Command.withDescription(
    "Classify days from stdin (JSON array of {vessel, day}) with the safety rules; prints [{classification, reasons}]"
  )
)
