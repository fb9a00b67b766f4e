import type * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import { Effect, Option } from "effect"

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13

/** Where the JSON value starting at `i` (no whitespace before it) ends, exclusive; brackets in strings skipped. */
const valueEnd = (text: string, i: number): number => {
  let depth = 0
  let inString = false
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++
      else if (c === 34) {
        inString = false
        if (depth === 0) return i + 1
      }
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) depth++
    else if (c === 93 || c === 125) {
      if (depth === 0) return i // the end of the enclosing object: a scalar ended before it
      if (--depth === 0) return i + 1
    } else if (depth === 0 && (c === 44 || isSpace(c))) return i
  }
  return i
}

/**
 * The text of the top-level object member `name` of a JSON body exactly as sent (without the
 * whitespace around it), or undefined when the body is not an object or has no such member. The body
 * is valid JSON without repeated keys by now (BodyShape), so a plain scan finds it.
 */
export const memberText = (text: string, name: string): string | undefined => {
  let i = 0
  const skipSpace = () => {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++
  }
  skipSpace()
  if (text.charCodeAt(i) !== 123) return undefined
  i++
  for (;;) {
    skipSpace()
    if (text.charCodeAt(i) !== 34) return undefined
    const keyStart = i
    for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) {
      if (text.charCodeAt(i) === 92) i++
    }
    i++
    let key: unknown
    try {
      key = JSON.parse(text.slice(keyStart, i))
    } catch {
      return undefined
    }
    skipSpace()
    if (text.charCodeAt(i) !== 58) return undefined
    i++
    skipSpace()
    const start = i
    i = valueEnd(text, i)
    if (key === name) return text.slice(start, i)
    skipSpace()
    if (text.charCodeAt(i) !== 44) return undefined
    i++
  }
}

/** The `metadata` member of a create's body as sent, to be echoed back byte for byte; undefined without one. */
export const metadataAsSent = (request: HttpServerRequest.HttpServerRequest): Effect.Effect<string | undefined> =>
  Effect.map(
    Effect.option(request.text),
    (sent) => Option.getOrUndefined(Option.flatMap(sent, (text) => Option.fromNullable(memberText(text, "metadata"))))
  )
