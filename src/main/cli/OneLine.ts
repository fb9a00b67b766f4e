import { ParseResult } from "effect"

/**
 * An error as one readable line: a Schema failure as `path: problem` per issue (instead of its
 * indented tree), anything else with its line breaks folded.
 */
export const oneLine = (error: unknown): string => {
  if (ParseResult.isParseError(error)) {
    return ParseResult.ArrayFormatter.formatErrorSync(error)
      .map((issue) => `${issue.path.length === 0 ? "value" : issue.path.join(".")}: ${issue.message.replace(/\s*\n\s*/g, " ")}`)
      .join("; ")
  }
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/\s*\n\s*/g, " ").trim()
}
