import { DateTime, Effect, Option } from "effect"
import type { Account } from "../domain/account/Account.js"
import type { IdempotencyClaim } from "../domain/billing/Idempotency.js"
import { IdPrefix, LedgerEntryId, isSpotCastId } from "../domain/Ids.js"
import { countCharge } from "./Metrics.js"
import { spotCastPrice } from "../domain/billing/Pricing.js"
import { SpotCastNotFound } from "../domain/spotcast/SpotCast.js"
import type { RefreshSpotCastCommand } from "../domain/spotcast/SpotCastCommands.js"
import { type Charged, SpotCastStore } from "../ports/SpotCastStore.js"
import { newForecast } from "./CreateSpotCast.js"
import { estimateCompletionSeconds } from "./EstimateCompletion.js"
import { priorReceipt } from "./Idempotent.js"
import { newId } from "./NewIds.js"

/**
 * Charges for and enqueues a new forecast of an existing SpotCast. Refused with 409 while the newest
 * forecast is unfinished; allowed after a failure (the failed one was refunded).
 */
export const refreshSpotCast = Effect.fn("RefreshSpotCast")(function*(
  account: Account,
  spotcastId: string,
  command: RefreshSpotCastCommand,
  idempotency?: IdempotencyClaim
) {
  const prior = yield* priorReceipt(account.id, idempotency)
  if (Option.isSome(prior)) return { _tag: "Replayed", receipt: prior.value } satisfies Charged as Charged

  if (!isSpotCastId(spotcastId)) return yield* new SpotCastNotFound({ spotcastId })
  const store = yield* SpotCastStore
  const current = yield* store.get(account.id, spotcastId)
  if (Option.isNone(current)) return yield* new SpotCastNotFound({ spotcastId })
  const { spotcast } = current.value
  const now = yield* DateTime.now
  const forecast = yield* newForecast(spotcast, now)
  return yield* Effect.tap(store.refresh({
    accountId: account.id,
    spotcastId: spotcast.id,
    forecast: command.webhookUrl === undefined ? forecast : { ...forecast, webhookUrl: command.webhookUrl },
    price: spotCastPrice(spotcast.numDays),
    chargeId: LedgerEntryId.make(yield* newId(IdPrefix.ledgerEntry)),
    estimatedCompletionSeconds: yield* estimateCompletionSeconds,
    ...(idempotency === undefined ? {} : { idempotency })
  }), countCharge)
})
