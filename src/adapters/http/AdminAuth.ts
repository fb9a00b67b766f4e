import { createHash, timingSafeEqual } from "node:crypto"
import * as HttpApiMiddleware from "@effect/platform/HttpApiMiddleware"
import * as HttpApiSecurity from "@effect/platform/HttpApiSecurity"
import * as OpenApi from "@effect/platform/OpenApi"
import { Effect, Layer, Option, Redacted } from "effect"
import { AdminUnauthorized } from "./contract/EdgeErrors.js"
import { AdminToken } from "./contract/AuthErrors.js"

const operator = HttpApiSecurity.bearer.pipe(
  HttpApiSecurity.annotate(OpenApi.Description, "Authorization: Bearer <SPOTCAST_ADMIN_TOKEN>")
)

/** Guards the operator API with the configured admin token. */
export class AdminAuth extends HttpApiMiddleware.Tag<AdminAuth>()("spotcast/http/AdminAuth", {
  failure: AdminToken,
  security: { operator }
}) {}

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest()

/**
 * Compares digests, so the time taken says nothing about the token, not even its length. With no
 * token configured nothing passes (the request gate already answers 404 for the whole operator API).
 */
export const layer = (token: Option.Option<Redacted.Redacted<string>>) => {
  const expected = Option.map(token, (t) => digest(Redacted.value(t)))
  return Layer.succeed(AdminAuth, {
    operator: (given) =>
      Option.isSome(expected) && timingSafeEqual(digest(Redacted.value(given)), expected.value)
        ? Effect.void
        : Effect.fail(new AdminUnauthorized())
  })
}
