import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect } from "effect"
import { spotcastAccepted } from "./contract/SpotCastAccepted.js"
import { type IdempotencyClaim, requestFingerprint } from "../../domain/billing/Idempotency.js"
import { Crypto } from "../../ports/Crypto.js"
import type { Charged } from "../../application/charge/Charge.js"
import { Settings } from "../../ports/Settings.js"

export const REPLAYED_HEADER = "idempotent-replayed"

/**
 * The claim a charging request makes with its Idempotency-Key: the key and the fingerprint of the
 * request as sent (method, path and JSON body), its body read only when a key comes with it.
 */
export const claimOf = <E, R>(
  key: string | undefined,
  method: string,
  path: string,
  body: Effect.Effect<unknown, E, R>
): Effect.Effect<IdempotencyClaim | undefined, never, R | Crypto> =>
  key === undefined
    ? Effect.succeed(undefined)
    : Effect.zipWith(Effect.orDie(body), Crypto, (sent, crypto) => ({
      key,
      fingerprint: requestFingerprint(crypto, method, path, sent)
    }))

/** A replayed answer says so in `Idempotent-Replayed: true`; a first answer has no such header. */
export const markReplayed = (replayed: boolean) =>
  replayed
    ? HttpApp.appendPreResponseHandler((_, response) =>
      Effect.succeed(HttpServerResponse.setHeader(response, REPLAYED_HEADER, "true"))
    )
    : Effect.void

/**
 * The 202 body, from the receipt alone, so a replay is byte-identical to the first answer; a replay
 * also says so in `Idempotent-Replayed: true`.
 */
export const accepted = (charged: Charged) =>
  Effect.gen(function*() {
    yield* markReplayed(charged._tag === "Replayed")
    return spotcastAccepted(charged.receipt, (yield* Settings).publicBaseUrl)
  })
