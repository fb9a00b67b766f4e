import type { HttpServerRequest } from "@effect/platform"
import * as HttpIncomingMessage from "@effect/platform/HttpIncomingMessage"
import { Effect, Option } from "effect"
import { MAX_BODY_BYTES, PayloadTooLarge } from "./contract/EdgeErrors.js"

/** The 64 KiB request body limit, and the 413 that enforces it. */
export const tooLarge = () => new PayloadTooLarge({ limitBytes: MAX_BODY_BYTES })

/** Whether a body read failed on the size limit (the platform says so only in the message). */
export const isTooLarge = (cause: unknown): boolean => cause instanceof Error && cause.message === "maxBytes exceeded"

/** A chunked body is read whole up to this size before it is judged; beyond it the connection is dropped. */
const CHUNKED_READ_CEILING = 1024 * 1024

const isJsonBody = (contentType: string | undefined) =>
  contentType === undefined || contentType.toLowerCase().includes("application/json")

/**
 * Over 64 KiB: known at once from Content-Length. A chunked JSON body is read here (the request caches
 * it, so the endpoint does not read it again) and measured, so that it too gets a 413 answer: letting
 * the endpoint's reader hit the limit would drop the connection instead of answering.
 */
export const bodyTooLarge = (request: HttpServerRequest.HttpServerRequest) => {
  const length = request.headers["content-length"]
  if (length !== undefined) return Effect.succeed(Number(length) > MAX_BODY_BYTES)
  if (request.headers["transfer-encoding"] === undefined || !isJsonBody(request.headers["content-type"])) {
    return Effect.succeed(false)
  }
  return request.text.pipe(
    HttpIncomingMessage.withMaxBodySize(Option.some(CHUNKED_READ_CEILING)),
    Effect.map((text) => Buffer.byteLength(text) > MAX_BODY_BYTES),
    Effect.catchAll((error) => Effect.succeed(isTooLarge(error.cause)))
  )
}
