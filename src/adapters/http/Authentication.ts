import * as HttpApiMiddleware from "@effect/platform/HttpApiMiddleware"
import * as HttpApiSecurity from "@effect/platform/HttpApiSecurity"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as OpenApi from "@effect/platform/OpenApi"
import { Effect, Either, Layer } from "effect"
import type { AuthFailure } from "../../application/account/Authenticate.js"

import { KeyRefused } from "./contract/AuthErrors.js"
import * as RequestInfo from "./observability/RequestInfo.js"
import { CurrentCaller } from "../../ports/Caller.js"

/** The authenticated caller of the current request. */
export { CurrentCaller }

export type { AuthFailure }

const bearer = HttpApiSecurity.bearer.pipe(
  HttpApiSecurity.annotate(OpenApi.Description, "Authorization: Bearer sk_live_…")
)
const apiKey = HttpApiSecurity.apiKey({ in: "header", key: "X-API-Key" }).pipe(
  HttpApiSecurity.annotate(
    OpenApi.Description,
    "X-API-Key: sk_live_… (the same key; if both headers are sent they must match)"
  )
)

/** Requires a valid key of an active account, sent as a bearer token or as X-API-Key. */
export class Authentication extends HttpApiMiddleware.Tag<Authentication>()("spotcast/http/Authentication", {
  provides: CurrentCaller,
  failure: KeyRefused,
  security: { bearer, apiKey }
}) {}

const resolved = Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
  const auth = RequestInfo.find(request)?.auth
  if (auth === undefined) return Effect.dieMessage("no caller resolved: the request gate must run before the API")
  return Either.isRight(auth) ? Effect.succeed(auth.right) : Effect.fail(auth.left)
})

/**
 * Both schemes read the one outcome the request gate computed from both headers together (it needs the
 * caller for the rate limit before routing) and left in the request's record.
 */
export const layer = Layer.succeed(Authentication, { bearer: () => resolved, apiKey: () => resolved })
