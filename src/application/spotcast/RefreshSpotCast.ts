import { DateTime, Effect, Option } from "effect"
import type { Account } from "../../domain/account/Account.js"
import type { IdempotencyClaim } from "../../domain/billing/Idempotency.js"
import { checkRefreshable, type Forecast } from "../../domain/forecast/Forecast.js"
import { type AccountId, IdPrefix, LedgerEntryId, isSpotCastId, type SpotCastId } from "../../domain/Ids.js"
import { spotCastPrice } from "../../domain/billing/Pricing.js"
import { SpotCastNotFound } from "../../domain/spotcast/SpotCast.js"
import type { RefreshSpotCastCommand } from "../../domain/spotcast/SpotCastCommands.js"
import { SpotCastStore } from "../../ports/SpotCastStore.js"
import { charge, type ChargeParts, type Charged, priorReceipt } from "../charge/Charge.js"
import { newForecast } from "./CreateSpotCast.js"
import { estimateCompletionSeconds } from "../charge/EstimateCompletion.js"
import { newId } from "../NewIds.js"
import { checkWebhookHost } from "../webhook/WebhookHosts.js"

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

  yield* checkWebhookHost(command.webhookUrl)
  if (!isSpotCastId(spotcastId)) return yield* new SpotCastNotFound({ spotcastId })
  const store = yield* SpotCastStore
  const current = yield* store.get(account.id, spotcastId)
  if (Option.isNone(current)) return yield* new SpotCastNotFound({ spotcastId })
  const { spotcast } = current.value
  const now = yield* DateTime.now
  const forecast = yield* newForecast(spotcast, now)
  return yield* chargeSpotCastRefresh({
    accountId: account.id,
    spotcastId: spotcast.id,
    forecast: command.webhookUrl === undefined ? forecast : { ...forecast, webhookUrl: command.webhookUrl },
    price: spotCastPrice(spotcast.numDays),
    chargeId: LedgerEntryId.make(yield* newId(IdPrefix.ledgerEntry)),
    estimatedCompletionSeconds: yield* estimateCompletionSeconds,
    idempotency
  })
})

/**
 * A new forecast of one of the account's SpotCasts, charged and stored in one transaction; refused
 * while its newest forecast is unfinished (the SpotCast's row lock makes one of two refreshes wait).
 */
export const chargeSpotCastRefresh = (
  command: ChargeParts & { readonly accountId: AccountId; readonly spotcastId: SpotCastId; readonly forecast: Forecast }
) =>
  Effect.flatMap(SpotCastStore, (store) =>
    charge({
      ...command,
      kind: "refresh",
      check: Effect.gen(function*() {
        const latest = yield* store.lockLatest(command.accountId, command.spotcastId)
        if (Option.isNone(latest)) return yield* new SpotCastNotFound({ spotcastId: command.spotcastId })
        yield* checkRefreshable(command.spotcastId, latest.value)
      }),
      write: () => store.addForecast(command.forecast)
    }))
