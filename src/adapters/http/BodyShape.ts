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

/**
 * What a body must be before any endpoint reads it: JSON (415 otherwise, so that no other parser, such
 * as the platform's multipart reader, ever runs) and at most MAX_JSON_DEPTH deep (400 otherwise). The body
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
        : Option.none()
    ),
    // An unreadable body is the endpoint's to report, as before.
    Effect.orElseSucceed(() => Option.none())
  )
}
