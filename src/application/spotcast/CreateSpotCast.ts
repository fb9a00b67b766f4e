import { DateTime, Effect, Option } from "effect"
import type { Account } from "../../domain/account/Account.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import { initialLifecycle } from "../../domain/forecast/ForecastLifecycle.js"
import { checkWindow, makePeriod } from "../../domain/forecast/ForecastPeriod.js"
import type { IdempotencyClaim } from "../../domain/billing/Idempotency.js"
import { ForecastId, IdPrefix, LedgerEntryId, SpotCastId } from "../../domain/Ids.js"
import { spotCastPrice } from "../../domain/billing/Pricing.js"
import { resolvePreferences } from "../../domain/spotcast/Preferences.js"
import type { SpotCast } from "../../domain/spotcast/SpotCast.js"
import type { CreateSpotCastCommand } from "../../domain/spotcast/SpotCastCommands.js"
import { invalid } from "../../domain/Validation.js"
import { Settings } from "../../ports/Settings.js"
import { spanned } from "../../ports/Spans.js"
import { SpotCastStore } from "../../ports/SpotCastStore.js"
import { charge, type ChargeParts, type Charged, priorReceipt } from "../charge/Charge.js"
import { estimateCompletionSeconds } from "../charge/EstimateCompletion.js"
import { newId } from "../NewIds.js"
import { checkWebhookHost } from "../webhook/WebhookHosts.js"
import { requireWater } from "../RequireWater.js"

/** A new forecast of `spotcast`, in its initial state. */
export const newForecast = (spotcast: Pick<SpotCast, "id" | "accountId">, now: DateTime.Utc) =>
  Effect.map(newId(IdPrefix.forecast), (id): Forecast => ({
    id: ForecastId.make(id),
    spotcastId: spotcast.id,
    accountId: spotcast.accountId,
    createdAt: now,
    ...initialLifecycle
  }))

// Spanned only when tracing (see Spans.ts): Effect.fn captured a stack trace and provided a span on every create.
const createSpan = spanned("CreateSpotCast")

/** Prices, builds and atomically charges-and-stores a SpotCast with its first forecast and job. */
export const createSpotCast = (
  account: Account,
  command: CreateSpotCastCommand,
  idempotency?: IdempotencyClaim
) => Effect.gen(function*() {
  yield* requireWater(command.coordinates, "coordinates")
  const prior = yield* priorReceipt(account.id, idempotency)
  if (Option.isSome(prior)) return { _tag: "Replayed", receipt: prior.value } satisfies Charged as Charged

  yield* checkWebhookHost(command.webhookUrl)
  const settings = yield* Settings
  const now = yield* DateTime.now
  const period = makePeriod(command.start, command.numDays)
  switch (checkWindow(period, now, settings.forecastHorizonDays)) {
    case "too_early":
      return yield* invalid("invalid_start_date", "start_date must not be before the start of yesterday (UTC)", "start_date")
    case "beyond_horizon":
      return yield* invalid(
        "invalid_start_date",
        `The last forecast day must be within ${settings.forecastHorizonDays} days from today (UTC)`,
        "start_date"
      )
  }

  const spotcast: SpotCast = {
    id: SpotCastId.make(yield* newId(IdPrefix.spotcast)),
    accountId: account.id,
    createdAt: now,
    coordinates: { latitude: command.coordinates.latitude, longitude: command.coordinates.longitude },
    start: period.start,
    numDays: command.numDays,
    // The units are resolved once, here, and stored: revised defaults never change an existing SpotCast.
    preferences: resolvePreferences(command.preferences),
    ...(command.tripDurationHours === undefined ? {} : { tripDurationHours: command.tripDurationHours }),
    ...(command.metadata === undefined ? {} : { metadata: command.metadata }),
    ...(command.webhookUrl === undefined ? {} : { webhookUrl: command.webhookUrl }),
    ...(command.vessel === undefined
      ? {}
      : { vessel: { type: command.vessel.type, lengthFt: command.vessel.lengthFt } })
  }
  const forecast = yield* newForecast(spotcast, now)
  return yield* chargeNewSpotCast({
    spotcast,
    forecast,
    price: spotCastPrice(command.numDays),
    chargeId: LedgerEntryId.make(yield* newId(IdPrefix.ledgerEntry)),
    estimatedCompletionSeconds: yield* estimateCompletionSeconds,
    idempotency
  })
}).pipe(createSpan)

/** A new SpotCast with its first forecast and job, charged and stored in one storage command. */
export const chargeNewSpotCast = (command: ChargeParts & { readonly spotcast: SpotCast; readonly forecast: Forecast }) =>
  Effect.flatMap(SpotCastStore, (store) =>
    charge({
      ...command,
      accountId: command.spotcast.accountId,
      kind: "create",
      spotcastId: command.spotcast.id,
      writeCharged: (entry, settles) => store.insertCharged(command.spotcast, command.forecast, entry, settles)
    }))
