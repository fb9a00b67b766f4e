import { HttpApp, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { spotcastAccepted } from "./contract/SpotCastAccepted.js"
import { type IdempotencyClaim, requestFingerprint } from "../../domain/billing/Idempotency.js"
import type { Charged } from "../../ports/SpotCastStore.js"
import { Settings } from "../../ports/Settings.js"

export const REPLAYED_HEADER = "idempotent-replayed"

/** The claim a charging request makes with its Idempotency-Key: the key and its request's fingerprint. */
export const claimOf = (
  key: string | undefined,
  method: string,
  path: string,
  body: unknown
): IdempotencyClaim | undefined =>
  key === undefined ? undefined : { key, fingerprint: requestFingerprint(method, path, body) }

/**
 * The 202 body, from the receipt alone, so a replay is byte-identical to the first answer; a replay
 * also says so in `Idempotent-Replayed: true`.
 */
export const accepted = (charged: Charged) =>
  Effect.gen(function*() {
    if (charged._tag === "Replayed") {
      yield* HttpApp.appendPreResponseHandler((_, response) =>
        Effect.succeed(HttpServerResponse.setHeader(response, REPLAYED_HEADER, "true"))
      )
    }
    return spotcastAccepted(charged.receipt, (yield* Settings).publicBaseUrl)
  })
