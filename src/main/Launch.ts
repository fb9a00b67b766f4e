/** How a `spotcast` command runs: on Node's runtime, with start-up problems said in one line. */
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { ConfigError, Effect } from "effect"
import { oneLine } from "./cli/OneLine.js"
import { withPlainHelp } from "./cli/PlainConsole.js"
import { StartupFailure } from "./StartupFailure.js"

/** Start-up problems are the operator's to fix: say which, in one line, and exit 1 without a stack. */
export const explain = (error: unknown) => {
  const message = ConfigError.isConfigError(error)
    ? `Invalid configuration: ${oneLine(String(error))}`
    : error instanceof StartupFailure ? error.message
    : error instanceof Error ? `${error.name}: ${oneLine(error)}` : oneLine(error)
  return Effect.sync(() => {
    process.stderr.write(`spotcast: ${message}\n`)
    process.exitCode = 1
  })
}

/**
 * Runs a command until it ends (or the process is interrupted). `handled` deals first with the
 * failures a caller has already reported (the parser's usage errors); any other failure is explained.
 */
export const launch = <E>(
  command: Effect.Effect<unknown, E, NodeContext.NodeContext>,
  handled: (error: E) => boolean = () => false
) =>
  command.pipe(
    withPlainHelp,
    Effect.catchAll((error) => handled(error) ? Effect.sync(() => void (process.exitCode = 1)) : explain(error)),
    Effect.provide(NodeContext.layer),
    NodeRuntime.runMain
  )
