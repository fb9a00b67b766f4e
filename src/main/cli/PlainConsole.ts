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

/** Help text made plain: no colour codes off a terminal, no repeated boilerplate, single blank lines. */
export const plainText = (text: string, colour: boolean): string => {
  const lines = (colour ? text : text.replace(ANSI, "")).split("\n")
  const kept = lines.filter((line) => !REDUNDANT.some((r) => r.test(line.replace(ANSI, ""))))
  return kept.join("\n").replace(/\n{3,}/g, "\n\n")
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
