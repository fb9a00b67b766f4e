import type { HttpServerRequest } from "@effect/platform"
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { createHash } from "node:crypto"
import { gzipSync } from "node:zlib"
import { withHeaders } from "../ResponseHeaders.js"

const MAX_AGE_SECONDS = 300

interface Prepared {
  readonly etag: string
  readonly gzip: Uint8Array
}

/** The static answers are built once, so their bodies are the same objects on every request. */
const prepared = new WeakMap<Uint8Array, Prepared>()

const prepare = (body: Uint8Array): Prepared => {
  let entry = prepared.get(body)
  if (entry === undefined) {
    entry = {
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      gzip: gzipSync(body, { level: 9 })
    }
    prepared.set(body, entry)
  }
  return entry
}

/** Whether an Accept-Encoding list takes `coding` (by name or `*`) with a quality above 0. */
const accepts = (header: string | undefined, coding: string) =>
  (header ?? "").split(",").some((entry) => {
    const [name, ...params] = entry.trim().toLowerCase().split(";")
    if (name !== coding && name !== "*") return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="))
    return q === undefined || Number(q.slice(2)) > 0
  })

/**
 * A static 200 (the docs page, the OpenAPI document) made cacheable and compressed: an ETag and
 * Cache-Control, 304 to a matching If-None-Match, and the gzip encoding to clients that accept it.
 */
export const cacheable = (request: HttpServerRequest.HttpServerRequest, response: HttpServerResponse.HttpServerResponse) => {
  if (response.status !== 200 || response.body._tag !== "Uint8Array") return response
  const { etag, gzip } = prepare(response.body.body)
  const headers = { etag, "cache-control": `public, max-age=${MAX_AGE_SECONDS}`, vary: "Accept-Encoding" }
  const ifNoneMatch = request.headers["if-none-match"]
  if (ifNoneMatch !== undefined && ifNoneMatch.split(",").some((tag) => tag.trim() === etag)) {
    return HttpServerResponse.empty({ status: 304, headers: { ...response.headers, ...headers } })
  }
  const acceptsGzip = accepts(request.headers["accept-encoding"], "gzip")
  const headed = withHeaders(response, headers)
  return acceptsGzip
    ? HttpServerResponse.setBody(
      HttpServerResponse.setHeader(headed, "content-encoding", "gzip"),
      HttpBody.uint8Array(gzip, response.body.contentType)
    )
    : headed
}
