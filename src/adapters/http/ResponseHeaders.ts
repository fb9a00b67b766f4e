import * as HttpServerResponse from "@effect/platform/HttpServerResponse"

/**
 * `response` with `headers` added (replacing any of the same name), one `setHeader` at a time.
 *
 * Not `HttpServerResponse.setHeaders`: it spreads the response's headers into an object literal whose
 * hidden classes V8 cannot share between calls, so every call makes new ones, in the old generation
 * (about 0.8 KB of old space and several µs a call, against none here; `bench/hidden-classes.mjs`).
 * On every request, that alone filled the old generation about as fast as everything it promoted.
 */
export const withHeaders = (
  response: HttpServerResponse.HttpServerResponse,
  headers: Readonly<Record<string, string>>
): HttpServerResponse.HttpServerResponse => {
  let out = response
  for (const name in headers) out = HttpServerResponse.setHeader(out, name, headers[name]!)
  return out
}
