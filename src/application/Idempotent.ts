import { DateTime, Effect, Option } from "effect"
import { type IdempotencyClaim, resolveClaim } from "../domain/billing/Idempotency.js"
import type { Receipt } from "../domain/billing/Receipt.js"
import type { AccountId } from "../domain/Ids.js"
import { IdempotencyStore } from "../ports/IdempotencyStore.js"

/**
 * Looks the key up before anything else, so that a replay answers as the first request did even when
 * the same request would no longer pass today's checks. The charging command checks again atomically.
 */
export const priorReceipt = Effect.fn("Idempotency.prior")(function*(
  accountId: AccountId,
  claim: IdempotencyClaim | undefined
) {
  if (claim === undefined) return Option.none<Receipt>()
  const record = yield* (yield* IdempotencyStore).find(accountId, claim.key)
  return yield* resolveClaim(Option.getOrUndefined(record), claim, yield* DateTime.now)
})
