import { Args, HelpDoc, Options, ValidationError } from "@effect/cli"
import { Effect } from "effect"

/** A whole number written in decimal digits, or a message that names what was given and what is expected. */
const parseWhole = (what: string) => (text: string): Effect.Effect<number, HelpDoc.HelpDoc> =>
  /^-?\d+$/.test(text.trim()) && Number.isSafeInteger(Number(text))
    ? Effect.succeed(Number(text))
    : Effect.fail(HelpDoc.p(`${what} must be a whole number, not '${text}'`))

const forOption = (what: string) => (text: string) =>
  Effect.mapError(parseWhole(what)(text), ValidationError.invalidValue)

/** `--name <whole number>` (@effect/cli's own integer option says "'1.5' is not a integer"). */
export const wholeNumberOption = (name: string) => Options.text(name).pipe(Options.mapEffect(forOption(`--${name}`)))

/** A positional whole number. */
export const wholeNumberArg = (name: string) => Args.text({ name }).pipe(Args.mapEffect(parseWhole(name)))
