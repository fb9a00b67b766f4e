import { DateTime, Effect, Option } from "effect"
import type { Account } from "../domain/account/Account.js"
import type { CreateSpotCastRequest } from "../adapters/http/contract/CreateSpotCastRequest.js"
import type { Forecast } from "../domain/forecast/Forecast.js"
import { initialLifecycle } from "../domain/forecast/ForecastLifecycle.js"
import { checkWindow, makePeriod, parseStartDate } from "../domain/forecast/ForecastPeriod.js"
import type { IdempotencyClaim } from "../domain/billing/Idempotency.js"
import { ForecastId, IdPrefix, LedgerEntryId, SpotCastId } from "../domain/Ids.js"
import { defaultPreferences } from "../domain/spotcast/Preferences.js"
import { spotCastPrice } from "../domain/billing/Pricing.js"
import type { SpotCast } from "../domain/spotcast/SpotCast.js"
import { invalid } from "../domain/Validation.js"
import { Settings } from "../ports/Settings.js"
import { type Charged, SpotCastStore } from "../ports/SpotCastStore.js"
import { estimateCompletionSeconds } from "./EstimateCompletion.js"
import { priorReceipt } from "./Idempotent.js"
import { newId } from "./NewIds.js"

/** A new forecast of `spotcast`, in its initial state. */
export const newForecast = (spotcast: Pick<SpotCast, "id" | "accountId">, now: DateTime.Utc) =>
  Effect.map(newId(IdPrefix.forecast), (id): Forecast => ({
    id: ForecastId.make(id),
    spotcastId: spotcast.id,
    accountId: spotcast.accountId,
    createdAt: now,
    ...initialLifecycle
  }))

/** Prices, builds and atomically charges-and-stores a SpotCast with its first forecast and job. */
export const createSpotCast = Effect.fn("CreateSpotCast")(function*(
  account: Account,
  request: CreateSpotCastRequest,
  idempotency?: IdempotencyClaim
) {
  const prior = yield* priorReceipt(account.id, idempotency)
  if (Option.isSome(prior)) return { _tag: "Replayed", receipt: prior.value } satisfies Charged as Charged

  const settings = yield* Settings
  const now = yield* DateTime.now
  const start = parseStartDate(request.start_date)
  if (Option.isNone(start)) {
    return yield* invalid("invalid_date_format", "start_date must be YYYY-MM-DD or an ISO 8601 timestamp with Z or an offset", "start_date")
  }
  const period = makePeriod(start.value, request.num_days)
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
    coordinates: { latitude: request.latitude, longitude: request.longitude },
    start: period.start,
    numDays: request.num_days,
    preferences: {
      language: request.preferences?.language ?? defaultPreferences.language,
      distanceUnits: request.preferences?.distance_units ?? defaultPreferences.distanceUnits,
      speedUnits: request.preferences?.speed_units ?? defaultPreferences.speedUnits
    },
    ...(request.trip_duration_hours === undefined ? {} : { tripDurationHours: request.trip_duration_hours }),
    ...(request.metadata === undefined ? {} : { metadata: request.metadata }),
    ...(request.webhook_url === undefined ? {} : { webhookUrl: request.webhook_url }),
    ...(request.vessel_info === undefined
      ? {}
      : { vessel: { type: request.vessel_info.type, lengthFt: request.vessel_info.length_ft } })
  }
  const forecast = yield* newForecast(spotcast, now)
  return yield* (yield* SpotCastStore).create({
    spotcast,
    forecast,
    price: spotCastPrice(request.num_days),
    chargeId: LedgerEntryId.make(yield* newId(IdPrefix.ledgerEntry)),
    estimatedCompletionSeconds: yield* estimateCompletionSeconds,
    ...(idempotency === undefined ? {} : { idempotency })
  })
})
