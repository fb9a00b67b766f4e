import { Effect, FiberRef, HashSet, Layer, Logger, type Option } from "effect"

/**
 * Exactly one console logger: `NodeRuntime.runMain` installs the pretty one in place of Effect's
 * default, so both are taken out before the chosen one goes in.
 */
const only = (logger: Logger.Logger<unknown, void>): Layer.Layer<never> =>
  Layer.scopedDiscard(Effect.locallyScopedWith(FiberRef.currentLoggers, (loggers) =>
    loggers.pipe(
      HashSet.remove(Logger.defaultLogger),
      HashSet.remove(Logger.prettyLoggerDefault),
      HashSet.add(logger)
    )))

const jsonLines = Logger.withConsoleLog(Logger.jsonLogger)

/** SPOTCAST_LOG_FORMAT: json (one object per line, for a log collector) or pretty (the default). */
export const layer = (format: Option.Option<"json" | "pretty">): Layer.Layer<never> =>
  format._tag === "Some" && format.value === "json" ? only(jsonLines) : only(Logger.prettyLoggerDefault)
