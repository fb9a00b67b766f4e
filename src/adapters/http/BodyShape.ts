import type { HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"
import { invalid, type ValidationError } from "../../domain/Validation.js"
import { UnsupportedMediaType } from "./contract/EdgeErrors.js"

/** Deeper JSON than any contract body needs; past it, decoders and error formatters would recurse too far. */
export const MAX_JSON_DEPTH = 64

/**
 * The media type a body may be sent as: application/json, with parameters such as charset; no
 * Content-Type at all is read as JSON too. (HttpApi reads other types, `+json` ones included, with
 * other decoders, which is why they are refused here.)
 */
const isJson = (contentType: string) => contentType.split(";")[0]!.trim().toLowerCase() === "application/json"

/** Whether the request carries a body (a Content-Length above 0, or a chunked one). */
export const hasBody = (request: HttpServerRequest.HttpServerRequest) => {
  const length = request.headers["content-length"]
  return length === undefined ? request.headers["transfer-encoding"] !== undefined : Number(length) > 0
}

/** The deepest nesting of arrays and objects in `text`, counted without parsing (brackets in strings skipped). */
export const nestingDepth = (text: string): number => {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) deepest = Math.max(deepest, ++depth)
    else if (c === 93 || c === 125) depth--
  }
  return deepest
}

interface Frame {
  /** An object's keys so far; undefined for an array. */
  readonly keys: Set<string> | undefined
  /** Inside the top-level `metadata` member. */
  readonly metadata: boolean
  expectKey: boolean
}

/**
 * The first key repeated within one object of `text`, if any, and whether it is inside the top-level
 * `metadata` member (or is that member repeated). Keys are compared unescaped (`"a"` and `"\u0061"` are
 * the same key). A JSON parser keeps the last of repeated keys, silently; another reader may keep the
 * first, so such a body means different things to different readers and is refused.
 */
export const duplicateKey = (text: string): { readonly key: string; readonly inMetadata: boolean } | undefined => {
  const frames: Array<Frame> = []
  let lastKey: string | undefined
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34) {
      const start = i
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i)
        if (d === 92) i++
        else if (d === 34) break
      }
      const top = frames.at(-1)
      if (top?.keys === undefined || !top.expectKey) continue
      let key: unknown
      try {
        key = JSON.parse(text.slice(start, i + 1))
      } catch {
        return undefined
      }
      if (typeof key !== "string") return undefined
      if (top.keys.has(key)) return { key, inMetadata: top.metadata || (frames.length === 1 && key === "metadata") }
      top.keys.add(key)
      top.expectKey = false
      lastKey = key
    } else if (c === 123 || c === 91) {
      const parent = frames.at(-1)
      const metadata = parent !== undefined &&
        (parent.metadata || (frames.length === 1 && parent.keys !== undefined && lastKey === "metadata"))
      frames.push({ keys: c === 123 ? new Set() : undefined, metadata, expectKey: c === 123 })
    } else if (c === 125 || c === 93) {
      frames.pop()
    } else if (c === 44) {
      const top = frames.at(-1)
      if (top?.keys !== undefined) top.expectKey = true
    }
  }
  return undefined
}

const isJsonText = (text: string) => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Long or odd keys are quoted in part: the message is for a person. */
const quoted = (key: string) => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)

/** A refusal for a body with a repeated key (only once it is known to be JSON: otherwise that is its error). */
const repeatedKey = (text: string): Option.Option<ValidationError> => {
  const repeated = duplicateKey(text)
  if (repeated === undefined || !isJsonText(text)) return Option.none()
  return Option.some(
    repeated.inMetadata
      ? invalid("invalid_metadata", `metadata has the key ${quoted(repeated.key)} more than once in one object`, "metadata")
      : invalid("invalid_json", `The request body has the key ${quoted(repeated.key)} more than once in one object`)
  )
}

/**
 * What a body must be before any endpoint reads it: JSON (415 otherwise, so that no other parser, such
 * as the platform's multipart reader, ever runs), at most MAX_JSON_DEPTH deep and without a key
 * repeated in one object (400 otherwise). The body
 * is at most 64 KiB here (the size limit runs first) and the request caches it for the endpoint.
 */
export const checkBodyShape = (
  request: HttpServerRequest.HttpServerRequest
): Effect.Effect<Option.Option<UnsupportedMediaType | ValidationError>> => {
  // A declared type is judged even on an empty body: the platform would still pick its reader by it.
  const contentType = request.headers["content-type"]
  if (contentType !== undefined && !isJson(contentType) && (hasBody(request) || request.method !== "GET")) {
    return Effect.succeed(Option.some(new UnsupportedMediaType({ contentType: contentType.slice(0, 100) })))
  }
  if (!hasBody(request)) return Effect.succeed(Option.none())
  return request.text.pipe(
    Effect.map((text) =>
      nestingDepth(text) > MAX_JSON_DEPTH
        ? Option.some(invalid("invalid_json", `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`))
        : repeatedKey(text)
    ),
    // An unreadable body is the endpoint's to report, as before.
    Effect.orElseSucceed(() => Option.none())
  )
}
