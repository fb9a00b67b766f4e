import { formatWithOptions } from "node:util"
import { Cause, Effect, FiberId, FiberRef, HashMap, HashSet, Inspectable, Layer, List, Logger, LogSpan, type Option } from "effect"

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

/**
 * Each log entry is written to stdout in one write. Effect's console loggers go through the Console
 * service (the CLI's help filter) and the pretty one calls console.log once per annotation: a request
 * line cost eight synchronous writes, about 15 % of a memory-storage GET.
 */
const write = (text: string) => void process.stdout.write(text + "\n")

const jsonLines = Logger.map(Logger.jsonLogger, write)

const colours = process.stdout.isTTY === true
const paint = (text: string, ...codes: ReadonlyArray<string>) =>
  colours ? `${codes.map((code) => `\x1b[${code}m`).join("")}${text}\x1b[0m` : text
const LEVEL_COLOURS: Record<string, ReadonlyArray<string>> = {
  Trace: ["90"],
  Debug: ["34"],
  Info: ["32"],
  Warning: ["33"],
  Error: ["31"],
  Fatal: ["101", "30"]
}
const two = (n: number) => n.toString().padStart(2, "0")
const clock = (date: Date) =>
  `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${
    date.getMilliseconds().toString().padStart(3, "0")
  }`
/** What console.group() does to each line it prints. */
const indented = (text: string) => "  " + text.replaceAll("\n", "\n  ")
const format = (...args: ReadonlyArray<unknown>) => formatWithOptions({ colors: colours }, ...args)

/**
 * `key: value` as util.format prints it. A string, and a number without colours, print as themselves:
 * done by hand, since util.format costs microseconds per call and a request line has six of them.
 */
const annotation = (key: string, value: unknown) => {
  const label = paint(`${key}:`, "1", "37")
  if (!key.includes("%")) {
    if (typeof value === "string") return `${label} ${value}`
    if (typeof value === "number" && !colours && !Object.is(value, -0)) return `${label} ${value}`
  }
  return format(label, Inspectable.redact(value))
}

/** The text Effect's pretty logger prints (same lines, colours and indentation), built as one string. */
const prettyLines = Logger.make<unknown, void>(({ annotations, cause, date, fiberId, logLevel, message, spans }) => {
  const parts = Array.isArray(message) ? message : [message]
  // A single fiber's thread name is `#id`: threadName would build a HashSet per line for it.
  let text = `${paint(`[${clock(date)}]`, "37")} ${paint(logLevel.label, ...(LEVEL_COLOURS[logLevel._tag] ?? []))} (${
    fiberId._tag === "Runtime" ? `#${fiberId.id}` : FiberId.threadName(fiberId)
  })`
  if (List.isCons(spans)) {
    const now = date.getTime()
    for (const span of spans) text += " " + LogSpan.render(now)(span)
  }
  text += ":"
  let index = 0
  if (parts.length > 0 && typeof parts[0] === "string") {
    text += " " + paint(parts[0], "1", "36")
    index = 1
  }
  if (!Cause.isEmpty(cause)) text += "\n" + indented(format(Cause.pretty(cause, { renderErrorCause: true })))
  for (; index < parts.length; index++) text += "\n" + indented(format(Inspectable.redact(parts[index])))
  if (HashMap.size(annotations) > 0) {
    for (const [key, value] of annotations) text += "\n" + indented(annotation(key, value))
  }
  write(text)
})

/** SPOTCAST_LOG_FORMAT: json (one object per line, for a log collector) or pretty (the default). */
export const layer = (format: Option.Option<"json" | "pretty">): Layer.Layer<never> =>
  format._tag === "Some" && format.value === "json" ? only(jsonLines) : only(prettyLines)
