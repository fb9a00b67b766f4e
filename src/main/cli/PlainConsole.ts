import { Console, Effect } from "effect"

const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g

/**
 * Paragraphs @effect/cli adds to every option's help that say again what its usage line says
 * (the choices, the value's kind, that it is optional).
 */
const REDUNDANT = [
  /^ {2}This setting is optional\.$/,
  /^ {2}A true or false value\.$/,
  /^ {2}One of the following: .*$/,
  /^ {2}A user-defined piece of text\.$/,
  /^ {2}An integer\.$/,
  /^ {2}A user-defined piece of text that is confidential\.$/,
  /^ {2}This option can be set from environment variables\.$/
]

const COMMAND_LINE = /^( {2}- )(.*?)(?: {2,}(.*))?$/

/**
 * One line of the COMMANDS list as the command is typed: @effect/cli writes a nested command's
 * parents twice, each with its options (`admin [--url text] … admin [--url text] … accounts list`);
 * the parents' options are listed on the parent's own line.
 */
const commandUsage = (usage: string): string => {
  let out = usage.trim()
  for (let again = true; again;) {
    const doubled = /^(.+?) \1 /.exec(out)
    again = doubled !== null
    if (doubled !== null) out = out.slice(doubled[1]!.length + 1)
  }
  // A parent's options, when a subcommand word follows them.
  for (let before = ""; before !== out;) {
    before = out
    out = out.replace(/^((?:[a-z][\w-]* )*[a-z][\w-]*)(?: \[[^\]]*\])+ (?=[a-z])/, "$1 ")
  }
  return out
}

/** The COMMANDS list: each command once, as typed, its description beside it in one column. */
const commandList = (lines: ReadonlyArray<string>): Array<string> => {
  const parsed = lines.map((line) => {
    const match = COMMAND_LINE.exec(line)
    return match === null ? undefined : { usage: commandUsage(match[2]!), description: match[3]?.trim() ?? "" }
  })
  const width = Math.max(0, ...parsed.map((p) => p?.usage.length ?? 0))
  return lines.map((line, i) => {
    const p = parsed[i]
    return p === undefined ? line : `  ${p.usage.padEnd(width)}  ${p.description}`.trimEnd()
  })
}

/** Help text made plain: no colour codes off a terminal, no repeated boilerplate, single blank lines. */
export const plainText = (text: string, colour: boolean): string => {
  const lines = (colour ? text : text.replace(ANSI, "")).split("\n")
  const kept = lines.filter((line) => !REDUNDANT.some((r) => r.test(line.replace(ANSI, ""))))
  const listed = colour ? kept : commandList(kept)
  return listed.join("\n").replace(/\n{3,}/g, "\n\n")
}

/** The CLI's console: what it logs passes through plainText (its help, in particular). */
export const withPlainHelp = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Console.consoleWith(Effect.succeed), (console) => {
    const colour = process.stdout.isTTY === true && process.env.NO_COLOR === undefined
    const clean = (args: ReadonlyArray<unknown>) => args.map((a) => (typeof a === "string" ? plainText(a, colour) : a))
    return Effect.withConsole(effect, {
      ...console,
      log: (...args: ReadonlyArray<unknown>) => console.log(...clean(args)),
      unsafe: { ...console.unsafe, log: (...args: ReadonlyArray<unknown>) => console.unsafe.log(...clean(args)) }
    })
  })
