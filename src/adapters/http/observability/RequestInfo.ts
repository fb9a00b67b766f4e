import type { HttpServerRequest } from "@effect/platform"
import type { Either } from "effect"
import type { Caller } from "../../../application/account/Authenticate.js"
import type { AuthFailure } from "../../../application/account/Authenticate.js"

/**
 * What the edge learns about one request as it goes: its id, the caller as the request gate resolved it
 * (for the endpoints, the log line and the metrics) and the headers the gate adds to the answer.
 */
export interface RequestInfoShape {
  readonly requestId: string
  accountId: string | undefined
  /** Who the key belongs to, or why not; set by the request gate before routing. */
  auth: Either.Either<Caller, AuthFailure> | undefined
  /** Headers for the response, whatever answers it (the rate limit's); set by the request gate. */
  headers: Record<string, string> | undefined
}

/**
 * Each request's record, found from the request itself rather than provided as a service: providing
 * a service around the rest of the request costs two fiber-ref writes, a Context copy and a release
 * step, and the record is written by one middleware and read by another on every request. Kept on
 * the Node request (`source`), which stays the same when a router re-makes the request object, under a
 * symbol: a `WeakMap` keyed by it (as before) grew a table V8's young generation does not shrink, one
 * entry a request, and measured 0.2 KB a request more moved to the old generation (docs/performance.md).
 */
const RECORD = Symbol("spotcast/RequestInfo")

type Holder = { [RECORD]?: RequestInfoShape }

const holderOf = (request: HttpServerRequest.HttpServerRequest) => request.source as Holder

/** Starts the request's record (the observe middleware, outermost, does it first). */
export const start = (request: HttpServerRequest.HttpServerRequest, requestId: string): RequestInfoShape => {
  const info: RequestInfoShape = { requestId, accountId: undefined, auth: undefined, headers: undefined }
  holderOf(request)[RECORD] = info
  return info
}

/** The request's record, when the observe middleware started one. */
export const find = (request: HttpServerRequest.HttpServerRequest): RequestInfoShape | undefined =>
  holderOf(request)[RECORD]
