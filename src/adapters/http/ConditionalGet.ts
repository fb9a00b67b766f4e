import { createHash } from "node:crypto"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect, Schema } from "effect"

/**
 * Conditional reads: every read of a SpotCast, its status, a forecast, a widget or a route carries a
 * strong `ETag` (a digest of the exact body bytes), and a request whose `If-None-Match` names it gets
 * `304 Not Modified` without a body. Pollers then pay a few header bytes per unchanged answer.
 *
 * `private, no-cache`: only the caller's own client may store the answer (it is the account's data),
 * and it must revalidate before each use, since it changes until the forecast ends. Even a finished
 * forecast is not marked immutable: its `forecast_period` is read from the SpotCast, whose period a
 * widget update moves.
 */
export const CACHE_CONTROL = "private, no-cache"

const utf8 = new TextEncoder()

/** Strong entity tag of a body: 128 bits of its SHA-256, quoted. */
export const entityTag = (body: Uint8Array): string =>
  `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`

/**
 * Whether `If-None-Match` names the current tag. The comparison is the weak one RFC 9110 prescribes
 * for this header (a `W/` prefix is ignored); `*` matches any current representation.
 */
export const noneMatch = (header: string | undefined, etag: string): boolean => {
  if (header === undefined) return false
  if (header.trim() === "*") return true
  return header.split(",").some((candidate) => {
    const tag = candidate.trim()
    return (tag.startsWith("W/") ? tag.slice(2) : tag) === etag
  })
}

/** The 200 with its tag, or the 304 when the caller already has these bytes. */
export const conditionalBytes = (body: Uint8Array, etag: string = entityTag(body)) =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
    const headers = { etag, "cache-control": CACHE_CONTROL }
    return noneMatch(request.headers["if-none-match"], etag)
      ? HttpServerResponse.empty({ status: 304, headers })
      : HttpServerResponse.uint8Array(body, { contentType: "application/json", headers })
  })

/**
 * A conditional JSON answer for an endpoint's success schema: encoded as HttpApi would encode it, then
 * tagged. Use it once per schema, where the handler is defined.
 */
export const conditionalJson = <A, I>(schema: Schema.Schema<A, I>) => {
  const encode = Schema.encodeSync(schema)
  return (value: A) => conditionalBytes(utf8.encode(JSON.stringify(encode(value))))
}

/** The document's side: `If-None-Match` in, `ETag` and `Cache-Control` on the 200, and the 304. */
export const documentConditional = (operation: Record<string, any>): Record<string, any> => {
  const ok = operation.responses?.["200"] ?? {}
  return {
    ...operation,
    parameters: [
      ...(operation.parameters ?? []),
      {
        name: "If-None-Match",
        in: "header",
        required: false,
        description: "An ETag from an earlier answer: when the resource still has it, the answer is 304 without a body",
        schema: { type: "string" }
      }
    ],
    responses: {
      ...operation.responses,
      "200": {
        ...ok,
        headers: {
          ...ok.headers,
          ETag: { description: "Strong entity tag of this body", schema: { type: "string" } },
          "Cache-Control": { description: `Always \`${CACHE_CONTROL}\``, schema: { type: "string" } }
        }
      },
      "304": {
        description: "Not Modified: the resource still has the ETag named in If-None-Match; no body",
        headers: {
          ETag: { description: "The current entity tag", schema: { type: "string" } },
          "Cache-Control": { description: `Always \`${CACHE_CONTROL}\``, schema: { type: "string" } }
        }
      }
    }
  }
}
