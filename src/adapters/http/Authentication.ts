import { HttpApiMiddleware, HttpApiSecurity, OpenApi } from "@effect/platform"
import { Context, Effect, Either, Layer, Option } from "effect"
import type { AccountSuspended } from "../../domain/account/Account.js"
import type { InvalidApiKey, KeyRevoked, MissingApiKey } from "../../domain/account/ApiKey.js"
import type { Caller } from "../../application/Authenticate.js"
import { KeyRefused } from "./contract/AuthErrors.js"

/** The authenticated caller of the current request. */
export class CurrentCaller extends Context.Tag("spotcast/http/CurrentCaller")<CurrentCaller, Caller>() {}

export type AuthFailure = MissingApiKey | InvalidApiKey | KeyRevoked | AccountSuspended

/**
 * Who the request's key belongs to, worked out once per request by the request gate (which needs it
 * for the rate limit before routing) and read here by the endpoints that require a key.
 */
export class RequestAuth extends Context.Tag("spotcast/http/RequestAuth")<
  RequestAuth,
  Either.Either<Caller, AuthFailure>
>() {}

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

const resolved = Effect.flatMap(
  Effect.serviceOption(RequestAuth),
  Option.match({
    onNone: () => Effect.dieMessage("RequestAuth missing: the request gate must run before the API"),
    onSome: Either.match({ onLeft: Effect.fail, onRight: Effect.succeed })
  })
)

/** Both schemes read the one outcome the gate computed from both headers together. */
export const layer = Layer.succeed(Authentication, { bearer: () => resolved, apiKey: () => resolved })
